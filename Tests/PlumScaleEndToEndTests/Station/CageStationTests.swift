import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Item 8 of the station rig: the Wayland kiosk unit
/// (Resources/plumscale-kiosk-cage.service) as an operator installs it,
/// under systemd as PID 1 in the VM: cage on the VM's DRM output
/// (virtio-gpu: bochs has no PRIME, which wlroots 0.15 requires), its seat
/// from the logind session the unit opens (PAMName=login on tty1),
/// PlumScale inside on SDL's wayland driver, as the unprivileged user the
/// unit names. station-test.service (scripts/station/cage-test.sh) writes
/// down what systemd and logind said. One VM run.
@Suite(.serialized, .needsStationCage)
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

        // cage on the console: seatd runs and gave cage its seat; cage holds
        // the DRM card seatd handed it, makes its Wayland socket and starts
        // PlumScale.
        let sessions = read("sessions.txt")
        #expect(sessions.contains("seatd active"), "seatd:\n\(sessions)")
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
        // READY=1 reached systemd: the unit is up, its status PlumScale's,
        // and the VM's display equals render --kiosk of the same moment.
        #expect(ready["ActiveState"] == "active", "the cage unit is \(ready["ActiveState"] ?? "?"):\n\(journal.suffix(4000))")
        #expect(ready["NRestarts"] == "0", "restarts: \(ready["NRestarts"] ?? "?")")
        #expect(ready["StatusText"]?.hasPrefix("kiosk") == true, "status from READY=1: \(ready["StatusText"] ?? "")")
        // cage stays the main process (systemd's own child), PlumScale its child.
        let processes = read("processes.txt")
        let main = ready["MainPID"] ?? "?"
        let mainIsCage = processes.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")  // pid, user, the program, its arguments
            return fields.count >= 3 && fields[0] == main && fields[2] == "/usr/bin/cage"
        }
        #expect(mainIsCage, "MainPID \(main) is not cage:\n\(processes)")
        // reload and stop reach PlumScale: it reloads, then quits cleanly,
        // and the unit ends inactive, not killed.
        #expect(journal.contains("plumscale: info: SIGHUP received: configuration reloaded"), "reload: \(journal.suffix(3000))")
        #expect(states["reloaded"]?["ActiveState"] == "active", "after reload: \(states["reloaded"] ?? [:])")
        #expect(journal.contains("plumscale: info: SIGTERM received: quitting"), "stop: \(journal.suffix(3000))")
        let stopped = states["stopped"] ?? [:]
        #expect(stopped["ActiveState"] == "inactive" && stopped["Result"] == "success", "after stop: \(stopped)")
        // Neither PlumScale nor cage killed. Xwayland, which cage runs
        // beside the program, may still be closing when cage has quit:
        // KillMode=mixed then ends it with SIGKILL, as it ends whatever is
        // left of the unit (seen once in CI on a busy host, the unit's
        // result still "success", PlumScale's quit logged).
        let console = read("console.log")
        let killed = console.split(separator: "\n").filter { line in
            line.contains("with signal SIGKILL") && (line.contains("(plumscale)") || line.contains("(cage)"))
        }
        #expect(killed.isEmpty, "systemd killed the kiosk:\n\(console.suffix(3000))")
        if ready["ActiveState"] == "active" { try screendump.check() }
    }
}
