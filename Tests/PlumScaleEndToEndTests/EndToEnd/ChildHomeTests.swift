import Foundation
import Testing

@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Children of the tests never see the developer's home: `Spawned` gives each
/// one HOME and XDG directories of its own, a test's own values win, and
/// the directory goes away with the child.
@Suite struct ChildHomeTests {
    /// The environment a child was given, as `env` prints it.
    static func childEnvironment(_ environment: [String: String]? = nil, unsetting: Set<String> = [])
        throws -> (values: [String: String], root: URL)
    {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("env").path
        let child = try Spawned("/usr/bin/env", [], environment: environment, unsetting: unsetting, stdout: out)
        try #require(child.wait(timeout: 10) == 0)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return (values, child.home.root)
    }

    static let variables = ["HOME"] + ChildHome.xdgVariables.sorted()

    @Test func everyChildGetsAFreshHomeAndXDGDirectories() throws {
        let (first, root) = try Self.childEnvironment()
        let (second, _) = try Self.childEnvironment()
        for name in Self.variables {
            let path = try #require(first[name], "\(name) is set")
            #expect(path.hasPrefix(root.path + "/"), "\(name)=\(path) is in the child's own directory")
            #expect(first[name] != second[name], "\(name) is not shared between children")
            #expect(path != ProcessInfo.processInfo.environment[name])
        }
        #expect(first["XDG_CONFIG_HOME"] == first["HOME"].map { $0 + "/.config" })
        #expect(first["PATH"] == ProcessInfo.processInfo.environment["PATH"], "the rest is inherited")
        #expect(!FileManager.default.fileExists(atPath: root.path), "removed with the child")
    }

    @Test func aTestsOwnValuesWinAndUnsetVariablesStayUnset() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = "/nonexistent/config"
        environment["PLUMSCALE_TEST_MARK"] = "1"
        let (values, root) = try Self.childEnvironment(environment, unsetting: ["XDG_CACHE_HOME"])
        #expect(values["XDG_CONFIG_HOME"] == "/nonexistent/config")
        #expect(values["PLUMSCALE_TEST_MARK"] == "1")
        #expect(values["XDG_CACHE_HOME"] == nil)
        // Inherited unchanged with the rest of this process's environment: replaced.
        #expect(values["HOME"]?.hasPrefix(root.path + "/") == true)
        #expect(values["XDG_DATA_HOME"]?.hasPrefix(root.path + "/") == true)
    }

    /// The real binary looks for its config in the child's own directory.
    @Test func theBinaryReadsNoConfigOfTheDevelopers() throws {
        let result = try runPlumscale(["config", "check"])
        #expect(result.status == 0, "\(result.stderr)")
        let home = try #require(ProcessInfo.processInfo.environment["HOME"])
        #expect(result.stderr.contains("plumscale-tests-childhome-"), "\(result.stderr)")
        #expect(!result.stderr.contains(home + "/.config"), "\(result.stderr)")
    }
}
