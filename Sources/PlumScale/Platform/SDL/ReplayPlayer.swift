import CSDL2
import Foundation
import PlumScaleCore

/// Plays a replay in real time into an input queue, as the evdev reader
/// feeds its frames: each event, stamped with the loop's clock when its
/// time comes, reaches the core as it is in the file (a cancel stays a
/// cancel, a contact size and a missing pressure stay what they are),
/// never turned into an SDL event and back.
/// The file is read as it is played (ReplayLoader.stream), never whole:
/// a replay of any length plays in the memory of a few lines, and the
/// window opens without waiting for it. A bad line found while playing
/// stops the replay there: `failure` keeps the error (file, line, what was
/// expected), logged at once; the program then ends with exit status 2.
final class ReplayPlayer: @unchecked Sendable {
    static let eventCode: Int32 = 0x504c
    /// The events whose time has come, for the SDL thread.
    let queue = InputQueue<InputEvent>(code: ReplayPlayer.eventCode)

    private let source: ReplayLoader.Source
    private let log: Log
    private var thread: Thread?
    private let stopped = NSCondition()
    private var stopRequested = false
    private var readers: [LineReader] = []
    private var error: Error?

    init(source: ReplayLoader.Source, log: Log) {
        self.source = source
        self.log = log
    }

    func start() {
        let thread = Thread { [self] in play() }
        thread.name = "plumscale-replay"
        self.thread = thread
        thread.start()
    }

    func stop() {
        stopped.lock()
        stopRequested = true
        stopped.signal()
        stopped.unlock()
    }

    /// The error that stopped the replay early, nil when it played (or is playing) well.
    var failure: Error? { stopped.withLock { error } }

    /// Pushes each event when its time comes, as the file is read.
    struct Pusher: ReplayEventSink {
        let player: ReplayPlayer
        let start = Date()
        private(set) var count = 0
        var isEmpty: Bool { count == 0 }

        mutating func append(_ event: InputEvent) {
            count += 1
            let player = self.player
            player.stopped.lock()
            while !player.stopRequested, Date().timeIntervalSince(start) < event.time {
                _ = player.stopped.wait(until: start.addingTimeInterval(event.time))
            }
            let stop = player.stopRequested
            let readers = player.readers
            player.stopped.unlock()
            // The readers are stopped here, on the thread that reads them.
            if stop {
                for reader in readers { reader.stop() }
                return
            }
            // The loop's clock (SDL_GetTicks64, as live input's), not the file's.
            player.queue.push(InputEvent(time: Double(SDL_GetTicks64()) / 1000, event.kind))
        }
    }

    private func play() {
        var pusher = Pusher(player: self)
        do {
            let warnings = try ReplayLoader.stream(source, into: &pusher) { reader in
                stopped.withLock {
                    readers.append(reader)
                    if stopRequested { reader.stop() }
                }
            }
            for warning in warnings { log.warning(warning) }
        } catch {
            log.error("the replay stopped early: \(error)")
            stopped.withLock { self.error = error }
        }
    }
}
