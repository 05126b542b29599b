import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Issue 16, outputs: standard output that fails (a full device, a pipe
/// whose reader left) is an error and exit 1, never a trap; every file goes
/// through OutputFile, which refuses what is not a regular file and never
/// leaves a partial or empty file behind.
@Suite struct StandardOutputTests {
    /// Runs the binary with stdout on /dev/full.
    static func runOnFullDevice(_ arguments: [String]) throws -> RunResult {
        let dir = Paths.temporaryDirectory("full")
        defer { try? FileManager.default.removeItem(at: dir) }
        let err = dir.appendingPathComponent("stderr").path
        let child = try Spawned(Paths.binary.path, arguments, stdout: "/dev/full", stderr: err)
        let status = child.wait(timeout: 60) ?? -1
        return RunResult(status: status, stdout: "", stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    /// Runs the binary with stdout on a pipe whose read end is closed and
    /// SIGPIPE ignored (as systemd starts services).
    static func runOnClosedPipe(_ arguments: [String]) throws -> RunResult {
        let dir = Paths.temporaryDirectory("pipe")
        defer { try? FileManager.default.removeItem(at: dir) }
        let err = dir.appendingPathComponent("stderr").path
        var ends: [Int32] = [0, 0]
        #expect(closeOnExecPipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        let child = try Spawned(
            "/bin/sh", ["-c", "trap '' PIPE; exec \"$0\" \"$@\"", Paths.binary.path] + arguments,
            stderr: err, stdoutDescriptor: ends[1])
        let status = child.wait(timeout: 60) ?? -1
        return RunResult(status: status, stdout: "", stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    static func historyWithOneWeighing() throws -> ScratchDirectory {
        let dir = ScratchDirectory()
        try HistoryStore(path: dir.database).save(sampleWeighing())
        return dir
    }

    @Test func fullStandardOutputIsExitOneWithTheReasonNotACrash() throws {
        let dir = try Self.historyWithOneWeighing()
        defer { dir.remove() }
        for arguments in [
            ["--help"], ["--version"], ["history", "list", "--db", dir.database],
            ["history", "export", "--format", "json", "--db", dir.database], ["history", "--help"],
            ["config", "check", "/nonexistent/config.json"],
        ] {
            let result = try Self.runOnFullDevice(arguments)
            if arguments[0] == "config" {
                #expect(result.status == 2, "\(arguments): \(result.stderr)")  // the missing file comes first
                continue
            }
            #expect(result.status == 1, "\(arguments): \(result.status) \(result.stderr)")
            #expect(
                result.stderr.contains("cannot write standard output: write failed: No space left on device"),
                "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"), "\(arguments): \(result.stderr)")
        }
    }

    @Test func closedPipeWithSIGPIPEIgnoredIsExitOneNotACrash() throws {
        let dir = try Self.historyWithOneWeighing()
        defer { dir.remove() }
        for arguments in [["--help"], ["history", "list", "--db", dir.database]] {
            let result = try Self.runOnClosedPipe(arguments)
            #expect(result.status == 1, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("Broken pipe"), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"), "\(arguments): \(result.stderr)")
        }
    }

    @Test func everyWriteOfAStreamIsComplete() throws {
        var ends: [Int32] = [0, 0]
        #expect(closeOnExecPipe(&ends) == 0)
        defer { close(ends[0]) }
        let text = String(repeating: "plum ", count: 100_000)  // more than one pipe buffer
        let readEnd = ends[0]
        let total = OutputFileTests.Counter(0)
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, 4096) }
                if n <= 0 { break }
                total.add(n)
            }
        }
        reader.start()
        #expect(StandardStreams.write(text, to: ends[1]) == 0)
        close(ends[1])
        for _ in 0..<200 where total.value != text.utf8.count { usleep(10_000) }
        #expect(total.value == text.utf8.count)
    }
}

@Suite struct OutputFileTests {
    /// Everything in the directory (temporary files included).
    static func names(_ dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
    }

    /// write(2) that accepts `room` bytes in all, then fails with ENOSPC.
    static func diskWith(room: Int) -> OutputCalls {
        let left = Counter(room)
        return OutputCalls(
            write: { fd, pointer, count in
                let n = min(count, left.take(count))
                if n == 0 {
                    errno = ENOSPC
                    return -1
                }
                return Glibc.write(fd, pointer, n)
            },
            fsync: { Glibc.fsync($0) }, close: { Glibc.close($0) })
    }

