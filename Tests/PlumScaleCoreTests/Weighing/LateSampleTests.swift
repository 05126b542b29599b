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

    @Test func theFilterKeepsASimultaneousSampleAsTheNewestRaw() {
        var filter = OneEuroFilter()
        _ = filter.filter(0.48, at: 1)
        #expect(filter.filter(0.61, at: 1) == 0.48)
        #expect(filter.lastRaw == 0.61)
        #expect(filter.filter(0.61, at: 0.5) == 0.48, "earlier: kept, not filtered")
    }
}
