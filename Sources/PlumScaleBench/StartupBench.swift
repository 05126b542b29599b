import CSDL2
import Foundation
import PlumScale
import PlumScaleCore

/// Time to the first presented frame with the history store opened on a
/// database of 100,000 weighings against an empty one, alternately, in this
/// process: window, renderer, FrameRenderer (fonts), HistoryStore open
/// (header check, migration check), the first page of the table (what a
/// history screen shows first), the first scene drawn and presented.
enum StartupBench {
    struct Figures {
        var emptyMs: Double
        var fullMs: Double
        /// Of which HistoryStore.init (header, integrity and migration checks).
        var emptyOpenMs: Double
        var fullOpenMs: Double
        var ratio: Double { fullMs / emptyMs }
    }

    static func makeDatabases(in directory: String, weighings: Int) throws -> (empty: String, full: String) {
        let empty = directory + "/empty.sqlite3"
        let full = directory + "/full.sqlite3"
        _ = try HistoryStore(path: empty)
        let store = try HistoryStore(path: full)
        try store.execute(
            """
            BEGIN;
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(weighings - 1))
            INSERT INTO weighings(taken_at, device, mode, object_count, heaviest_force)
                SELECT 1700000000000000 + i * 1000000, 'bench panel', 'force', 1 + i % 5, 0.9 FROM n;
            WITH RECURSIVE k(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM k WHERE j < 4)
            INSERT INTO objects(weighing_id, idx, x, y, force, grams, stable, tare)
                SELECT w.id, k.j, 100 + 150 * k.j, 360, (k.j + 1) / 10.0, NULL, 1, 0
                FROM weighings w JOIN k ON k.j < w.object_count;
            COMMIT;
            """)
        let count = try store.count()
        guard count == weighings else { throw RuntimeFailure("bench: database has \(count) weighings, expected \(weighings)") }
        return (empty, full)
    }

    static func startOnce(database: String, fontPath: String) throws -> (total: Double, open: Double) {
        let t0 = benchNow()
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else { throw SDLError("SDL_InitSubSystem(VIDEO)") }
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO) }
        guard
            let window = SDL_CreateWindow(
                "PlumScale", Int32(plum_windowpos_centered()), Int32(plum_windowpos_centered()), 1280, 720,
                SDL_WINDOW_RESIZABLE.rawValue)
        else { throw SDLError("SDL_CreateWindow") }
        defer { SDL_DestroyWindow(window) }
        guard
            let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue)
                ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        else { throw SDLError("SDL_CreateRenderer") }
        defer { SDL_DestroyRenderer(renderer) }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        let name = info.name.map { String(cString: $0) } ?? "unknown"
        let frames = FrameRenderer(renderer: renderer, rendererName: name, fonts: try FontSet(path: fontPath))
        let o0 = benchNow()
        let store = try HistoryStore(path: database)
        let o1 = benchNow()
        let page = try store.rows(limit: 20)
        let state = BenchWorkload.newState()
        try frames.draw(state.scene())
        SDL_RenderPresent(renderer)
        let t1 = benchNow()
        if page.count > 20 { print("") }
        return (t1 - t0, o1 - o0)
    }

    /// The real binary, alternately on each database: from posix_spawn to
    /// its exit with `--exit-after 0`, which opens the window and the
    /// history, presents the first frame, and quits (teardown included in
    /// both). A fresh config path keeps the user's settings out of it.
    static func runBinary(rounds: Int, empty: String, full: String, display: String, directory: String) throws
        -> (emptyMs: Double, fullMs: Double)
    {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment.removeValue(forKey: "SDL_VIDEODRIVER")
        try "{}\n".write(toFile: directory + "/config.json", atomically: true, encoding: .utf8)
        func once(_ db: String) throws -> Double {
            let t0 = benchNow()
            let child = try ChildProcess(
                ProcStats.programPath(),
                ["--db", db, "--config", directory + "/config.json", "--source", "mouse", "--exit-after", "0"],
                environment: environment)
            guard child.wait(timeout: 30) == 0 else {
                throw RuntimeFailure("bench: the windowed program failed to start and quit (status \(child.status ?? -1))")
            }
            return benchNow() - t0
        }
        _ = try once(empty)
        _ = try once(full)
        var a: [Double] = []
        var b: [Double] = []
        for _ in 0..<rounds {
            a.append(try once(empty))
            b.append(try once(full))
        }
        return (Stats.median(a) * 1000, Stats.median(b) * 1000)
    }

    static func run(rounds: Int, weighings: Int, fontPath: String, display: String) throws
        -> (inProcess: Figures, binary: (emptyMs: Double, fullMs: Double))
    {
        let directory = NSTemporaryDirectory() + "plumscale-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (empty, full) = try makeDatabases(in: directory, weighings: weighings)
        _ = try startOnce(database: empty, fontPath: fontPath)
        _ = try startOnce(database: full, fontPath: fontPath)
        var a: [Double] = []
        var b: [Double] = []
        var oa: [Double] = []
        var ob: [Double] = []
        for _ in 0..<rounds {
            let x = try startOnce(database: empty, fontPath: fontPath)
            let y = try startOnce(database: full, fontPath: fontPath)
            a.append(x.total)
            oa.append(x.open)
            b.append(y.total)
            ob.append(y.open)
        }
        let binary = try runBinary(rounds: rounds, empty: empty, full: full, display: display, directory: directory)
        return (
            Figures(
                emptyMs: Stats.median(a) * 1000, fullMs: Stats.median(b) * 1000, emptyOpenMs: Stats.median(oa) * 1000,
                fullOpenMs: Stats.median(ob) * 1000), binary
        )
    }
}
