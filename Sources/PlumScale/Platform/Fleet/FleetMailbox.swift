import Foundation
import PlumScaleCore

/// What passes between the UI thread and the fleet sink's thread, under
/// one lock. Bounded by construction: a wake flag (the outbox on disk holds
/// the weighings themselves), the newest live document only (a newer one
/// replaces it), and the sink's status. The UI thread never waits here
/// beyond the lock.
final class FleetMailbox: @unchecked Sendable {
    struct Taken {
        var stop = false
        var wake = false
        var live: String?
    }

    private let condition = NSCondition()
    private var stopRequested = false
    private var wakeRequested = false
    private var live: String?
    private var status: FleetStatus
    private var finished = false

    init(status: FleetStatus) { self.status = status }

    func post(wake: Bool = false, live newLive: String? = nil, stop: Bool = false) {
        condition.lock()
        wakeRequested = wakeRequested || wake
        if let newLive { live = newLive }
        stopRequested = stopRequested || stop
        condition.broadcast()
        condition.unlock()
    }

    /// What was posted since the last take, waiting until `deadline` for
    /// something when nothing is there (nil: no wait).
    func take(waitingUntil deadline: Date?) -> Taken {
        condition.lock()
        defer { condition.unlock() }
        if let deadline {
            while !stopRequested, !wakeRequested, live == nil, condition.wait(until: deadline) {}
        }
        defer {
            wakeRequested = false
            live = nil
        }
        return Taken(stop: stopRequested, wake: wakeRequested, live: live)
    }

    var currentStatus: FleetStatus {
        condition.lock()
        defer { condition.unlock() }
        return status
    }

    /// Sets the status; whether it changed.
    func setStatus(_ new: FleetStatus) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard new != status else { return false }
        status = new
        return true
    }

    func markFinished() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits up to `seconds` for the sink's thread to end; whether it did.
    func waitFinished(seconds: Double) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(seconds)
        while !finished, condition.wait(until: deadline) {}
        return finished
    }
}
