import Foundation
import Testing

@testable import PlumScaleCore

/// The preview's hint names what works for the input that showed it, each
/// notch of the wheel shows, and the highlight follows the preview (issue 23.5).
@Suite struct PeekHintTests {
    static func table() -> AppState {
        var state = AppState(screen: Size(1280, 720), source: .mouse, mouseEmulation: true)
        state.apply(InputEvent(time: 0, .keyDown(.character("h"), modifiers: [])))
        let rows = (1...3).reversed().map {
            HistoryRow(
                id: Int64($0), takenAt: Date(timeIntervalSince1970: 0), device: "mouse", mode: "force", objectCount: 1,
                heaviestForce: 0.5, heaviestGrams: nil)
        }
        _ = state.apply(InputEvent(time: 0.1, .history(.rows(page: 0, rows, labels: ["a", "b", "c"]))))
        return state
    }

    func rowPoint(_ state: AppState, _ id: String) throws -> (Double, Double) {
        let rect = try #require(state.scene().elements.first { $0.kind == .row && $0.name == id }).rect
        return (rect.center.x / 1280, rect.center.y / 720)
    }

    func hint(_ state: AppState) -> String? { state.screen.browser.map { state.historyView.peekHint($0) } }

    @Test func theMouseHeldThenReleasedKeepsThePreviewAndSaysSo() throws {
        var state = Self.table()
        let (x, y) = try rowPoint(state, "2")
        state.apply(InputEvent(time: 1, .pointerDown(x: x, y: y, button: 1, modifiers: [])))
        for step in 1...7 { state.apply(InputEvent(time: 1 + Double(step) * 0.1, .tick)) }
        #expect(state.screen.browser?.peek.phase == .peek)
        #expect(hint(state) == "keep holding to open · drag up for actions")
        state.apply(InputEvent(time: 1.8, .pointerUp(x: x, y: y, button: 1)))
        #expect(state.screen.browser?.peek.phase == .peek, "a held preview stays up after the release")
        #expect(hint(state) == "click it to open · wheel up ×4 opens · drag it up for actions · Esc closes")
        // Every notch shows: 4, 3, 2, 1 left, then it opens.
        for left in [3, 2, 1] {
            state.apply(InputEvent(time: 2, .wheel(dy: 1)))
            #expect(hint(state) == "click it to open · wheel up ×\(left) opens · drag it up for actions · Esc closes")
        }
        state.apply(InputEvent(time: 2.1, .wheel(dy: 1)))
        #expect(state.screen.name == "detail")
    }

    @Test func rightClickHighlightsThePreviewedRowAndEscapeCloses() throws {
        var state = Self.table()
        let (x, y) = try rowPoint(state, "1")
        state.apply(InputEvent(time: 1, .pointerDown(x: x, y: y, button: 3, modifiers: [])))
        #expect(state.screen.browser?.peek.row == 1)
        #expect(state.screen.browser?.selected == 2, "row #1 is the third row: highlighted")
        #expect(hint(state)?.hasPrefix("click it to open · wheel up ×4") == true)
        state.apply(InputEvent(time: 1.2, .keyDown(.escape, modifiers: [])))
        #expect(state.screen.browser?.peek.phase == PeekPhase.none)
        #expect(state.screen.name == "history")
    }

    @Test func theKeyboardsHintIsTheKeyboards() {
        var state = Self.table()
        state.apply(InputEvent(time: 1, .keyDown(.down, modifiers: [])))
        state.apply(InputEvent(time: 1.1, .keyDown(.space, modifiers: [])))
        #expect(hint(state) == "Enter opens · release space to close")
        state.apply(InputEvent(time: 1.5, .keyUp(.space, modifiers: [])))
        #expect(state.screen.browser?.peek.phase == PeekPhase.none, "releasing space closes, as it says")
    }

    /// Portrait: the layout is turned 90° clockwise, and a swipe towards
    /// the top of the preview as drawn (physically to the right) reveals
    /// its actions; touches are turned with the layout, gestures with them.
    @Test func aSwipeUpTheTurnedPreviewRevealsItsActionsInPortrait() throws {
        var state = AppState(screen: Size(720, 1280), source: .mouse)
        state.apply(InputEvent(time: 0, .keyDown(.character("h"), modifiers: [])))
        let row = HistoryRow(
            id: 1, takenAt: Date(timeIntervalSince1970: 0), device: "mouse", mode: "force", objectCount: 1,
            heaviestForce: 0.5, heaviestGrams: nil)
        _ = state.apply(InputEvent(time: 0.1, .history(.rows(page: 0, [row], labels: ["a"]))))
        // Layout point -> the portrait screen's normalised point.
        func screen(_ p: Point) -> (Double, Double) { ((720 - p.y) / 720, p.x / 1280) }
        let rowRect = try #require(state.scene().elements.first { $0.kind == .row }).rect
        let (rx, ry) = screen(rowRect.center)
        state.apply(InputEvent(time: 1, .pointerDown(x: rx, y: ry, button: 3, modifiers: [])))
        let card = try #require(state.scene().elements.first { $0.kind == .preview }).rect
        let (cx, cy) = screen(card.center)
        state.apply(InputEvent(time: 2, .touchDown(TouchSample(id: 5, x: cx, y: cy, pressure: nil))))
        for step in 1...5 {
            let (x, y) = screen(Point(card.center.x, card.center.y - Double(step) * 20))
            #expect(x > cx, "the layout's up is the panel's right")
            state.apply(InputEvent(time: 2 + Double(step) * 0.05, .touchMove(TouchSample(id: 5, x: x, y: y, pressure: nil))))
        }
        #expect(state.screen.browser?.peek.phase == .actions)
    }
}
