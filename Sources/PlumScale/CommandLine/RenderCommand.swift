import Foundation

/// `plumscale render`: replay up to a time, draw that frame headless.
public enum RenderCommand {
    /// The state after replaying every event with t <= `at` (default: all).
    public static func replayState(_ replay: Replay, at: Double?, size: (width: Int, height: Int)) -> AppState {
        var state = AppState(screen: Size(Double(size.width), Double(size.height)), source: .replay(replay.device))
        let end = at ?? replay.duration
        for event in replay.events where event.time <= end {
            state.apply(event)
        }
        state.apply(InputEvent(time: end, .tick))
        return state
    }

    public static func run(_ options: RenderOptions, log: Log) throws {
        let replay = try ReplayLoader.load(path: options.replay)
        for warning in replay.warnings { log.warning(warning) }
        log.debug("render: \(replay.events.count) events from \(options.replay) up to t=\(options.at ?? replay.duration) at \(options.size.width)x\(options.size.height)")
        let state = replayState(replay, at: options.at, size: options.size)
        let canvas = try HeadlessCanvas(
            width: options.size.width, height: options.size.height,
            fontPath: try FontLocator.locate(override: options.font))
        canvas.render(state.scene())
        try canvas.savePNG(options.out)
        if let statePath = options.state {
            do {
                try state.stateDocument().prettyText.write(toFile: statePath, atomically: true, encoding: .utf8)
            } catch {
                throw RuntimeFailure("cannot write the state document to \(statePath): \(error.localizedDescription)")
            }
        }
    }
}
