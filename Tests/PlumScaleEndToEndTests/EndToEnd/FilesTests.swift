import Foundation
import Testing

@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Where the real binary writes: the history directory is private (0700),
/// and nothing lands outside the XDG directories and the paths the user names.
@Suite struct FilesTests {
    /// Every file and directory under `root`, relative to it.
    static func contents(_ root: URL) -> Set<String> {
        Set(FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? [])
    }

    /// Runs the binary in `directory` with only HOME (no XDG variables) set.
    static func run(_ arguments: [String], in directory: URL, home: URL) throws -> RunResult {
        let logs = Paths.temporaryDirectory("logs")
        defer { try? FileManager.default.removeItem(at: logs) }
        let out = logs.appendingPathComponent("out").path
        let err = logs.appendingPathComponent("err").path
        let child = try Spawned(
            "/bin/sh", ["-c", "cd \"$1\" && shift && exec \"$@\"", "sh", directory.path, Paths.binary.path] + arguments,
            environment: ["PATH": "/usr/bin:/bin", "HOME": home.path], unsetting: ChildHome.xdgVariables,
            stdout: out, stderr: err)
        let status = child.wait(timeout: 60) ?? -1
        return RunResult(
            status: status, stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    @Test func historyDirectoryIsPrivateAndNothingElseIsWritten() throws {
        let root = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let home = root.appendingPathComponent("home")
        let work = root.appendingPathComponent("work")
        for dir in [home, work] { try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true) }

        let list = try Self.run(["history", "list"], in: work, home: home)
        #expect(list.status == 0, "\(list.stderr)")
        for created in [".local", ".local/share", ".local/share/plumscale"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: home.appendingPathComponent(created).path)
            #expect((attributes[.posixPermissions] as? Int) == 0o700, "\(created) is 0700")
        }
        let five = Paths.sessions.appendingPathComponent("five-plums.jsonl").path
        let render = try Self.run(["render", "--replay", five, "--out", "frame.png", "--state", "state.json"], in: work, home: home)
        #expect(render.status == 0, "\(render.stderr)")
        let check = try Self.run(["config", "check"], in: work, home: home)
        #expect(check.status == 0, "\(check.stderr)")

        // The working directory holds what was named, nothing more.
        #expect(Self.contents(work) == ["frame.png", "state.json"])
        // HOME holds the XDG data directory (the history) and, at most,
        // fontconfig's cache under the XDG cache directory.
        let stray = Self.contents(home).filter { path in
            !(path == ".local" || path == ".local/share" || path.hasPrefix(".local/share/plumscale")
                || path == ".cache" || path.hasPrefix(".cache/fontconfig"))
        }
        #expect(stray.isEmpty, "written outside the XDG directories: \(stray.sorted())")
        #expect(Self.contents(home).contains(".local/share/plumscale/history.sqlite3"))
    }
}
