import PlumScale
import PlumScaleCore

/// The scenes and event streams the bench feeds the core: contacts in a
/// grid, forces quantised like a real digitizer's pressure (1/1023 steps),
/// one contact clearly heaviest so one large yellow disc is drawn.
enum BenchWorkload {
    static let screen = Size(1280, 720)
    static let device = ReplayDevice(name: "bench panel", mode: .force)

    static func newState(screen: Size = screen) -> AppState {
        AppState(screen: screen, source: .replay(device))
    }

    /// Contact `k` of `count`, spread over the screen in a grid.
    static func position(_ k: Int, of count: Int) -> (x: Double, y: Double) {
        let columns = count <= 10 ? 5 : 10
        let rows = (count + columns - 1) / columns
        let col = k % columns
        let row = k / columns
        return ((Double(col) + 0.5) / Double(columns), (Double(row) + 0.5) / Double(rows))
    }

    /// Pressure of contact `k` at step `step`: contact 0 is the heaviest
    /// (about 0.95, a disc of about 170,000 pixels), the others 0.1...0.6.
    static func pressure(_ k: Int, step: Int) -> Double {
        let wobble = (step &* (k + 1) &* 7) % 41  // 0...40 levels
        let level = k == 0 ? 960 + wobble : 100 + (k * 37) % 500 + wobble
        return Double(level) / 1023
    }

    static func sample(_ k: Int, of count: Int, step: Int) -> TouchSample {
        let p = position(k, of: count)
        let drift = Double(step % 16) / 4000
        return TouchSample(id: k + 1, x: p.x + drift, y: p.y, pressure: pressure(k, step: step))
    }

    /// A state with `count` contacts down.
    static func state(contacts count: Int, screen: Size = screen) -> AppState {
        var state = newState(screen: screen)
        for k in 0..<count { state.apply(InputEvent(time: 0, .touchDown(sample(k, of: count, step: 0)))) }
        return state
    }

    /// Moves every contact once (a new force each: labels change every frame).
    static func step(_ state: inout AppState, contacts count: Int, step: Int) {
        let t = Double(step) / 240
        for k in 0..<count { state.apply(InputEvent(time: t, .touchMove(sample(k, of: count, step: step)))) }
    }

    /// Event `n` of an endless 10-finger stream at 2,400 events/s: moves,
    /// and once a second finger 10 lifts and comes back with a new id (ids
    /// keep growing, as on a real panel).
    static func event(_ n: Int) -> InputEvent {
        let t = Double(n) / 2400
        let finger = n % 10
        let cycle = n / 2400
        var s = sample(finger, of: 10, step: n / 10)
        if finger == 9 {
            s.id = 10 + 10 * cycle
            if n % 2400 == 2399 { return InputEvent(time: t, .touchUp(id: s.id)) }
            if n % 2400 == 9 { return InputEvent(time: t, .touchDown(s)) }
        }
        return InputEvent(time: t, n < 10 ? .touchDown(s) : .touchMove(s))
    }
}
