import Foundation
import PlumScale
import PlumScaleCore

enum CoreBench {
    /// Events through apply() and a full scene() after every event, per
    /// second on one core (10 fingers, labels changing): chunks of 20,000
    /// events, alternating with chunks of apply() alone, and the median
    /// chunk taken (on a shared machine a chunk that lost the core to
    /// another process says nothing about the code; the mean is reported too).
    static func eventsPerSecond(seconds: Double) -> CoreFigures {
        var state = BenchWorkload.newState()
        var sink = 0
        for n in 0..<20_000 {
            state.apply(BenchWorkload.event(n))
            sink &+= state.scene().shapes.count
        }
        var n = 20_000
        var with: [Double] = []
        var alone: [Double] = []
        let chunk = 20_000
        let end = benchNow() + seconds
        while benchNow() < end || with.count < 5 {
            var t0 = benchNow()
            for _ in 0..<chunk {
                state.apply(BenchWorkload.event(n))
                sink &+= state.scene().shapes.count
                n += 1
            }
            with.append(benchNow() - t0)
            t0 = benchNow()
            for _ in 0..<chunk {
                sink &+= state.apply(BenchWorkload.event(n)).count
                n += 1
            }
            alone.append(benchNow() - t0)
        }
        if sink == 42 { print("") }  // keep the work
        let perChunk = Double(chunk)
        return CoreFigures(
            perSecond: perChunk / Stats.median(with), meanPerSecond: perChunk * Double(with.count) / with.reduce(0, +),
            applyOnlyPerSecond: perChunk / Stats.median(alone), chunks: with.count)
    }

    /// For callgrind (`--child scene-events:N`): 2,400 events of warm-up
    /// (a finger lifted and put down again among them), then N events, each
    /// through apply() and a full scene(), untimed. Compare the totals of
    /// two counts (say 2,400 and 26,400) to get the instructions an event.
    static func countedEvents(_ count: Int) {
        var state = BenchWorkload.newState()
        var sink = 0
        for n in 0..<(2_400 + count) {
            state.apply(BenchWorkload.event(n))
            sink &+= state.scene().shapes.count
        }
        print(sink)
    }

    struct CoreFigures {
        var perSecond: Double
        var meanPerSecond: Double
        var applyOnlyPerSecond: Double
        var chunks: Int
        var nsPerEvent: Double { 1e9 / perSecond }
    }

    /// The headless memory run (in its own process, so the peak is its own):
    /// warm up, then `events` replayed events through apply() and scene(),
    /// a frame rendered by the software path every 24 events (100 Hz at
    /// 2,400 events/s). Prints "rss_growth_mb peak_rss_mb start_rss_mb".
    static func memoryChild(events: Int, fontPath: String) throws {
        let canvas = try HeadlessCanvas(width: 1280, height: 720, fontPath: fontPath)
        var state = BenchWorkload.newState()
        let warmUp = 100_000
        var sink = 0
        for n in 0..<warmUp {
            state.apply(BenchWorkload.event(n))
            let scene = state.scene()
            sink &+= scene.shapes.count
            if n % 24 == 0 { canvas.render(scene) }
        }
        let before = ProcStats.memory()
        for n in warmUp..<(warmUp + events) {
            state.apply(BenchWorkload.event(n))
            let scene = state.scene()
            sink &+= scene.shapes.count
            if n % 24 == 0 { canvas.render(scene) }
        }
        let after = ProcStats.memory()
        print(String(format: "%.3f %.3f %.3f %d", after.rss - before.rss, after.hwm, before.rss, sink % 2))
    }
}
