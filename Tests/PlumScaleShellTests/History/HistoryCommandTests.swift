import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleStressSaver

/// `plumscale history ...` run in-process: output, errors and exit codes.
@Suite struct HistoryCommandTests {
    private func run(_ arguments: [String], env: [String: String] = [:]) -> (Int32, String, String) {
        var out = ""
        var err = ""
        let code = HistoryCommand.run(
            arguments, environment: env, output: { out += $0 },
            errors: { err += $0 })
        return (code, out, err)
    }

    @Test func stressSaveAcknowledgesAndListShowsNewestFirst() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        var acks: [Int64] = []
        try StressSaver.saveLoop(path: dir.database, count: 4) { acks.append($0) }
        #expect(acks == [1, 2, 3, 4])
        let (code, out, err) = run(["list", "--limit", "2", "--db", dir.database])
        #expect(code == 0 && err.isEmpty)
        let ids = out.split(separator: "\n").dropFirst().prefix(2).map { $0.prefix(2) }
        #expect(ids == ["4 ", "3 "])
        #expect(out.hasSuffix("2 of 4 weighings\n"))
    }

    @Test func exportToFileAndDelete() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        try StressSaver.saveLoop(path: dir.database, count: 2) { _ in }
        let out = dir.path + "/out.csv"
        #expect(run(["export", "--format", "csv", "--out", out, "--db", dir.database]).0 == 0)
        let csv = try String(contentsOfFile: out, encoding: .utf8)
        #expect(csv.components(separatedBy: "\r\n").count == 1 + 3 + 1)  // header, 1 + 2 objects
        #expect(!FileManager.default.fileExists(atPath: out + ".partial"))
        #expect(run(["delete", "1", "--db", dir.database]).0 == 0)
        #expect(run(["delete", "1", "--db", dir.database]).0 == 1)
    }

    @Test(arguments: [
        [], ["list", "--limit", "x"], ["list", "--bogus", "1"], ["export"],
        ["export", "--format", "xml"], ["delete"], ["delete", "one"], ["frobnicate"],
        ["_stress-save", "--count", "3"], ["list", "--limit"], ["calibrations", "--format", "csv"],
        ["calibrations", "--limit", "-1"], ["calibrations", "3"], ["calibrations", "--out", "x"],
    ])
    func badUsageExitsTwo(arguments: [String]) {
        let (code, out, err) = run(arguments, env: ["HOME": "/nonexistent-home"])
        #expect(code == 2)
        #expect(out.isEmpty && err.contains("usage: plumscale history"))
        #expect(arguments.isEmpty || err.hasPrefix("plumscale: error: history"), "\(err)")
    }

    @Test func aHistoryNamedOnTheCommandLineMustExist() {
        let missing = "/nonexistent-dir/typo.sqlite"
        for arguments in [["list"], ["export", "--format", "csv"], ["delete", "3"], ["calibrations"]] {
            let (code, out, err) = run(arguments + ["--db", missing], env: ["HOME": "/nonexistent-home"])
            #expect(code == 2 && out.isEmpty)
            #expect(err == "plumscale: error: history \(arguments[0]): no history database at \(missing)\n")
        }
    }

    @Test func runtimeFailureExitsOneWithTheReason() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        _ = FileManager.default.createFile(atPath: dir.database, contents: Data("nope".utf8))
        let (code, _, err) = run(["list", "--db", dir.database])
        #expect(code == 1)
        #expect(err.hasPrefix("plumscale: error: history: \(dir.database) is not a PlumScale history"))
    }
}