    final class Counter: @unchecked Sendable {
        private var remaining: Int
        private let lock = NSLock()
        init(_ value: Int) { self.remaining = value }
        func take(_ wanted: Int) -> Int {
            lock.lock()
            defer { lock.unlock() }
            let given = min(wanted, remaining)
            remaining -= given
            return given
        }
        func add(_ n: Int) {
            lock.lock()
            remaining += n
            lock.unlock()
        }
        var value: Int {
            lock.lock()
            defer { lock.unlock() }
            return remaining
        }
    }

    @Test func writesANewFileAndReplacesAnOldOneKeepingItsMode() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.txt").path
        try OutputFile.write("first\n", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "first\n")
        chmod(path, 0o600)
        try OutputFile.write("second\n", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second\n")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(Self.names(dir) == ["out.txt"])
    }

    @Test func aFullDiskIsTheOSReasonAndLeavesTheOldFileAndNoTemporary() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("state.json").path
        try OutputFile.write("old\n", to: path)
        for room in [0, 10, 4095] {
            do {
                try OutputFile.write(String(repeating: "x", count: 8192), to: path, calls: Self.diskWith(room: room))
                Issue.record("a write beyond the room succeeded")
            } catch {
                #expect(error.kind == .failed && error.code == ENOSPC)
                #expect(error.description == "cannot write \(path): write failed: No space left on device")
            }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
            #expect(Self.names(dir) == ["state.json"])
        }
        // A new file on a full disk: nothing at all is left.
        let fresh = dir.appendingPathComponent("new.json").path
        #expect(throws: OutputError.self) { try OutputFile.write("data", to: fresh, calls: Self.diskWith(room: 0)) }
        #expect(Self.names(dir) == ["state.json"])
    }

    @Test func aFailedFsyncOrCloseIsAnErrorToo() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a.csv").path
        let badSync = OutputCalls(
            write: { Glibc.write($0, $1, $2) },
            fsync: { _ in
                errno = EIO
                return -1
            },
            close: { Glibc.close($0) })
        #expect(throws: OutputError(target: path, kind: .failed, reason: "fsync failed: Input/output error", code: EIO)) {
            try OutputFile.write("a,b\r\n", to: path, calls: badSync)
        }
        let badClose = OutputCalls(
            write: { Glibc.write($0, $1, $2) }, fsync: { Glibc.fsync($0) },
            close: {
                Glibc.close($0)
                errno = EDQUOT
                return -1
            })
        #expect(throws: OutputError.self) { try OutputFile.write("a,b\r\n", to: path, calls: badClose) }
        #expect(Self.names(dir).isEmpty)
    }

    @Test func aThrowingBodyDiscardsTheFile() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try OutputFile.write(to: dir.appendingPathComponent("export.csv").path) { file in
                try file.append("header\r\n")
                throw Stop()
            }
        }
        #expect(Self.names(dir).isEmpty)
    }

    @Test func linksFIFOsDevicesAndDirectoriesAreRefusedAndLeftAsTheyWere() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("target.txt").path
        try "keep me\n".write(toFile: target, atomically: false, encoding: .utf8)
        let link = dir.appendingPathComponent("link.txt").path
        #expect(symlink(target, link) == 0)
        let fifo = dir.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let cases: [(String, String)] = [
            (link, "it is a symbolic link; name the file it points to instead"),
            (fifo, "it is a FIFO, not a regular file; PlumScale writes only regular files"),
            ("/dev/null", "it is a character device, not a regular file; PlumScale writes only regular files"),
            (dir.path, "it is a directory, not a regular file; PlumScale writes only regular files"),
        ]
        for (path, reason) in cases {
            #expect(throws: OutputError(target: path, kind: .refused, reason: reason)) {
                try OutputFile.write("new\n", to: path)
            }
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me\n")
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        #expect(Self.names(dir) == ["fifo", "link.txt", "target.txt"])
    }

    @Test func aPNGOnAFullDiskFailsWithTheReasonAndLeavesNothing() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let canvas = try HeadlessCanvas(width: 64, height: 64, fontPath: Paths.font)
        canvas.render(Scene(layout: Layout(screen: Size(64, 64))))
        let path = dir.appendingPathComponent("frame.png").path
        try canvas.savePNG(path)
        let good = bytes(path)
        #expect(good.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        for room in [0, 8, 100] {
            #expect(
                throws: OutputError(
                    target: path, kind: .failed, reason: "write failed: No space left on device",
                    code: ENOSPC)
            ) {
                try canvas.savePNG(path, calls: Self.diskWith(room: room))
            }
            #expect(bytes(path) == good)
            #expect(Self.names(dir) == ["frame.png"])
        }
    }
}
