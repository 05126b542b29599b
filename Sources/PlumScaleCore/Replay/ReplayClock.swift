import Foundation

/// A replay's events given to a state as the live loop would give them:
/// each after the frame ticks that would have come before it. `render`,
/// the bench and the core's tests all replay through it, so a recording
/// gives the same state in each (DESIGN.md: live equal to render).
public enum ReplayClock {
    /// Frame ticks are simulated only in the last `tickWindow` seconds
    /// before an event (longer than any animation or settling of the core);
    /// one tick at the window's start settles everything due before it.
    public static let tickWindow = 10.0
    /// The live loop sleeps at least 1 ms between ticks (SDL_WaitEventTimeout).
    public static let minimumTickStep = 0.001

    /// The state a replay starts from: the device's mode and mouse, its
    /// recording's start as the clock's origin (what is saved at t is saved
    /// at the recording's time, else now), the local time zone.
    public static func initialState(
        _ device: ReplayDevice, screen: Size, config: Config = .defaults, kiosk: Bool = false, metrics: TextMetrics = .estimate,
        uiScale: Double? = nil
    ) -> AppState {
        var state = AppState(
            screen: screen, source: .replay(device), mouseEmulation: device.mouse, config: config, kiosk: kiosk, uiScale: uiScale)
        state.timeZone = .current
        state.clockOrigin = device.started ?? Date()
        state.metrics = metrics
        return state
    }

    /// The state after every event of `replay` with t <= `at` (nil: all),
    /// and the frame at `at` (or at the last event). No store is asked
    /// anything: what would be saved is left in the state's effects.
    public static func state(
        of replay: Replay, at: Double?, screen: Size, config: Config = .defaults, kiosk: Bool = false,
        metrics: TextMetrics = .estimate, uiScale: Double? = nil
    ) -> AppState {
        var feeder = Feeder(
            state: initialState(replay.device, screen: screen, config: config, kiosk: kiosk, metrics: metrics, uiScale: uiScale),
            end: at)
        for event in replay.events { feeder.append(event) }
        return feeder.finish()
    }

    /// Replays events into a state as they come (from an array, or from a
    /// file line by line): every event with t <= `end` (nil: all), each
    /// after the frame ticks the live loop would have given before it.
    public struct Feeder: ReplayEventSink {
        public private(set) var state: AppState
        let end: Double?
        /// How an event is given to the state: applied, or (in `render`,
        /// with a store) through the shell's effect runner.
        let feed: (inout AppState, InputEvent) -> Void
        /// Every event seen, applied or not (the parser asks whether any was).
        public private(set) var count = 0
        public private(set) var lastTime = 0.0

        public init(state: AppState, end: Double?, feed: @escaping (inout AppState, InputEvent) -> Void = { $0.apply($1) }) {
            self.state = state
            self.end = end
            self.feed = feed
        }

        public var isEmpty: Bool { count == 0 }

        public mutating func append(_ event: InputEvent) {
            count += 1
            if let end, event.time > end { return }
            lastTime = event.time
            let feed = self.feed
            ReplayClock.tick(&state, until: event.time, feed: feed)
            feed(&state, event)
        }

        /// The frame at `end`, or at the last event.
        public mutating func finish() -> AppState {
            let end = self.end ?? lastTime
            let feed = self.feed
            ReplayClock.tick(&state, until: end, feed: feed)
            feed(&state, InputEvent(time: end, .tick))
            return state
        }
    }

    /// The frame ticks the live loop would give between the last event and
    /// one at `time`. Bounded by time, not by counting the core's wake-ups
    /// (which are advisory): at most tickWindow / minimumTickStep ticks,
    /// and none once time no longer advances (at 2^48 s, now + 1/60 == now).
    public static func tick(
        _ state: inout AppState, until time: Double,
        feed: (inout AppState, InputEvent) -> Void = { $0.apply($1) }
    ) {
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
}
