import CSystemd
import Foundation

/// Talks to the service manager through libsystemd's sd_notify(3), and only
/// when it listens (NOTIFY_SOCKET is set): READY=1 once the first frame is
/// presented, WATCHDOG=1 from the event loop (so a loop that stops turning
/// stops the pings, and systemd kills and restarts it), STOPPING=1 on the
/// way out.
///
/// Under a compositor (`cage -- plumscale --kiosk`) the unit's main process
/// is the compositor, whose PID systemd put in WATCHDOG_PID. So the program
/// also sends MAINPID= with its own PID (the unit says NotifyAccess=all): the
/// service's main process, its exit status and its watchdog are then
/// PlumScale's, and `systemctl stop` signals PlumScale first.
final class SystemdNotify {
    /// Whether the service manager listens.
    let enabled: Bool
    /// How often to ping, half the watchdog timeout; nil when the unit asks for no watchdog.
    let watchdogInterval: Double?
    private var nextPing: Double?
    private let log: Log

    init(environment: [String: String] = ProcessInfo.processInfo.environment, log: Log) {
        self.log = log
        enabled = !(environment["NOTIFY_SOCKET"] ?? "").isEmpty
        watchdogInterval = enabled ? Self.watchdogInterval(environment: environment, pid: getpid(), parent: getppid()) : nil
    }

    /// Half of WATCHDOG_USEC, when that watchdog is meant for this process:
    /// WATCHDOG_PID unset, ours, or our parent's (the compositor that
    /// started us). Someone else's watchdog, inherited through a shell, is
    /// left alone.
    static func watchdogInterval(environment: [String: String], pid: pid_t, parent: pid_t) -> Double? {
        guard let text = environment["WATCHDOG_USEC"], let usec = UInt64(text), usec > 0 else { return nil }
        if let owner = environment["WATCHDOG_PID"], let owner = pid_t(owner), owner != pid, owner != parent { return nil }
        return Double(usec) / 1_000_000 / 2
    }

    /// The first frame is on screen.
    func ready(status: String) {
        guard enabled else { return }
        if let interval = watchdogInterval {
            log.info("systemd: ready; watchdog pings every \(String(format: "%.1f", interval)) s")
        } else {
            log.info("systemd: ready")
        }
        send("READY=1\nMAINPID=\(getpid())\nSTATUS=\(status)")
    }

    /// Called by the event loop each time round: pings when one is due.
    func loopTurned(now: Double) {
        guard let interval = watchdogInterval else { return }
        if let due = nextPing, now < due { return }
        send("WATCHDOG=1")
        nextPing = now + interval
    }

    /// When the loop must wake up at the latest, for the next ping.
    var nextWake: Double? { watchdogInterval == nil ? nil : nextPing }

    func status(_ text: String) {
        guard enabled else { return }
        send("STATUS=\(text)")
    }

    func stopping() {
        guard enabled else { return }
        send("STOPPING=1")
    }

    private func send(_ message: String) {
        let result = sd_notify(0, message)
        if result < 0 { log.warning("systemd: sd_notify failed: \(String(cString: strerror(-result)))") }
    }
}
