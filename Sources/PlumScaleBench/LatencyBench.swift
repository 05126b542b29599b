import CSDL2
import Foundation
import PlumScale
import PlumScaleCore

/// Input latency through the loop the app runs (EventLoop's shape:
/// SDL_WaitEvent, EventTranslation, AppState.apply, drain, one frame through
/// FrameRenderer, SDL_RenderPresent), with a thread replaying a 10-finger
/// digitizer at 240 Hz into SDL's queue: every 1/240 s one report of 10
/// finger motions, queued together as the X server delivers a report.
struct LatencyFigures {
    var events: Int
    var frames: Int
    var medianFrameMs: Double
    var p50Ms: Double
    var p99Ms: Double
    var maxMs: Double
    /// p99 of the two parts: queue to the loop taking the event, and from there to the present's return.
    var p99QueueMs: Double
    var p99DrawMs: Double
    var p99Frames: Double { p99Ms / medianFrameMs }
}

/// What the replay thread and the loop share: when each event entered the queue.
private final class PushTimes: @unchecked Sendable {
    let times: UnsafeMutablePointer<Double>
    let count: Int
    init(count: Int) {
        self.count = count
        times = .allocate(capacity: count)
        times.initialize(repeating: 0, count: count)
    }
    deinit { times.deallocate() }
}

enum LatencyBench {
    static let fingers = 10
    static let reportRate = 240.0

    static func run(_ target: BenchWindow, frames: FrameRenderer, events: Int) throws -> LatencyFigures {
        let reports = (events + fingers - 1) / fingers
        let total = reports * fingers
        let shared = PushTimes(count: total)
        let windowID = SDL_GetWindowID(target.window)
        var state = BenchWorkload.newState()
        var latencies = [Double](repeating: 0, count: total)
        var taken = [Double](repeating: 0, count: total)
        var frameCosts: [Double] = []
        frameCosts.reserveCapacity(reports * 2)
        var batch: [Int] = []
        batch.reserveCapacity(1024)

        // Before the replay starts: the first frame.
        try frames.draw(state.scene())
        SDL_RenderPresent(target.renderer)
        SDL_PumpEvents()
        SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)

        let replay = Thread {
            let start = benchNow() + 0.05
            var report = [SDL_Event](repeating: SDL_Event(), count: fingers)
            for r in 0..<reports {
                let due = start + Double(r) / reportRate
                let wait = due - benchNow()
                if wait > 0 { usleep(UInt32(wait * 1e6)) }
                for f in 0..<fingers {
                    let seq = r * fingers + f
                    let s = BenchWorkload.sample(f, of: fingers, step: r)
                    var e = SDL_Event()
                    e.tfinger.type = (r == 0 ? SDL_FINGERDOWN : SDL_FINGERMOTION).rawValue
                    e.tfinger.timestamp = SDL_GetTicks()
                    e.tfinger.touchId = 1
                    e.tfinger.fingerId = Int64(f + 1)
                    e.tfinger.x = Float(s.x)
                    e.tfinger.y = Float(s.y)
                    e.tfinger.pressure = Float(s.pressure ?? 1)
                    e.tfinger.dx = Float(seq)  // the sequence number rides along (exact below 2^24)
                    e.tfinger.windowID = windowID
                    report[f] = e
                }
                let now = benchNow()
                for f in 0..<fingers { shared.times[r * fingers + f] = now }
                // Nine at once, then the last through SDL_PushEvent, which wakes a waiting SDL_WaitEvent.
                _ = SDL_PeepEvents(&report, Int32(fingers - 1), SDL_ADDEVENT, 0, 0)
                _ = SDL_PushEvent(&report[fingers - 1])
            }
        }
        replay.start()

        var received = 0
        var event = SDL_Event()
        let size = (width: 1280, height: 720)
        let deadline = benchNow() + Double(reports) / reportRate + 30
        var translation = EventTranslation()
        // As the event loop: a batch is drawn when its scene is not the one drawn.
        var drawn = DrawnScene()
        func handle(_ event: SDL_Event) {
            let type = SDL_EventType(event.type)
            if type == SDL_FINGERDOWN || type == SDL_FINGERMOTION {
                let seq = Int(event.tfinger.dx)
                if seq >= 0, seq < total {
                    taken[seq] = benchNow()
                    batch.append(seq)
                    received += 1
                }
            }
            switch translation.translate(event, windowSize: size) {
            case .input(let input): state.apply(input)
            case .redraw: drawn.forget()
            case .none: break
            }
        }
        while received < total, benchNow() < deadline {
            guard SDL_WaitEventTimeout(&event, 100) != 0 else { continue }
            handle(event)
            while SDL_PollEvent(&event) != 0 { handle(event) }
            let t0 = benchNow()
            let scene = state.scene()
            if drawn.needsDrawing(scene) {
                try frames.draw(scene)
                SDL_RenderPresent(target.renderer)
                let t1 = benchNow()
                frameCosts.append(t1 - t0)
                for seq in batch {
                    latencies[seq] = t1 - shared.times[seq]
                    taken[seq] = taken[seq] - shared.times[seq]
                }
            }
            batch.removeAll(keepingCapacity: true)
        }
        while !replay.isFinished { usleep(1000) }
        guard received == total else {
            throw RuntimeFailure("bench: latency run received \(received) of \(total) events")
        }
        return LatencyFigures(
            events: total, frames: frameCosts.count, medianFrameMs: Stats.median(frameCosts) * 1000,
            p50Ms: Stats.median(latencies) * 1000, p99Ms: Stats.percentile(latencies, 99) * 1000,
            maxMs: (latencies.max() ?? .nan) * 1000,
            p99QueueMs: Stats.percentile(taken, 99) * 1000,
            p99DrawMs: Stats.percentile(zip(latencies, taken).map { $0 - $1 }, 99) * 1000)
    }
}
