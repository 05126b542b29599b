import Foundation
import PlumScale

@testable import PlumScaleTestSupport

/// A child of the tests, started with posix_spawn and reaped with waitpid
/// (the library's ChildProcess), not Foundation's Process, whose exit
/// detection on Linux can stall while another child (Xvfb) holds descriptors.
///
/// Every child gets a home of its own (`ChildHome`): HOME and the XDG
/// directories point into a fresh temporary directory, removed once the
/// child is gone, so no test reads or writes the developer's config or
/// history. `environment` is the test's (nil: this process's); a value the
/// test chose itself for one of those variables wins; `unsetting` names
/// variables the child must not have at all.
final class Spawned {
    let home: ChildHome
    private let child: ChildProcess

    var pid: pid_t { child.pid }
    var status: Int32? { child.status }

    init(
        _ path: String, _ arguments: [String], environment: [String: String]? = nil, unsetting: Set<String> = [],
        stdout: String = "/dev/null", stderr: String = "/dev/null", stdoutDescriptor: Int32? = nil
    ) throws {
        let home = ChildHome()
        do {
            child = try ChildProcess(
                path, arguments, environment: home.environment(environment, unsetting: unsetting),
                stdout: stdout, stderr: stderr, stdoutDescriptor: stdoutDescriptor)
        } catch {
            home.remove()
            throw error
        }
        self.home = home
    }

    deinit {
        // The child first (ChildProcess would kill it too, but after the
        // directory it may still be writing in was gone).
        if child.status == nil {
            kill(child.pid, SIGKILL)
            child.wait(timeout: 5)
        }
        home.remove()
    }

    /// Waits up to `timeout` seconds; the exit status, or nil while running.
    @discardableResult
    func wait(timeout: Double) -> Int32? { child.wait(timeout: timeout) }

    var isRunning: Bool { child.isRunning }

    /// Asks it to end (SIGTERM).
    func terminate() { child.terminate() }

    /// SIGTERM, then SIGKILL if it has not ended within 3 s.
    func stop() { child.stop() }

    /// Waits until the child sits idle: its main thread asleep and no CPU
    /// time spent for `quiet` seconds, as a program that has started and
    /// drawn and now waits for input. Throws, saying so, on timeout or when
    /// the child exits first.
    /// Sampled five times a `quiet` spell: samples a whole spell apart
    /// could each straddle one of a periodic redraw's (a kiosk's lockout
    /// counts down once a second), and on a busy machine the quiet spells
    /// between them went unseen for 20 s (kiosk-day journey, in CI).
    func waitUntilIdle(quiet: Double = 0.1, timeout: Double = 15) throws {
        // Since when the child has been asleep at every sample, with this CPU time.
        var since: (time: Date, ticks: Int)?
        let what = "process \(pid) to sit idle (asleep, no CPU time for \(quiet) s)"
        try waitFor(what, timeout: timeout, every: max(quiet / 5, 0.02)) { () -> Bool? in
            guard isRunning else {
                throw WaitFailure("process \(pid) exited with status \(status ?? -1) before it sat idle")
            }
            guard let sample = schedulerSample(), sample.asleep else {
                since = nil
                return nil
            }
            let now = Date()
            guard let start = since, start.ticks == sample.ticks else {
                since = (now, sample.ticks)
                return nil
            }
            return now.timeIntervalSince(start.time) >= quiet ? true : nil
        }
    }

    /// From /proc/PID/stat (proc(5)): whether the main thread is asleep
    /// (state S) and the CPU time of the whole process (utime + stime, ticks).
    private func schedulerSample() -> (asleep: Bool, ticks: Int)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let nameEnd = text.lastIndex(of: ")")
        else { return nil }
        // After "pid (comm)": state, ppid, pgrp, session, tty_nr, tpgid, flags,
        // minflt, cminflt, majflt, cmajflt, utime, stime, ...
        let fields = text[text.index(after: nameEnd)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return (fields[0] == "S", user + system)
    }
}

/// HOME and the XDG base directories of one child of the tests, laid out as
/// the XDG defaults are (config, data, state and cache under HOME), in a
/// fresh temporary directory; the runtime directory beside it, 0700 as the
/// XDG spec requires.
struct ChildHome {
    static let xdgVariables: Set<String> = [
        "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR",
    ]

    let root: URL
    /// The variables and where they point.
    let values: [String: String]

    init() {
        root = Paths.temporaryDirectory("child-home")
        let home = root.appendingPathComponent("home")
        let values = [
            "HOME": home.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
            "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path,
            "XDG_STATE_HOME": home.appendingPathComponent(".local/state").path,
            "XDG_CACHE_HOME": home.appendingPathComponent(".cache").path,
            "XDG_RUNTIME_DIR": root.appendingPathComponent("runtime").path,
        ]
        for path in values.values {
            try? FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        self.values = values
    }

    /// `explicit` (nil: this process's environment) with HOME and the XDG
    /// directories pointing here. A test's environment is usually this
    /// process's with a few changes, so a value equal to this process's was
    /// inherited, not chosen: it is replaced; a value of the test's own wins.
    func environment(_ explicit: [String: String]? = nil, unsetting: Set<String> = []) -> [String: String] {
        let inherited = ProcessInfo.processInfo.environment
        var result = explicit ?? inherited
        for (name, value) in values {
            if let chosen = explicit?[name], chosen != inherited[name] { continue }
            result[name] = value
        }
        for name in unsetting { result.removeValue(forKey: name) }
        return result
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

struct SpawnError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
