import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Supervision by systemd, without systemd: the real binary under Xvfb with
/// NOTIFY_SOCKET naming a datagram socket the test owns (what systemd gives
/// a Type=notify service), and every unit shipped checked by
/// `systemd-analyze verify`.
@Suite(.serialized) struct SystemdTests {
    /// The units in Resources/, each as `make install` would write it, with
    /// ExecStart's plumscale pointing at the binary just built.
    @Test func everyShippedUnitVerifies() throws {
        let tool = "/usr/bin/systemd-analyze"
        try #require(
            FileManager.default.isExecutableFile(atPath: tool),
            "systemd-analyze is missing: make test-deps installs systemd")
        let resources = Paths.repoRoot.appendingPathComponent("Resources")
        let units = try FileManager.default.contentsOfDirectory(atPath: resources.path).filter { $0.hasSuffix(".service") }.sorted()
        #expect(units == ["plumscale-kiosk-cage.service", "plumscale-kiosk.service"])
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for unit in units {
            let text = try String(contentsOf: resources.appendingPathComponent(unit), encoding: .utf8)
            #expect(text.contains("Type=notify"), "\(unit)")
            #expect(text.contains("WatchdogSec="), "\(unit)")
            if unit == "plumscale-kiosk-cage.service" {
                // cage 0.1.4 exits 0 whatever PlumScale did: the kiosk is
                // started again whenever it ends, and stop and reload
                // signal PlumScale (cage's child), not cage.
                #expect(text.contains("Restart=always"), "\(unit)")
                #expect(text.contains("ExecStop=/bin/sh -c 'pkill -TERM -x -P \"$MAINPID\" plumscale;"), "\(unit)")
                #expect(text.contains("ExecReload=/usr/bin/pkill -e -HUP -x -P $MAINPID plumscale"), "\(unit)")
                let pam = text.split(separator: "\n").contains { $0.hasPrefix("PAMName=") }
                #expect(!pam, "no logind session, whose scope would swallow READY=1: \(unit)")
            } else {
                #expect(text.contains("Restart=on-failure") && !text.contains("Restart=always"), "\(unit)")
                #expect(text.contains("RestartPreventExitStatus=2"), "\(unit)")
            }
            let copy = text.replacingOccurrences(of: "/usr/local/bin/plumscale", with: Paths.binary.path)
            try copy.write(to: dir.appendingPathComponent(unit), atomically: true, encoding: .utf8)
        }
        let out = dir.appendingPathComponent("verify.out").path
        let child = try Spawned(tool, ["verify"] + units.map { dir.appendingPathComponent($0).path }, stdout: out, stderr: out)
        let status = child.wait(timeout: 60)
        let report = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        #expect(status == 0, "systemd-analyze verify: \(report)")
        #expect(report.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "not a word from systemd-analyze: \(report)")
    }

    @Test func aWatchdogMeantForAnotherProcessIsLeftAlone() {
        let usec = ["WATCHDOG_USEC": "20000000"]
        #expect(SystemdNotify.watchdogInterval(environment: usec, pid: 10, parent: 1) == 10)
        #expect(SystemdNotify.watchdogInterval(environment: usec.merging(["WATCHDOG_PID": "10"]) { $1 }, pid: 10, parent: 1) == 10)
        #expect(
            SystemdNotify.watchdogInterval(environment: usec.merging(["WATCHDOG_PID": "7"]) { $1 }, pid: 10, parent: 7) == 10,
            "the compositor that started us (cage) is the unit's main process")
        #expect(SystemdNotify.watchdogInterval(environment: usec.merging(["WATCHDOG_PID": "3"]) { $1 }, pid: 10, parent: 7) == nil)
        #expect(SystemdNotify.watchdogInterval(environment: [:], pid: 10, parent: 1) == nil)
        #expect(SystemdNotify.watchdogInterval(environment: ["WATCHDOG_USEC": "0"], pid: 10, parent: 1) == nil)
    }

    /// A kiosk under Xvfb whose service manager is this test.
    struct Supervised {
        let x: Xvfb
        let socket: NotifySocket
        let app: Spawned
        let err: String
        let dir: URL

        init(_ arguments: [String], watchdogUSec: Int = 400_000) throws {
            x = try Xvfb(width: 800, height: 600)
            socket = try NotifySocket()
            dir = Paths.temporaryDirectory("supervised")
            err = dir.appendingPathComponent("err").path
            var env = x.environment
            env["NOTIFY_SOCKET"] = socket.path
            env["WATCHDOG_USEC"] = String(watchdogUSec)
            app = try Spawned(Paths.binary.path, ["--kiosk", "--allow-root"] + arguments, environment: env, stderr: err)
        }

        var log: String { (try? String(contentsOfFile: err, encoding: .utf8)) ?? "" }

        func pings(in messages: [(time: Date, message: String)]) -> [Date] {
            messages.filter { $0.message.split(separator: "\n").contains("WATCHDOG=1") }.map(\.time)
        }

        /// The longest time between two pings, from `start` to `end` included.
        func longestGap(_ pings: [Date], from start: Date, to end: Date) -> Double {
            let times = [start] + pings + [end]
            return zip(times, times.dropFirst()).map { $1.timeIntervalSince($0) }.max() ?? 0
        }
    }

    @Test func readyAfterTheFirstFrameThenWatchdogPingsThatStopWhenTheProcessStops() throws {
        let s = try Supervised(["--source", "mouse", "--exit-after", "60"])
        defer { try? FileManager.default.removeItem(at: s.dir) }
        let ready = try s.socket.waitFor("READY=1", timeout: 20)
        // The main process stays the one systemd started (cage, under cage):
        // systemd cannot wait for a main process that is not its child.
        #expect(!ready.contains("MAINPID="), "it leaves the main process to systemd: \(ready)")
        let log = s.log
        let input = log.range(of: "plumscale: info: input: ")
        let said = log.range(of: "plumscale: info: systemd: ready")
        #expect(
            input != nil && said != nil && input!.lowerBound < said!.lowerBound,
            "ready once the window is up and its first frame presented: \(log)")
        // Pings every WATCHDOG_USEC / 2 (0.2 s) while the loop turns, with no input at all.
        let before = s.socket.collect(for: 2)
        #expect(s.pings(in: before).count >= 6, "\(before.map(\.message))")
        // Stopped, the process sends nothing; continued, it pings again.
        kill(s.app.pid, SIGSTOP)
        _ = s.socket.collect(for: 0.1)  // sent before the stop took effect
        let stopped = s.socket.collect(for: 1.5)
        kill(s.app.pid, SIGCONT)
        #expect(s.pings(in: stopped).isEmpty, "no pings while stopped: \(stopped.map(\.message))")
        try s.socket.waitFor("WATCHDOG=1", timeout: 2)
        kill(s.app.pid, SIGTERM)
        try s.socket.waitFor("STOPPING=1", timeout: 10)
        #expect(s.app.wait(timeout: 10) == 0, "\(s.log)")
        #expect(s.log.contains("plumscale: info: systemd: ready; watchdog pings every 0.2 s"), "\(s.log)")
    }

    /// The history locked by another writer (this test) while a save waits
    /// in SQLite's busy handler (5 s): that wait is on the store's thread,
    /// so the loop goes on turning and pinging (it used to stall the loop
    /// and its pings for as long), and the save goes through once the lock
    /// is released.
    @Test func aLockedHistoryDoesNotStopTheLoop() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("history.sqlite3").path
        let replay = dir.appendingPathComponent("save.jsonl")
        try [
            #"{"plumscale-replay":1,"device":{"name":"stall panel","pressure":true}}"#,
            #"{"t":0.2,"type":"down","id":1,"x":0.5,"y":0.5,"pressure":0.4}"#,
            #"{"t":2.5,"type":"key","key":"space"}"#,
            #"{"t":3.0,"type":"up","id":1}"#,
        ].joined(separator: "\n").write(to: replay, atomically: true, encoding: .utf8)
        // No auto-record: the one save is the space key's.
        let config = dir.appendingPathComponent("config.json")
        try #"{"kiosk":{"autoRecord":false}}"#.write(to: config, atomically: true, encoding: .utf8)
        let s = try Supervised(["--replay", replay.path, "--db", db, "--config", config.path, "--exit-after", "60"])
        defer { try? FileManager.default.removeItem(at: s.dir) }
        try s.socket.waitFor("READY=1", timeout: 20)
        let blocker = try HistoryStore(path: db)
        try blocker.execute("BEGIN IMMEDIATE")
        let locked = Date()
        // The save comes at t = 2.5 and waits; release the lock 3 s later.
        let during = s.socket.collect(for: 5.0)
        try blocker.execute("COMMIT")
        let released = Date()
        let after = s.socket.collect(for: 1.5)
        let gap = s.longestGap(s.pings(in: during), from: locked, to: released)
        #expect(gap < 1.0, "the loop sent no pings for \(gap) s while the save waited: \(during.map(\.message))")
        #expect(s.pings(in: after).count >= 3, "pings again once the loop turns: \(after.map(\.message))")
        #expect(s.app.isRunning, "\(s.log)")
        kill(s.app.pid, SIGTERM)
        #expect(s.app.wait(timeout: 10) == 0, "\(s.log)")
        #expect(try HistoryStore(path: db).count() == 1, "the save went through once the lock was released: \(s.log)")
    }
}
