import Foundation
import PlumScaleCore

/// What passes between the UI thread and the fleet sink's thread, under
/// one lock. Bounded by construction: a wake flag (the outbox on disk holds
/// the weighings themselves), the newest live document only (a newer one
/// replaces it), and the sink's status. The UI thread never waits here
/// beyond the lock. Each post also writes a byte into a pipe that the
/// sink's thread polls beside the broker's socket, so it wakes at once
/// when handed something and sleeps when there is nothing to do.
final class FleetMailbox: @unchecked Sendable {
    struct Taken {
        var stop = false
        var wake = false
        var live: String?
        var precision: Int?
    }

    private let condition = NSCondition()
    private var stopRequested = false
    private var wakeRequested = false
    private var live: String?
    private var precision: Int?
    private var status: FleetStatus
    private var finished = false
    /// [read end, write end], both non-blocking: a full pipe already says "wake".
    private let pipeEnds: [Int32]

    init(status: FleetStatus) {
        self.status = status
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        } else {
            ends = [-1, -1]
        }
        pipeEnds = ends
    }

    deinit { for end in pipeEnds where end >= 0 { close(end) } }

    /// The descriptor that becomes readable when something was posted.
    var wakeDescriptor: Int32 { pipeEnds[0] }

    func post(wake: Bool = false, live newLive: String? = nil, precision newPrecision: Int? = nil, stop: Bool = false) {
        condition.lock()
        wakeRequested = wakeRequested || wake
        if let newLive { live = newLive }
        if let newPrecision { precision = newPrecision }
        stopRequested = stopRequested || stop
        condition.broadcast()
        condition.unlock()
        var byte: UInt8 = 1
        _ = write(pipeEnds[1], &byte, 1)
    }

    /// What was posted since the last take (the pipe drained with it).
    func take() -> Taken {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(pipeEnds[0], &buffer, buffer.count) > 0 {}
        condition.lock()
        defer { condition.unlock() }
        defer {
            wakeRequested = false
            live = nil
        }
        return Taken(stop: stopRequested, wake: wakeRequested, live: live, precision: precision)
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
