import Foundation
import Testing

@testable import PlumScaleCore

/// What the wheel, `u` and the total line mean to a person (issue 23, 8–10).
@Suite struct WheelUnitsTotalTests {
    static func pinned(at points: [(Double, Double)]) -> AppState {
        var state = AppState(screen: Size(1280, 720), source: .mouse, mouseEmulation: true)
        for (i, (x, y)) in points.enumerated() {
            let t = Double(i) * 0.1
            state.apply(InputEvent(time: t, .pointerDown(x: x, y: y, button: 1, modifiers: [.control])))
            state.apply(InputEvent(time: t, .pointerUp(x: x, y: y, button: 1)))
        }
        return state
    }

    @Test func theWheelChangesTheCircleUnderThePointerNotTheLastPinned() {
        var state = Self.pinned(at: [(0.2, 0.5), (0.8, 0.5)])
        // The pointer goes back over the first circle, then the wheel turns.
        state.apply(InputEvent(time: 1, .pointerMove(x: 0.22, y: 0.5)))
        state.apply(InputEvent(time: 1.1, .wheel(dy: 4)))
        state.apply(InputEvent(time: 2, .tick))
        #expect(state.contactViews.map(\.force) == [0.7, 0.5])
        // Between the circles, nearer the second: the second.
        state.apply(InputEvent(time: 3, .pointerMove(x: 0.6, y: 0.1)))
        state.apply(InputEvent(time: 3.1, .wheel(dy: -2)))
        state.apply(InputEvent(time: 4, .tick))
        #expect(state.contactViews.map(\.force) == [0.7, 0.6])
        #expect(MouseEmulation.hint.contains("wheel = force of the circle under it"))
    }

    @Test func unitsWithoutGramsSayWhyAndChangeNothing() {
        var state = Self.pinned(at: [(0.5, 0.5)])
        state.apply(InputEvent(time: 1, .keyDown(.character("u"), modifiers: [])))
        #expect(state.units == .g)
        #expect(state.notice?.text == "Units need grams: calibrate the scale first (k), then u cycles g, oz and lb.")
        var area = AppState(screen: Size(1280, 720), source: InputSource(kind: "replay", deviceName: "pad", mode: .area))
        area.apply(InputEvent(time: 1, .keyDown(.character("u"), modifiers: [])))
        #expect(area.notice?.text == "Units need grams, and this device gives area only: no grams.")
    }

    @Test func withoutGramsTheTotalSaysItIsASumOfFullScale() {
        var state = Self.pinned(at: [(0.2, 0.5), (0.8, 0.5)])
        state.apply(InputEvent(time: 1, .tick))
        #expect(state.totalText == "Sum 100.0% of full scale · 2 objects")
        #expect(state.stateDocument()["total"]?["label"] == .string("100.0%"), "the document's label keeps its meaning")
    }
}
