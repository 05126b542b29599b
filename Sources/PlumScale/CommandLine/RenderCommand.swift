import Foundation
import PlumScaleCore

/// `plumscale render`: replay up to a time, draw that frame headless.
public enum RenderCommand {
    /// The state after replaying every event with t <= `at` (default: all).
    public static func replayState(
        _ replay: Replay, at: Double?, size: PixelSize, config: Config = .defaults,
        history: HistoryService? = nil, kiosk: Bool = false, metrics: TextMetrics = .estimate, uiScale: Double? = nil
    ) -> AppState {
        var feeder = feeder(
            initialState(replay.device, size: size, config: config, kiosk: kiosk, metrics: metrics, uiScale: uiScale),
            history: history, end: at)
        for event in replay.events { feeder.append(event) }
        return feeder.finish()
    }

    static func initialState(
        _ device: ReplayDevice, size: PixelSize, config: Config, kiosk: Bool, metrics: TextMetrics = .estimate,
        uiScale: Double? = nil
    ) -> AppState {
        ReplayClock.initialState(
            device, screen: Size(Double(size.width), Double(size.height)), config: config, kiosk: kiosk, metrics: metrics,
            uiScale: uiScale)
    }

    /// The replay's feeder, with the store's work done as the window does
    /// it when there is a store (the effect runner), else none.
    static func feeder(_ state: AppState, history: HistoryService?, end: Double?) -> ReplayClock.Feeder {
        var state = state
        // When each device was last calibrated, from the log (the due date).
        if let history { state.apply(InputEvent(time: 0, .history(history.latestCalibrations()))) }
        guard let effects = history.map(EffectRunner.init(history:)) else { return ReplayClock.Feeder(state: state, end: end) }
        return ReplayClock.Feeder(state: state, end: end) { effects.feed($1, to: &$0) }
    }

    /// The state of a replay read line by line, never whole, JSON Lines
    /// and evemu alike: memory stays flat whatever the file's length. The
    /// state starts in the device's mode, which a header declaring
    /// "pressure" or an evemu description gives at once; otherwise it is
    /// what the file measured, found by a first pass that stops at the first
    /// varying pressure (usually the first line).
    static func streamedState(
        path: String, description: String? = nil, at: Double?, size: PixelSize, config: Config, history: HistoryService?,
        kiosk: Bool, metrics: TextMetrics = .estimate, uiScale: Double? = nil, log: Log, opened: ReplayLoader.Source? = nil
    ) throws -> AppState {
        let source = try opened ?? ReplayLoader.open(path: path, description: description)
        var feeder = feeder(
            initialState(source.device, size: size, config: config, kiosk: kiosk, metrics: metrics, uiScale: uiScale),
            history: history, end: at)
        var lines = 0
        var readers: [LineReader] = []
        let warnings = try ReplayLoader.stream(source, into: &feeder) { readers.append($0) }
        for reader in readers { lines += reader.lineNumber }
        for warning in warnings { log.warning(warning) }
        let state = feeder.finish()
        log.debug(
            "render: \(feeder.count) events from \(path) up to t=\(at ?? feeder.lastTime) at \(size.width)x\(size.height) (streamed, \(lines) lines)"
        )
        return state
    }

    /// The state at the end of the replay at `path`, streamed (as `render`
    /// reads JSON Lines) or read whole first (the bench compares the two).
    public static func replayedState(
        path: String, size: PixelSize = PixelSize(1280, 720),
        streamed: Bool
    ) throws -> AppState {
        if streamed {
            return try streamedState(
                path: path, at: nil, size: size, config: .defaults, history: nil, kiosk: false,
                log: Log())
        }
        return replayState(try ReplayLoader.load(path: path), at: nil, size: size)
    }

    public static func run(_ options: RenderOptions, log: Log) throws {
        // Targets that cannot be written are refused before any work.
        try OutputFile.checkTarget(options.out)
        if let statePath = options.state { try OutputFile.checkTarget(statePath) }
        // Every replay is streamed; the file is first looked at (its kind,
        // its device), so a bad one is refused before any other work.
        let source = try ReplayLoader.open(path: options.replay, description: options.deviceDescription)
        let config = try ConfigFile.load(explicitPath: options.config).config
        let history = try options.db.map { try HistoryService(path: $0, configPath: nil) } ?? HistoryService(temporary: ())
        if let path = options.config { history.configPath = path }
        let canvas = try HeadlessCanvas(
            width: options.size.width, height: options.size.height,
            fontPath: try FontLocator.locate(override: options.font ?? config.font))
        let state = try streamedState(
            path: options.replay, description: options.deviceDescription, at: options.at, size: options.size, config: config,
            history: history, kiosk: options.kiosk, metrics: canvas.metrics, uiScale: options.uiScale, log: log, opened: source)
        canvas.render(state.scene())
        try canvas.savePNG(options.out)
        if let statePath = options.state {
            try OutputFile.write(state.stateDocument().prettyText, to: statePath)
        }
    }
}
