import CSDL2
import Foundation
import PlumScale
import PlumScaleCore

/// A history-screen frame while scrolling, with 1,000,000 weighings in the
/// database against 100, alternately: the real core (key "h" opens the
/// table, wheel notches scroll it, HistoryService answers the page requests
/// from SQLite), the scene, spans into SDL's software renderer, present.
/// The same scroll pattern on both (40 notches down, 40 up), so the rows on
/// screen are the newest ones in both; what may differ is the database work.
enum HistoryBench {
    struct Figures {
        var smallMs: Double
        var largeMs: Double
        var ratio: Double { largeMs / smallMs }
    }

    static func makeDatabase(_ path: String, weighings: Int) throws {
        let store = try HistoryStore(path: path)
        try store.execute(
            """
            BEGIN;
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(weighings - 1))
            INSERT INTO weighings(taken_at, device, mode, object_count, heaviest_force)
                SELECT 1700000000000000 + i * 1000000, 'bench panel', 'force', 1 + i % 5, (i % 1000) / 1000.0 FROM n;
            COMMIT;
            """)
    }

    static func run(_ target: BenchWindow, frames: FrameRenderer, rounds: Int, directory: String) throws -> Figures {
        let small = directory + "/history-100.sqlite3"
        let large = directory + "/history-1m.sqlite3"
        try makeDatabase(small, weighings: 100)
        try makeDatabase(large, weighings: 1_000_000)
        let services = [
            EffectRunner(history: try HistoryService(path: small, configPath: directory + "/config.json")),
            EffectRunner(history: try HistoryService(path: large, configPath: directory + "/config.json")),
        ]
        var states = [BenchWorkload.newState(), BenchWorkload.newState()]
        var times: [[Double]] = [[], []]
        var t = 0.0
        for i in 0..<2 { services[i].feed(InputEvent(time: t, .keyDown(.character("h"), modifiers: [])), to: &states[i]) }
        let warmUp = 10
        for step in 0..<(rounds + warmUp) {
            t += 1.0 / 120
            let dy: Double = (step / 40) % 2 == 0 ? -1 : 1
            for i in 0..<2 {
                SDL_PumpEvents()
                SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
                let t0 = benchNow()
                services[i].feed(InputEvent(time: t, .wheel(dy: dy)), to: &states[i])
                try frames.draw(states[i].scene())
                SDL_RenderPresent(target.renderer)
                if step >= warmUp { times[i].append(benchNow() - t0) }
            }
        }
        return Figures(smallMs: Stats.median(times[0]) * 1000, largeMs: Stats.median(times[1]) * 1000)
    }
}
