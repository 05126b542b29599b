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
        func feed(_ event: InputEvent) {
            if let history { history.feed(event, to: &state) } else { state.apply(event) }
        }
        for event in replay.events where event.time <= end {
            tick(until: event.time)
            feed(event)
        }
        tick(until: end)
        feed(InputEvent(time: end, .tick))
        return state

        /// The frame ticks the live loop would give between two events.
        func tick(until time: Double) {
            while let wake = state.nextWake, wake < time { feed(InputEvent(time: wake, .tick)) }
        }
    }

    /// The frame ticks the live loop would give between two events.
    static func tick(_ state: inout AppState, until time: Double) {
        while let wake = state.nextWake, wake < time {
            state.apply(InputEvent(time: wake, .tick))
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
