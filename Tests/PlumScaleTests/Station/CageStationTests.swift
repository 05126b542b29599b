import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore

/// Item 8 of the station rig: the Wayland kiosk unit
/// (Resources/plumscale-kiosk-cage.service) as an operator installs it,
/// under systemd as PID 1 in the VM: cage on the VM's DRM output (virtio-gpu),
/// its seat from the logind session the unit opens (PAMName=login on
/// tty1), PlumScale inside on SDL's wayland driver, as the unprivileged
/// user the unit names. station-test.service (scripts/station/cage-test.sh)
/// writes down what systemd and logind said; the picture comes from qemu's
/// screendump and is compared with `render --kiosk`. One VM run.
@Suite(.serialized, .needsStationSystemd)
struct CageStationTests {
    /// The `[name]` blocks of a file of `key=value` lines (states.txt).
    static func blocks(_ text: String) -> [String: [String: String]] { SystemdStationTests.states(text) }

    @Test func theCageUnitOnTheConsole() throws {
        let directory = Paths.temporaryDirectory("station-cage")
        let prepare = try runCommand(
            Paths.repoRoot.appendingPathComponent("scripts/station/systemd-root.sh").path,
            [directory.path, Paths.binary.path, "plumscale-kiosk-cage.service"], timeout: 60)
        try #require(prepare.status == 0, "systemd-root.sh: \(prepare.stderr)")
        let screendump = KioskScreendump(directory: directory)
        let run = try StationRig.boot(directory, command: [], mode: "systemd", extra: ["--display", "--gpu", "virtio"], timeout: 900) {
            screendump.takeWhenReady()
        }
        func read(_ name: String) -> String { (try? String(contentsOf: run.file(name), encoding: .utf8)) ?? "" }
        let log = read("cage.log")
        let journal = read("journal-all.txt")
        print("station: cage VM in \(Int(run.seconds)) s:\n\(log)")
        let states = Self.blocks(read("states.txt"))

        // Readiness: active once READY=1 came from PlumScale (its first
        // frame, presented through cage), PlumScale the main process.
        let ready = try #require(states["ready"], "no readiness snapshot: \(log)")
        #expect(
            ready["ActiveState"] == "active" && ready["SubState"] == "running",
            "\(ready)\njournal:\n\(journal.suffix(4000))")
        #expect(ready["StatusText"]?.hasPrefix("kiosk") == true, "status from READY=1: \(ready["StatusText"] ?? "")")
        #expect(journal.contains("plumscale: info: video: wayland driver"), "journal:\n\(journal.suffix(4000))")
        #expect(journal.contains("plumscale: info: input: --source auto took"), "the kiosk took the panel: \(journal.suffix(3000))")

        // The seat: a logind session of the unit's user on seat0, tty1,
        // active; cage holds the DRM card logind handed it.
        let sessions = read("sessions.txt")
        #expect(
            sessions.contains("Seat=seat0") && sessions.contains("VTNr=1") && sessions.contains("Active=yes"),
            "logind sessions:\n\(sessions)")
        let fds = read("cage-fds.txt")
        #expect(fds.contains("/dev/dri/card0"), "cage's devices:\n\(fds)\nprocesses:\n\(read("processes.txt"))")

        // systemctl stop ends PlumScale and cage with it, cleanly.
        let stopped = try #require(states["stopped"], "no stop snapshot: \(log)")
        #expect(stopped["ActiveState"] == "inactive" && stopped["Result"] == "success", "\(stopped)")

        try screendump.check()
    }
}
