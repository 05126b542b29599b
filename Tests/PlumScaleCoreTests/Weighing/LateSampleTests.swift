import Testing

@testable import PlumScaleCore

/// The window stamps a touch with the time SDL queued it and a tick with
/// the time it runs; on a loaded machine a tick can run between the two, so
/// a move reaches the scale stamped before the time the scale is already
/// at. It must count, not vanish (seen in a window under load: a plum
/// pressed harder kept its first force, shown stable, for good).
@Suite struct LateSampleTests {
    @Test func aMoveStampedBeforeTheLastTickStillCounts() {
        var state = AppState(screen: Size(1280, 720), source: .replay(ReplayDevice(name: "panel", mode: .force)))
        state.apply(InputEvent(time: 0.05, .touchDown(TouchSample(id: 2, x: 0.4, y: 0.62, pressure: 0.48))))
        state.apply(InputEvent(time: 1.0, .tick))
        state.apply(InputEvent(time: 0.9, .touchMove(TouchSample(id: 2, x: 0.4, y: 0.62, pressure: 0.61))))
        var t = 1.0
        while let wake = state.nextWake, wake < 4 {
            t = max(wake, t)
            state.apply(InputEvent(time: t, .tick))
        }
        state.apply(InputEvent(time: 4, .tick))
        let view = state.contactViews.first
        #expect(view?.label == "61.0%")
        #expect(view?.stable == true)
    }

    /// A loaded machine may run no tick between a press and the next input
    /// that is not a touch (the pointer entering the window, a key, a store
    /// answer). That input moves the program's clock past the settling
    /// time, but not the scale's: the scale must still ask for a tick, or
    /// the reading stays half-smoothed, its dot green, for good (seen under
    /// load at 3840x2160: 10.0% shown, stable, for a 12.0% press).
    @Test func anInputAfterAStillPressLetsTheScaleCatchUp() {
        for late in [
            InputEvent.Kind.pointerMove(x: 640, y: 360), .keyUp(.character("x"), modifiers: []), .resize(width: 1280, height: 720),
        ] {
            var state = AppState(screen: Size(1280, 720), source: .replay(ReplayDevice(name: "panel", mode: .force)))
            state.apply(InputEvent(time: 0.211, .touchDown(TouchSample(id: 1, x: 0.18, y: 0.3, pressure: 0.06))))
            state.apply(InputEvent(time: 0.407, .touchMove(TouchSample(id: 1, x: 0.18, y: 0.3, pressure: 0.12))))
            state.apply(InputEvent(time: 1.317, late))
            // The window's loop: a tick whenever the core asks for one.
            var ticks = 0
            while let wake = state.nextWake, wake < 4, ticks < 1000 {
                state.apply(InputEvent(time: wake, .tick))
                ticks += 1
            }
            let view = state.contactViews.first
            #expect(view?.label == "12.0%", "after \(late): \(view?.label ?? "none")")
            #expect(view?.stable == true)
            #expect((state.nextWake ?? .infinity) > 4, "and then it sleeps: \(state.nextWake ?? .infinity)")
        }
    }

    @Test func theFilterKeepsASimultaneousSampleAsTheNewestRaw() {
        var filter = OneEuroFilter()
        _ = filter.filter(0.48, at: 1)
        #expect(filter.filter(0.61, at: 1) == 0.48)
        #expect(filter.lastRaw == 0.61)
        #expect(filter.filter(0.61, at: 0.5) == 0.48, "earlier: kept, not filtered")
    }
}
