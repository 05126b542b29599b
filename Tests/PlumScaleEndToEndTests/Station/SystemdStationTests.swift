import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Item 6 of the station rig: systemd 252 as PID 1 in the VM starts the
/// project's kiosk unit (Resources/plumscale-kiosk.service, its ExecStart
/// pointed at the built binary, its user made as the unit's comment says)
/// on the VM's bochs display (KMSDRM). station-test.service
/// (scripts/station/systemd-test.sh) drives it and writes down what systemd
/// said; this suite judges that. One VM run.
@Suite(.serialized, .needsStationSystemd)
struct SystemdStationTests {
    /// `systemctl show` blocks of states.txt, by their [name].
    static func states(_ text: String) -> [String: [String: String]] {
        var out: [String: [String: String]] = [:]
        var current = ""
        for line in text.split(separator: "\n").map(String.init) {
            if line.hasPrefix("[") && line.hasSuffix("]") {
                current = String(line.dropFirst().dropLast())
                out[current] = [:]
            } else if let equals = line.firstIndex(of: "=") {
                out[current, default: [:]][String(line[..<equals])] = String(line[line.index(after: equals)...])
            }
        }
        return out
    }

    @Test func theKioskUnitUnderSystemd() throws {
        let directory = Paths.temporaryDirectory("station-systemd")
        let prepare = try runCommand(
            Paths.repoRoot.appendingPathComponent("scripts/station/systemd-root.sh").path, [directory.path, Paths.binary.path],
            timeout: 60)
        try #require(prepare.status == 0, "systemd-root.sh: \(prepare.stderr)")
        let screendump = KioskScreendump(directory: directory)
        let run = try StationRig.boot(directory, command: [], mode: "systemd", extra: ["--display"], timeout: 900) {
            screendump.takeWhenReady()
        }
        let text = (try? String(contentsOf: run.file("states.txt"), encoding: .utf8)) ?? ""
        let log = (try? String(contentsOf: run.file("systemd.log"), encoding: .utf8)) ?? "(no systemd.log)"
        print("station: systemd VM in \(Int(run.seconds)) s:\n\(log)")
        let states = Self.states(text)
        // The whole journal: systemd 252 in the VM files the unit's stream
        // under the process (plumscale[PID]), which `journalctl -u` missed.
        let journal = (try? String(contentsOf: run.file("journal-all.txt"), encoding: .utf8)) ?? ""
        // PID 1 logs to the console (the init starts it so).
        let console = (try? String(contentsOf: run.file("console.log"), encoding: .utf8)) ?? ""

        // Readiness: active only after READY=1, which comes with the first
        // frame on the screen, and its status text.
        let ready = try #require(states["ready"], "no readiness snapshot: \(log)")
        #expect(ready["ActiveState"] == "active" && ready["SubState"] == "running", "\(ready)")
        #expect(ready["StatusText"]?.hasPrefix("kiosk") == true, "status from READY=1: \(ready["StatusText"] ?? "")")
        let started = Double(ready["ExecMainStartTimestampMonotonic"] ?? "") ?? 0
        let active = Double(ready["ActiveEnterTimestampMonotonic"] ?? "") ?? 0
        #expect(active > started, "active at \(active) µs, started at \(started) µs: systemd did not wait for READY=1")
        #expect(ready["WatchdogUSec"] == "20s", "\(ready)")
        // The journal holds the program's own log lines.
        #expect(journal.contains("plumscale: info: video: KMSDRM driver"), "journal:\n\(journal.suffix(3000))")
        #expect(journal.contains("plumscale: info: input: --source auto took"), "the kiosk took the panel: \(journal.suffix(3000))")

        // The watchdog: SIGSTOP, then killed and started again.
        let watchdog = try #require(states["watchdog"], "no watchdog snapshot: \(log)")
        #expect(watchdog["MainPID"] != ready["MainPID"] && watchdog["ActiveState"] == "active", "\(watchdog)")
        #expect(watchdog["NRestarts"] == "1", "\(watchdog)")
        #expect(console.contains("plumscale-kiosk.service: Watchdog timeout (limit 20s)!"), "console:\n\(console.suffix(3000))")

        // A crash loop (exit 1 at every start) is started again, then given
        // up as the unit says (StartLimitBurst=5 in StartLimitIntervalSec=120).
        let crash = try #require(states["crashloop"], "no crash loop snapshot: \(log)")
        #expect((Int(crash["NRestarts"] ?? "") ?? 0) >= 2, "\(crash)")
        // systemd 252 leaves Result=exit-code and says why on its console.
        #expect(crash["ActiveState"] == "failed" && crash["SubState"] == "failed", "\(crash)")
        #expect(
            console.contains("plumscale-kiosk.service: Start request repeated too quickly."), "console:\n\(console.suffix(3000))")
        // Exit 2 (bad usage, a bad config) is not started again.
        let bad = try #require(states["badusage"], "no bad usage snapshot: \(log)")
        #expect(bad["ActiveState"] == "failed" && bad["ExecMainStatus"] == "2", "\(bad)")
        #expect(bad["NRestarts"] == "0", "\(bad)")

        try screendump.check()
    }
}
