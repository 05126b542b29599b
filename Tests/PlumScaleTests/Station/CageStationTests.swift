import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore

/// Item 8 of the station rig: the Wayland kiosk unit
/// (Resources/plumscale-kiosk-cage.service) as an operator installs it,
/// under systemd as PID 1 in the VM: cage on the VM's DRM output
/// (virtio-gpu: bochs has no PRIME, which wlroots 0.15 requires), its seat
/// from the logind session the unit opens (PAMName=login on tty1),
/// PlumScale inside on SDL's wayland driver, as the unprivileged user the
/// unit names. station-test.service (scripts/station/cage-test.sh) writes
/// down what systemd and logind said. One VM run.
@Suite(.serialized, .needsStationSystemd)
struct CageStationTests {
    @Test func theCageUnitOnTheConsole() throws {
        let directory = Paths.temporaryDirectory("station-cage")
        let prepare = try runCommand(
            Paths.repoRoot.appendingPathComponent("scripts/station/systemd-root.sh").path,
            [directory.path, Paths.binary.path, "plumscale-kiosk-cage.service"], timeout: 60)
        try #require(prepare.status == 0, "systemd-root.sh: \(prepare.stderr)")
        let screendump = KioskScreendump(directory: directory)
        let run = try StationRig.boot(
            directory, command: [], mode: "systemd", extra: ["--display", "--gpu", "virtio"], timeout: 900
        ) { screendump.takeWhenReady() }
        func read(_ name: String) -> String { (try? String(contentsOf: run.file(name), encoding: .utf8)) ?? "" }
        let log = read("cage.log")
        let journal = read("journal-all.txt")
        print("station: cage VM in \(Int(run.seconds)) s:\n\(log)")
        let states = SystemdStationTests.states(read("states.txt"))
        let ready = try #require(states["ready"], "no readiness snapshot: \(log)")

        // cage on the console: a logind session of the unit's user on seat0,
        // tty1, active; cage holds the DRM card logind handed it, makes its
        // Wayland socket and starts PlumScale.
        let sessions = read("sessions.txt")
        #expect(
            sessions.contains("Seat=seat0") && sessions.contains("VTNr=1") && sessions.contains("Active=yes"),
            "logind sessions:\n\(sessions)")
        let devices = read("cage-fds.txt")
        #expect(devices.contains("/dev/dri/card0"), "cage's devices:\n\(devices)\nprocesses:\n\(read("processes.txt"))")
        for refusal in ["PRIME import not supported", "Unable to open Wayland socket", "Unable to create the wlroots backend"] {
            #expect(!journal.contains(refusal), "cage: \(refusal):\n\(journal.suffix(3000))")
        }
        #expect(
            journal.contains("plumscale: info: input: --source auto took"),
            "PlumScale under cage took the panel: \(journal.suffix(3000))")

        // PlumScale's window under cage: it failed ("EGL not initialized")
        // while the unit's syscall filter refused mincore(2), which libglvnd
        // and Mesa use to take SDL's Wayland display (docs/testing.md).
        #expect(!journal.contains("SDL_CreateWindow failed"), "PlumScale's window under cage: \(journal.suffix(4000))")
        #expect(journal.contains("plumscale: info: video: wayland driver"), "journal:\n\(journal.suffix(3000))")
        #expect(journal.contains("plumscale: info: systemd: ready"), "PlumScale's first frame: \(journal.suffix(3000))")
        if ready["ActiveState"] == "active" {
            // READY=1 reached systemd: the VM's display equals render
            // --kiosk of the same moment.
            #expect(ready["StatusText"]?.hasPrefix("kiosk") == true, "status from READY=1: \(ready["StatusText"] ?? "")")
            try screendump.check()
        } else {
            // Not up, for the reason docs/testing.md gives: pam_systemd
            // (PAMName=login) moves the unit's processes into the logind
            // session's scope, and systemd takes no notification from a
            // process outside the service's cgroup, so READY=1 is dropped
            // and the unit stays "activating". Any other state is new.
            #expect(
                ready["ActiveState"] == "activating" && ready["NRestarts"] == "0",
                "the cage unit is \(ready["ActiveState"] ?? "?") for a reason docs/testing.md does not give:\n\(journal.suffix(4000))")
        }
    }
}
