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
        var state = initialState(replay.device, screen: screen, config: config, kiosk: kiosk, metrics: metrics, uiScale: uiScale)
        var last = 0.0
        for event in replay.events {
            if let at, event.time > at { continue }
            last = event.time
            tick(&state, until: event.time)
            state.apply(event)
        }
        let end = at ?? last
        tick(&state, until: end)
        state.apply(InputEvent(time: end, .tick))
        return state
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
