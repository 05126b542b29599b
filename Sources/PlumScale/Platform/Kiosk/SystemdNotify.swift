import CSystemd
import Foundation

/// Talks to the service manager through libsystemd's sd_notify(3), and only
/// when it listens (NOTIFY_SOCKET is set): READY=1 once the first frame is
/// presented, WATCHDOG=1 from the event loop (so a loop that stops turning
/// stops the pings, and systemd kills and restarts it), STOPPING=1 on the
/// way out.
///
/// Under a compositor (`cage -- plumscale --kiosk`) the unit's main process
/// is the compositor, whose PID systemd put in WATCHDOG_PID: PlumScale, its
/// child, pings for it (the unit says NotifyAccess=all) and leaves it the
/// main process. It does not send MAINPID=: systemd cannot wait for a main
/// process that is not its child, so `systemctl stop` would SIGKILL the
/// whole unit the moment after its SIGTERM (seen in the station rig).
///
/// sd_notify blocks while the socket's reader does not read (its queue
/// full): it runs on a thread of its own (`NotifySender`), so the loop
/// never waits on the service manager. A failure is logged once with its
/// reason, then at most once a minute with the count since.
final class SystemdNotify {
    /// Whether the service manager listens.
    let enabled: Bool
    /// How often to ping, half the watchdog timeout; nil when the unit asks for no watchdog.
    let watchdogInterval: Double?
    private var nextPing: Double?
    private let log: Log
    private let sender: NotifySender?

    init(
        environment: [String: String] = ProcessInfo.processInfo.environment, log: Log,
        notify: @escaping @Sendable (String) -> Int32 = { sd_notify(0, $0) }
    ) {
        self.log = log
        enabled = !(environment["NOTIFY_SOCKET"] ?? "").isEmpty
        watchdogInterval = enabled ? Self.watchdogInterval(environment: environment, pid: getpid(), parent: getppid()) : nil
        sender = enabled ? NotifySender(log: log, notify: notify) : nil
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
        send("READY=1\nSTATUS=\(status)")
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

    /// The last message: sent, if the service manager reads, within a second.
    func stopping() {
        guard enabled else { return }
        send("STOPPING=1")
        sender?.drain(timeout: 1)
    }

    private func send(_ message: String) { sender?.post(message) }
}

/// The thread that calls sd_notify. The loop posts and goes on; a message
/// of a kind already waiting (a second WATCHDOG=1, a newer STATUS=)
/// replaces it, so a manager that stops reading costs a few strings, never
/// a queue that grows or a loop that waits.
final class NotifySender: @unchecked Sendable {
    /// One failure line, then at most one a minute.
    static let failureLogInterval = 60.0
    private let condition = NSCondition()
    private var queue: [String] = []
    private var busy = false
    private let notify: @Sendable (String) -> Int32
    private let log: Log
    private var failures = FailureLog(interval: NotifySender.failureLogInterval)

    init(log: Log, notify: @escaping @Sendable (String) -> Int32) {
        self.log = log
        self.notify = notify
        let thread = Thread { [self] in run() }
        thread.name = "plumscale-notify"
        thread.start()
    }

    /// The first line's field name: READY, WATCHDOG, STATUS, STOPPING.
    static func kind(_ message: String) -> Substring {
        message.prefix { $0 != "=" && $0 != "\n" }
    }

    func post(_ message: String) {
        condition.lock()
        let kind = Self.kind(message)
        if let index = queue.firstIndex(where: { Self.kind($0) == kind }) {
            queue[index] = message
        } else {
            queue.append(message)
        }
        condition.signal()
        condition.unlock()
    }

    /// Waits up to `timeout` seconds for everything posted to be sent.
    func drain(timeout: Double) {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        while !queue.isEmpty || busy, condition.wait(until: deadline) {}
        condition.unlock()
    }

    /// Messages waiting (tests).
    var waiting: Int { condition.withLock { queue.count } }

    private func run() {
        while true {
            condition.lock()
            while queue.isEmpty { condition.wait() }
            let message = queue.removeFirst()
            busy = true
            condition.unlock()
            let result = notify(message)
            condition.lock()
            busy = false
            let line = result < 0 ? failures.failed(now: Date().timeIntervalSince1970, reason: String(cString: strerror(-result))) : nil
            condition.broadcast()
            condition.unlock()
            if let line { log.warning(line) }
        }
    }
}

/// A failure that may repeat hundreds of times a second, told once, then
/// at most once per `interval` with the count since.
struct FailureLog {
    let interval: Double
    private var lastLogged: Double?
    private var unlogged = 0

    init(interval: Double) { self.interval = interval }

    /// The line to log for a failure at `now`, or nil to stay quiet.
    mutating func failed(now: Double, reason: String) -> String? {
        guard let last = lastLogged else {
            lastLogged = now
            return "systemd: sd_notify failed: \(reason) (further failures are counted, one line a minute)"
        }
        unlogged += 1
        guard now - last >= interval else { return nil }
        let count = unlogged
        lastLogged = now
        unlogged = 0
        return "systemd: sd_notify failed \(count) more time\(count == 1 ? "" : "s") in the last \(Int(now - last)) s: \(reason)"
    }
}
