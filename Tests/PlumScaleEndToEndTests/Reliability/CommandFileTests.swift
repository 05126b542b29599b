import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Issue 16 from the command line: what the real binary writes onto, and
/// reads from, must be a regular file; a full file system is exit 1.

/// The real binary writing its files onto what it must not replace, and
/// onto a full file system.
@Suite struct OutputCommandTests {
    static var session: String { Paths.sessions.appendingPathComponent("five-plums.jsonl").path }

    @Test func renderRefusesLinksFIFOsAndDevicesBeforeWorkingAndLeavesThem() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("real.json").path
        try "{}\n".write(toFile: target, atomically: false, encoding: .utf8)
        let link = dir.appendingPathComponent("state.json").path
        #expect(symlink(target, link) == 0)
        let fifo = dir.appendingPathComponent("fifo.png").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let png = dir.appendingPathComponent("frame.png").path
        for (arguments, named) in [
            (["--out", png, "--state", link], link), (["--out", fifo], fifo),
            (["--out", "/dev/full"], "/dev/full"), (["--out", png, "--state", "/dev/null"], "/dev/null"),
        ] {
            let result = try runPlumscale(["render", "--replay", Self.session] + arguments, timeout: 30)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("plumscale: error: cannot write \(named): it is "), "\(result.stderr)")
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "{}\n")
        #expect(!FileManager.default.fileExists(atPath: png), "nothing written when a target is refused")
        #expect(OutputFileTests.names(dir) == ["fifo.png", "real.json", "state.json"])
    }

    @Test func historyExportRefusesALinkAndAFIFO() throws {
        let dir = try StandardOutputTests.historyWithOneWeighing()
        defer { dir.remove() }
        let link = dir.path + "/export.csv"
        #expect(symlink("/etc/passwd", link) == 0)
        let fifo = dir.path + "/export.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        for out in [link, fifo] {
            var errors = ""
            let code = HistoryCommand.run(
                ["export", "--format", "csv", "--out", out, "--db", dir.database],
                output: { _ in }, errors: { errors += $0 })
            #expect(code == 2)
            #expect(errors.hasPrefix("plumscale: error: history export: cannot write \(out): it is a"), "\(errors)")
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "/etc/passwd")
    }

    /// A real full disk: a 12 kB tmpfs in a private mount namespace
    /// (unshare -m, as root); cancelled where that cannot be done.
    @Test func renderOnAFullFileSystemIsExitOneAndLeavesNoFile() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mount = dir.appendingPathComponent("small").path
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        let logs = dir.appendingPathComponent("log").path
        let script = """
            mount -t tmpfs -o size=12k plumscale-test "$1" || exit 99
            "$2" render --replay "$3" --out "$1/frame.png" --state "$1/state.json"
            echo "status $?"
            ls -A "$1"
            """
        let child = try Spawned(
            "/usr/bin/unshare",
            [
                "-m", "/bin/sh", "-c", script, "sh", mount, Paths.binary.path,
                Self.session,
            ], stdout: logs, stderr: logs + ".err")
        #expect(child.wait(timeout: 60) != nil)
        let out = (try? String(contentsOfFile: logs, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: logs + ".err", encoding: .utf8)) ?? ""
        if child.status == 99 || child.status == 1 && out.isEmpty {
            try Test.cancel("cannot mount a tmpfs here: \(err)")
        }
        #expect(out == "status 1\n", "\(out) \(err)")  // and ls -A listed nothing
        #expect(err.contains("plumscale: error: cannot write \(mount)/frame.png: write failed: No space left on device"), "\(err)")
    }
}

/// Issue 16, inputs: every file the user names is opened without blocking
/// and must be a regular file; a FIFO used to hang the font open for ever.
@Suite struct InputFileTests {
    static var session: String { Paths.sessions.appendingPathComponent("five-plums.jsonl").path }

    @Test func fifosAndDevicesGivenAsInputsAreClearErrorsNotHangs() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("input.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let png = dir.appendingPathComponent("f.png").path
        let cases: [([String], Int32, String)] = [
            (
                ["render", "--replay", Self.session, "--font", fifo, "--out", png], 1,
                "plumscale: error: font \(fifo): it is a FIFO, not a regular file (--font expects a .ttf or .otf file)"
            ),
            (
                ["render", "--replay", fifo, "--out", png], 2,
                "plumscale: error: \(fifo): it is a FIFO, not a regular file (expected a replay file: JSON Lines or evemu)"
            ),
            (
                ["render", "--replay", "/dev/zero", "--out", png], 2,
                "plumscale: error: /dev/zero: it is a character device, not a regular file (expected a replay file: JSON Lines or evemu)"
            ),
            (
                ["render", "--replay", Self.session, "--config", fifo, "--out", png], 2,
                "plumscale: error: \(fifo): it is a FIFO, not a regular file"
            ),
            (
                ["render", "--replay", Self.session, "--device-description", fifo, "--out", png], 2,
                "plumscale: error: \(fifo): it is a FIFO, not a regular file"
            ),
            (["config", "check", dir.path], 2, "plumscale: error: \(dir.path): it is a directory, not a regular file"),
        ]
        for (arguments, status, message) in cases {
            let started = Date()
            let result = try runPlumscale(arguments, timeout: 20)
            #expect(Date().timeIntervalSince(started) < 15, "\(arguments) hung")
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").contains { $0 == message }, "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: png))
    }

    @Test func theReaderChecksBeforeReading() throws {
        #expect(
            throws: InputFileProblem(
                path: "/dev/null", kind: .notRegular,
                reason: "it is a character device, not a regular file")
        ) {
            try InputFile.read("/dev/null")
        }
        #expect(throws: InputFileProblem(path: "/nonexistent/x", kind: .missing, reason: "no such file")) {
            try InputFile.read("/nonexistent/x")
        }
        #expect(try InputFile.read(Self.session).count > 100)
    }
}
