import Foundation

enum CoreBench {
    /// Events through apply() and a full scene() after every event, per
    /// second of wall time on one core (10 fingers, labels changing).
    static func eventsPerSecond(seconds: Double) -> (perSecond: Double, nsPerEvent: Double, applyOnlyPerSecond: Double) {
        var state = BenchWorkload.newState()
        var sink = 0
        for n in 0..<20_000 { state.apply(BenchWorkload.event(n)); sink &+= state.scene().shapes.count }
        // Alternate chunks of apply+scene and of apply alone.
        var n = 20_000, withScene = 0, alone = 0
        var timeWith = 0.0, timeAlone = 0.0
        let chunk = 20_000
        let end = benchNow() + seconds
        while benchNow() < end {
            var t0 = benchNow()
            for _ in 0..<chunk {
                state.apply(BenchWorkload.event(n))
                sink &+= state.scene().shapes.count
                n += 1
            }
            timeWith += benchNow() - t0
            withScene += chunk
            t0 = benchNow()
            for _ in 0..<chunk {
                sink &+= state.apply(BenchWorkload.event(n)) ? 1 : 0
                n += 1
            }
            timeAlone += benchNow() - t0
            alone += chunk
        }
        if sink == 42 { print("") }  // keep the work
        return (Double(withScene) / timeWith, timeWith / Double(withScene) * 1e9, Double(alone) / timeAlone)
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
