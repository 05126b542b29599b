import CSDL2
import Foundation
import PlumScale
import PlumScaleCore

/// What the MQTT sink costs the UI thread (docs/performance.md,
/// `fleet_frame_ratio_10`, `fleet_event_ratio`): the same 10-contact frames
/// and events alternately without and with a running sink connected to a
/// real broker (Debian's mosquitto on a loopback port of its own), the live
/// document made at its rate and the fleet line drawn.
enum FleetBench {
    struct Figures {
        var frameOff: Double
        var frameOn: Double
        var eventOff: Double
        var eventOn: Double
        var connected: Bool
    }

    static func run(_ target: BenchWindow, frames: FrameRenderer, rounds: Int, directory: String) throws -> Figures {
        let broker = try startBroker(directory: directory)
        defer { broker?.child.stop() }
        let history = try HistoryService(path: directory + "/fleet.sqlite3", configPath: nil)
        let settings = Config.MQTT(host: "127.0.0.1", port: broker?.port ?? 1, station: "bench", liveHz: 5)
        let sink = FleetSink(settings: settings, history: history, log: Log()) {}
        history.publish(to: sink)
        sink.start()
        defer { sink.stop() }
        let deadline = benchNow() + 3
        while !sink.status.connected, benchNow() < deadline { usleep(10_000) }
        var live = FleetLive(sink: sink)
        var off = BenchWorkload.state(contacts: 10)
        var on = BenchWorkload.state(contacts: 10)
        on.apply(InputEvent(time: 0, .fleet(sink.status)))
        var frameOff: [Double] = []
        var frameOn: [Double] = []
        for i in 0..<(rounds + 10) {
            SDL_PumpEvents()
            SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
            let t0 = benchNow()
            BenchWorkload.step(&off, contacts: 10, step: i)
            try frames.draw(off.scene())
            SDL_RenderPresent(target.renderer)
            let t1 = benchNow()
            BenchWorkload.step(&on, contacts: 10, step: i)
            try frames.draw(on.scene())
            SDL_RenderPresent(target.renderer)
            live.changed()
            live.publishIfDue(now: t1, on)
            let t2 = benchNow()
            if i >= 10 {
                frameOff.append(t1 - t0)
                frameOn.append(t2 - t1)
            }
        }
        // Events: apply() and a full scene() each; both states get the same
        // chunk of the stream, which of them goes first alternating.
        var eventOff: [Double] = []
        var eventOn: [Double] = []
        var base = 0
        func chunk(_ state: inout AppState, fleet: Bool) -> Double {
            let t0 = benchNow()
            for n in base..<(base + 2_000) {
                state.apply(BenchWorkload.event(n))
                _ = state.scene()
                if fleet {
                    live.changed()
                    live.publishIfDue(now: benchNow(), state)
                }
            }
            return (benchNow() - t0) / 2_000
        }
        for round in 0..<max(rounds / 5, 20) {
            if round % 2 == 0 {
                eventOff.append(chunk(&off, fleet: false))
                eventOn.append(chunk(&on, fleet: true))
            } else {
                eventOn.append(chunk(&on, fleet: true))
                eventOff.append(chunk(&off, fleet: false))
            }
            base += 2_000
        }
        return Figures(
            frameOff: Stats.median(frameOff) * 1000, frameOn: Stats.median(frameOn) * 1000,
            eventOff: Stats.median(eventOff) * 1e9, eventOn: Stats.median(eventOn) * 1e9, connected: sink.status.connected)
    }

    /// `plumscale-bench --child fleet:ROUNDS`: these figures alone.
    static func child(rounds: Int, fontPath: String) throws {
        SDL_SetHint(SDL_HINT_RENDER_VSYNC, "0")
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        guard SDL_Init(SDL_INIT_EVENTS) == 0 else { throw SDLError("SDL_Init") }
        defer { SDL_Quit() }
        let fonts = try FontSet(path: fontPath)
        let directory = NSTemporaryDirectory() + "plumscale-bench-fleet-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try BenchVideo.with(driver: "offscreen") {
            let target = try BenchWindow(software: true)
            let spans = FrameRenderer(renderer: target.renderer, rendererName: "software", fonts: fonts)
            let f = try run(target, frames: spans, rounds: rounds, directory: directory)
            print(
                String(
                    format: "fleet_frame_ratio_10 %.3f (%.3f ms on vs %.3f ms off), fleet_event_ratio %.3f (%.0f ns vs %.0f ns), ",
                    f.frameOn / f.frameOff, f.frameOn, f.frameOff, f.eventOn / f.eventOff, f.eventOn, f.eventOff)
                    + (f.connected ? "connected to mosquitto" : "no broker"))
        }
    }

    /// mosquitto on a free loopback port, nil when it is not installed (the
    /// sink then runs against a closed port: retrying, which costs the UI
    /// thread the same nothing).
    static func startBroker(directory: String) throws -> (child: ChildProcess, port: Int)? {
        let binary = "/usr/sbin/mosquitto"
        guard FileManager.default.isExecutableFile(atPath: binary) else { return nil }
        let port = 20_000 + Int(getpid() % 20_000)
        let config = directory + "/mosquitto.conf"
        try "listener \(port) 127.0.0.1\nallow_anonymous true\nuser \(geteuid() == 0 ? "root" : NSUserName())\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        let child = try ChildProcess(binary, ["-c", config])
        usleep(300_000)
        return (child, port)
    }
}
