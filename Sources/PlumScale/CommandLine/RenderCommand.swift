import Foundation
import PlumScaleCore

/// `plumscale render`: replay up to a time, draw that frame headless.
public enum RenderCommand {
    /// The state after replaying every event with t <= `at` (default: all).
    public static func replayState(
        _ replay: Replay, at: Double?, size: (width: Int, height: Int), config: Config = .defaults,
        history: HistoryService? = nil, kiosk: Bool = false
    ) -> AppState {
        var state = AppState(
            screen: Size(Double(size.width), Double(size.height)), source: .replay(replay.device), config: config,
            kiosk: kiosk)
        state.timeZone = .current
        let end = at ?? replay.duration
        func feed(_ state: inout AppState, _ event: InputEvent) {
            if let history { history.feed(event, to: &state) } else { state.apply(event) }
        }
        for event in replay.events where event.time <= end {
            tick(&state, until: event.time, feed: feed)
            feed(&state, event)
        }
        tick(&state, until: end, feed: feed)
        feed(&state, InputEvent(time: end, .tick))
        return state
    }

    /// Frame ticks are simulated only in the last `tickWindow` seconds
    /// before an event (longer than any animation or settling of the core);
    /// one tick at the window's start settles everything due before it.
    static let tickWindow = 10.0
    /// The live loop sleeps at least 1 ms between ticks (SDL_WaitEventTimeout).
    static let minimumTickStep = 0.001

    /// The frame ticks the live loop would give between the last event and
    /// one at `time`. Bounded by time, not by counting the core's wake-ups
    /// (which are advisory): at most tickWindow / minimumTickStep ticks,
    /// and none once time no longer advances (at 2^48 s, now + 1/60 == now).
    static func tick(_ state: inout AppState, until time: Double,
                     feed: (inout AppState, InputEvent) -> Void = { $0.apply($1) }) {
        guard time.isFinite else { return }
        var last = state.now
        let windowStart = time - tickWindow
        if windowStart > last, let wake = state.nextWake, wake < windowStart {
            feed(&state, InputEvent(time: windowStart, .tick))
            last = windowStart
        }
        while let wake = state.nextWake, wake < time {
            let at = max(wake, last + minimumTickStep)
            guard at < time, at > last else { break }
            feed(&state, InputEvent(time: at, .tick))
            last = at
        }
    }

    public static func run(_ options: RenderOptions, log: Log) throws {
        // Targets that cannot be written are refused before any work.
        try OutputFile.checkTarget(options.out)
        if let statePath = options.state { try OutputFile.checkTarget(statePath) }
        let replay = try ReplayLoader.load(path: options.replay, description: options.deviceDescription)
        for warning in replay.warnings { log.warning(warning) }
        log.debug("render: \(replay.events.count) events from \(options.replay) up to t=\(options.at ?? replay.duration) at \(options.size.width)x\(options.size.height)")
        let config = try ConfigFile.load(explicitPath: options.config).config
        let history = try options.db.map { try HistoryService(path: $0, configPath: nil) } ?? HistoryService(temporary: ())
        if let path = options.config { history.configPath = path }
        let state = replayState(replay, at: options.at, size: options.size, config: config, history: history,
            kiosk: options.kiosk)
        let canvas = try HeadlessCanvas(
            width: options.size.width, height: options.size.height,
            fontPath: try FontLocator.locate(override: options.font ?? config.font))
        canvas.render(state.scene())
        try canvas.savePNG(options.out)
        if let statePath = options.state {
            try OutputFile.write(state.stateDocument().prettyText, to: statePath)
        }
    }
}
