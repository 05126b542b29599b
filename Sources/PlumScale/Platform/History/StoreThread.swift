import Foundation
import PlumScaleCore

/// The history's store on a thread of its own, for the window: SQLite's
/// work (a save and its fsync, a page of a million rows, an export, the
/// config file) never holds the loop, whatever the disk does. The work is
/// done in the order it was asked, one piece at a time, and each answer
/// goes back through an input queue that wakes the loop. `finish` waits
/// until everything asked is done: a weighing asked to be saved is saved
/// before the program ends.
final class StoreThread: @unchecked Sendable {
    static let eventCode: Int32 = 0x5354
    /// The store's answers, for the loop to feed the core.
    let answers = InputQueue<HistoryResult>(code: StoreThread.eventCode)
    private let history: HistoryService
    private let work = NSCondition()
    /// Each piece of work, with the wall clock it was asked at (a weighing's time).
    private var pending: [(effect: Effect, at: Date)] = []
    private var finishing = false
    private let finished = DispatchSemaphore(value: 0)

    init(history: HistoryService) {
        self.history = history
        let thread = Thread { [self] in run() }
        thread.name = "plumscale-store"
        thread.start()
    }

    /// Asks for one piece of the store's work, asked at `at` (the core's
    /// wall clock); its answer comes in `answers`.
    func submit(_ effect: Effect, at: Date = Date()) {
        work.withLock {
            pending.append((effect, at))
            work.signal()
        }
    }

    /// Does what is still asked, then ends the thread; returns when it has.
    func finish() {
        let first = work.withLock {
            defer { finishing = true }
            work.signal()
            return !finishing
        }
        if first { finished.wait() }
    }

    private func run() {
        while let piece = next() { answers.push(history.perform(piece.effect, at: piece.at)) }
        finished.signal()
    }

    /// The next piece of work, waiting for one; nil once finishing and none is left.
    private func next() -> (effect: Effect, at: Date)? {
        work.lock()
        defer { work.unlock() }
        while pending.isEmpty, !finishing { work.wait() }
        return pending.isEmpty ? nil : pending.removeFirst()
    }
}
