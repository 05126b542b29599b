import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// The station rig (scripts/station): the Debian kernel under qemu, the
/// host's root shared read-only, the built plumscale inside. Its suites run
/// under `make test-station` (PLUMSCALE_STATION=1); elsewhere, or where
/// qemu, the kernel, busybox or python3-evdev is missing, they are reported
/// skipped with the reason, never passed.
enum StationRig {
    static let script = Paths.repoRoot.appendingPathComponent("scripts/station/vm.sh").path
    static let player = Paths.repoRoot.appendingPathComponent("scripts/station/station.py").path

    /// Why the rig cannot run here, or nil when it can.
    static let unavailable: String? = {
        let environment = ProcessInfo.processInfo.environment
        guard environment["PLUMSCALE_STATION"] == "1" else {
            return "the station tests boot a VM and run under `make test-station` (PLUMSCALE_STATION=1)"
        }
        let files = FileManager.default
        guard files.isExecutableFile(atPath: "/usr/bin/qemu-system-x86_64") else {
            return "qemu-system-x86_64 is not installed (make test-deps installs qemu-system-x86)"
        }
        let kernels = ((try? files.contentsOfDirectory(atPath: "/boot")) ?? []).filter { $0.hasPrefix("vmlinuz-") }
        guard kernels.contains(where: { files.isReadableFile(atPath: "/boot/" + $0) }) else {
            return "no readable Debian kernel in /boot (make test-deps installs linux-image-amd64)"
        }
        guard files.isExecutableFile(atPath: "/bin/busybox") else {
            return "busybox is not installed (make test-deps installs busybox-static)"
        }
        guard files.fileExists(atPath: "/usr/lib/python3/dist-packages/evdev") else {
            return "python3-evdev is not installed (make test-deps installs it)"
        }
        guard files.isExecutableFile(atPath: Paths.binary.path) else { return "plumscale is not built (swift build)" }
        return nil
    }()

    /// Why the console kiosk's systemd VM (SystemdStationTests, about 5.5
    /// minutes: watchdog, crash loop, restart) does not run here, or nil.
    /// The station suites run side by side: all of them, this one and the
    /// cage VM included, took 10 minutes on these 2 cores.
    static let systemdUnavailable: String? = unavailable

    /// Why the cage kiosk's systemd VM (CageStationTests, about 3 minutes)
    /// does not run here, or nil: it runs with every `make test-station`.
    static let cageUnavailable: String? = {
        if let reason = unavailable { return reason }
        for tool in ["/usr/bin/cage", "/usr/sbin/seatd"] where !FileManager.default.isExecutableFile(atPath: tool) {
            return "\(tool) is not installed (make test-deps installs cage and seatd)"
        }
        return nil
    }()

    /// What one VM run left: its directory, the chroot command's output.
    struct Run {
        var directory: URL
        var log: String
        var seconds: Double

        func file(_ name: String) -> URL { directory.appendingPathComponent(name) }
    }

    /// Boots a VM that runs station.py SCENARIO with `arguments`, waits for
    /// it (at most `timeout` s, then qemu is killed) and returns its files.
    /// Throws, with the VM's own words, when it did not end cleanly.
    static func run(_ scenario: String, _ arguments: [String], timeout: Int = 420) throws -> Run {
        let directory = Paths.temporaryDirectory("station-\(scenario)")
        let command = ["/usr/bin/python3", player, scenario, "/tmp/results"] + arguments
        return try boot(directory, command: command, timeout: timeout)
    }

    /// Boots a VM on `directory` and waits for it; `whileRunning` is called
    /// every half second meanwhile (to take a screendump when the VM asks).
    /// `plugPulled`: the test cuts the VM's power (the command never ends).
    static func boot(
        _ directory: URL, command: [String], mode: String = "chroot", extra: [String] = [], timeout: Int,
        plugPulled: Bool = false, whileRunning: () -> Void = {}
    ) throws -> Run {
        let started = Date()
        let out = directory.appendingPathComponent("vm.stdout").path
        let err = directory.appendingPathComponent("vm.stderr").path
        let child = try Spawned(
            script, ["--results", directory.path, "--timeout", String(timeout), "--mode", mode] + extra + ["--"] + command,
            stdout: out, stderr: err)
        var status: Int32?
        while status == nil, Date().timeIntervalSince(started) < Double(timeout + 60) {
            whileRunning()
            status = child.wait(timeout: 0.5)
        }
        if status == nil {
            child.stop()
            status = child.wait(timeout: 10)
        }
        let result = RunResult(
            status: status ?? -1, stdout: "", stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
        let log = (try? String(contentsOf: directory.appendingPathComponent("run.log"), encoding: .utf8)) ?? ""
        let run = Run(directory: directory, log: log, seconds: Date().timeIntervalSince(started))
        let console = (try? String(contentsOf: directory.appendingPathComponent("console.log"), encoding: .utf8)) ?? ""
        guard result.status == 0 else {
            throw StationFailure(
                "vm.sh exited \(result.status): \(result.stderr)\nconsole:\n\(console.suffix(1500))\nrun.log:\n\(log.suffix(1500))")
        }
        let ended = (try? String(contentsOf: directory.appendingPathComponent("status"), encoding: .utf8)) ?? ""
        guard ended.contains("status 0") || mode != "chroot" || plugPulled else {
            throw StationFailure(
                "the test in the VM failed (\(ended.trimmingCharacters(in: .whitespacesAndNewlines))):\n\(log.suffix(3000))")
        }
        return run
    }
}

struct StationFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where the station rig can run; otherwise it is
    /// reported skipped with the reason.
    static var needsStationRig: Self {
        .enabled(if: StationRig.unavailable == nil, Comment(rawValue: StationRig.unavailable ?? ""))
    }

    /// The console kiosk's systemd VM, asked for on top of the rig.
    static var needsStationSystemd: Self {
        .enabled(if: StationRig.systemdUnavailable == nil, Comment(rawValue: StationRig.systemdUnavailable ?? ""))
    }

    /// The cage kiosk's systemd VM, with the rig.
    static var needsStationCage: Self {
        .enabled(if: StationRig.cageUnavailable == nil, Comment(rawValue: StationRig.cageUnavailable ?? ""))
    }
}

/// Runs a program (not plumscale) and waits at most `timeout` seconds.
func runCommand(_ path: String, _ arguments: [String], timeout: Double) throws -> RunResult {
    let dir = Paths.temporaryDirectory("command")
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("stdout").path
    let err = dir.appendingPathComponent("stderr").path
    let child = try Spawned(path, arguments, stdout: out, stderr: err)
    var status = child.wait(timeout: timeout)
    if status == nil {
        child.stop()
        status = child.wait(timeout: 10)
    }
    return RunResult(
        status: status ?? -1,
        stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
        stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
}
