import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Issue 29, items 3, 4, 7 and 9: nothing outside the program can hang
/// its loop or flood its log, and no value forges a log line.
@Suite(.serialized) struct LoopSafetyTests {
    static func dummyVideo() -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        env.removeValue(forKey: "NOTIFY_SOCKET")
        env.removeValue(forKey: "WATCHDOG_USEC")
        env.removeValue(forKey: "WATCHDOG_PID")
        return env
    }

    /// A notify socket that is never read: sd_notify blocked the UI thread
    /// after about ten pings, and SIGUSR1 and SIGTERM went unanswered.
    @Test func aNotifySocketThatStopsReadingNeverBlocksTheLoop() throws {
        let socket = try NotifySocket()
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let err = dir.appendingPathComponent("stderr").path
        var env = Self.dummyVideo()
        env["NOTIFY_SOCKET"] = socket.path
        env["WATCHDOG_USEC"] = "2000"  // a ping every millisecond fills the socket's queue at once
        let child = try Spawned(Paths.binary.path, ["--source", "mouse", "--exit-after", "60"], environment: env, stderr: err)
        defer { child.stop() }
        try waitFor("the first frame", timeout: 30) {
            (try? String(contentsOfFile: err, encoding: .utf8))?.contains("systemd: ready") == true ? true : nil
        }
        Thread.sleep(forTimeInterval: 1)  // hundreds of pings, none read
        kill(child.pid, SIGUSR1)
        try waitFor("the status line", timeout: 10) {
            (try? String(contentsOfFile: err, encoding: .utf8))?.contains("SIGUSR1 received: screen") == true ? true : nil
        }
        kill(child.pid, SIGTERM)
        #expect(child.wait(timeout: 10) == 0, "\((try? String(contentsOfFile: err, encoding: .utf8)) ?? "")")
        _ = socket
    }

    /// A bogus NOTIFY_SOCKET with a watchdog: about 900 "sd_notify failed"
    /// lines a second. Once, then at most one a minute.
    @Test func aFailingNotifySocketIsLoggedOnceThenRateLimited() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var env = Self.dummyVideo()
        env["NOTIFY_SOCKET"] = dir.appendingPathComponent("nobody-listens.sock").path
        env["WATCHDOG_USEC"] = "2000"
        let result = try runPlumscale(["--source", "mouse", "--exit-after", "3"], environment: env, timeout: 30)
        #expect(result.status == 0, "\(result.stderr)")
        let failures = result.stderr.split(separator: "\n").filter { $0.contains("sd_notify failed") }
        #expect(failures.count == 1, "\(failures.count) lines: \(failures.prefix(3))")
        #expect(failures.first?.contains("further failures are counted, one line a minute") == true)
    }

    @Test func theFailureLogSaysOnceThenCountsAMinute() {
        var log = FailureLog(interval: 60)
        #expect(log.failed(now: 0, reason: "No such file or directory")?.contains("sd_notify failed: No such file") == true)
        var spoken = 0
        for n in 1..<59_000 where log.failed(now: Double(n) / 1000, reason: "x") != nil { spoken += 1 }
        #expect(spoken == 0)
        #expect(
            log.failed(now: 60, reason: "No such file or directory")
                == "systemd: sd_notify failed 59000 more times in the last 60 s: No such file or directory")
        #expect(log.failed(now: 61, reason: "x") == nil)
    }

    /// A sender whose sd_notify never returns (the socket's reader gone):
    /// posting goes on at once, and the messages waiting stay one per kind.
    @Test func postingNeverWaitsForTheManager() {
        let blocked = DispatchSemaphore(value: 0)
        let sender = NotifySender(log: Log()) { _ in
            blocked.wait()
            return 0
        }
        let started = Date()
        for n in 0..<10_000 {
            sender.post("WATCHDOG=1")
            sender.post("STATUS=kiosk: operator \(n)")
        }
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(sender.waiting <= 2)
        blocked.signal()
    }

    /// Issue 29 item 7: a flood of signals before the watcher reads fills
    /// the pipe; the handler blocked in write() for good. It must return
    /// at once, and a SIGTERM after the flood must still be seen.
    @Test func aSignalFloodNeverBlocksTheHandlerNorHidesSIGTERM() throws {
        let pipe = try #require(SignalPipe())
        let done = DispatchSemaphore(value: 0)
        let flood = Thread {
            for _ in 0..<200_000 { pipe.note(SIGUSR2) }  // a pipe holds 65,536 bytes
            pipe.note(SIGTERM)
            done.signal()
        }
        flood.start()
        #expect(done.wait(timeout: .now() + 10) == .success, "the handler's write blocked")
        #expect(pipe.wait() == [SIGUSR2, SIGTERM])
    }

    /// Issue 29 item 9: a line feed in a value started a forged log line.
    @Test func everyValueInALogLineIsEscapedLineFeedsIncluded() {
        let forged = "panel\nplumscale: info: kiosk: operator mode\r\tend\u{1B}[2J"
        let line = Log.line("warning", "touch device lost: \(forged)")
        #expect(line == "plumscale: warning: touch device lost: panel\\x0Aplumscale: info: kiosk: operator mode\\x0D\\x09end\\x1B[2J\n")
        #expect(line.filter { $0 == "\n" }.count == 1)
    }

    @Test func aConfigValueCannotForgeALogLineThroughTheProgram() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("c.json").path
        try #"{"font": "/nope\nplumscale: info: all is well"}"#.write(toFile: path, atomically: false, encoding: .utf8)
        let result = try runPlumscale([
            "render", "--config", path, "--replay", Paths.sessions.appendingPathComponent("five-plums.jsonl").path, "--out",
            dir.appendingPathComponent("f.png").path,
        ])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(!result.stderr.split(separator: "\n").contains { $0.hasPrefix("plumscale: info: all is well") }, "\(result.stderr)")
        #expect(result.stderr.contains("/nope\\x0Aplumscale: info: all is well"), "\(result.stderr)")
    }
}
