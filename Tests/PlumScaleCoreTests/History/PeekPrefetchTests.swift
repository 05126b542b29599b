import Foundation
import Testing

@testable import PlumScaleCore

/// A finger held on a row asks the store for its weighing at once, so the
/// preview half a second later shows it rather than "Loading…" (found by
/// the touch-hold journey on a busy machine: the store answered after the
/// preview was up, and the window drew "Loading…" where render drew the
/// weighing).
@Suite struct PeekPrefetchTests {
    static func table() -> AppState {
        var state = AppState(screen: Size(800, 480), source: .replay(ReplayDevice(name: "panel", mode: .position)))
        state.apply(InputEvent(time: 0, .keyDown(.character("h"), modifiers: [])))
        let rows = (1...3).reversed().map {
            HistoryRow(
                id: Int64($0), takenAt: Date(timeIntervalSince1970: 0), device: "panel", mode: "position", objectCount: 1,
                heaviestForce: nil, heaviestGrams: nil)
        }
        state.apply(InputEvent(time: 0.1, .history(.rows(page: 0, rows, labels: ["a", "b", "c"]))))
        return state
    }

    static func weighing(_ id: Int64) -> Weighing {
        Weighing(id: id, takenAt: Date(timeIntervalSince1970: 0), device: "panel", mode: "position", objects: [])
    }

    static func row(_ state: AppState, _ id: Int64) throws -> (Double, Double) {
        let rect = try #require(state.scene().elements.first { $0.kind == .row && $0.name == "\(id)" }).rect
        return (rect.center.x / 800, rect.center.y / 480)
    }

    static func texts(_ state: AppState) -> [String] {
        state.scene().shapes.compactMap { if case .text(let text, _, _, _, _) = $0 { text } else { nil } }
    }

    @Test func aHeldRowsPreviewShowsTheWeighingFetchedWhenThePressBegan() throws {
        var state = Self.table()
        let (x, y) = try Self.row(state, 2)
        let asked = state.apply(InputEvent(time: 1, .touchDown(TouchSample(id: 5, x: x, y: y))))
        #expect(asked == [.loadWeighing(id: 2)], "the press asks for its row's weighing: \(asked)")
        state.apply(InputEvent(time: 1.05, .history(.weighing(Self.weighing(2)))))
        #expect(state.screen.browser?.peek.phase == PeekPhase.none, "nothing shown yet")
        var later: [Effect] = []
        for step in 1...7 { later += state.apply(InputEvent(time: 1 + Double(step) * 0.1, .tick)) }
        #expect(state.screen.browser?.peek.phase == .peek, "held 0.7 s: the preview")
        #expect(later.isEmpty, "not asked again: \(later)")
        #expect(state.screen.browser?.preview?.id == 2)
        #expect(!Self.texts(state).contains("Loading…"), "the card shows the weighing at once")
    }

    @Test func aWeighingForAnotherRowIsNotThePreviewsAndThePopShowsItAtOnce() throws {
        var state = Self.table()
        let (x1, y1) = try Self.row(state, 1)
        let (x3, y3) = try Self.row(state, 3)
        // A press on #1, lifted at once; then #3 held: #1's answer comes late.
        state.apply(InputEvent(time: 1, .touchDown(TouchSample(id: 5, x: x1, y: y1))))
        state.apply(InputEvent(time: 1.02, .touchCancel(id: 5)))
        #expect(state.apply(InputEvent(time: 1.1, .touchDown(TouchSample(id: 6, x: x3, y: y3)))) == [.loadWeighing(id: 3)])
        for step in 1...7 { state.apply(InputEvent(time: 1.1 + Double(step) * 0.1, .tick)) }
        #expect(state.screen.browser?.peek.row == 3)
        state.apply(InputEvent(time: 1.85, .history(.weighing(Self.weighing(1)))))
        #expect(state.screen.browser?.preview == nil, "#1's weighing is not #3's preview")
        #expect(Self.texts(state).contains("Loading…"))
        state.apply(InputEvent(time: 1.9, .history(.weighing(Self.weighing(3)))))
        #expect(state.screen.browser?.preview?.id == 3)
        // Held on to the pop: the detail shows the weighing at once, and asks again.
        var asked: [Effect] = []
        for step in 1...12 { asked += state.apply(InputEvent(time: 1.9 + Double(step) * 0.1, .tick)) }
        #expect(state.screen.detail?.id == 3, "popped open: \(state.screen.name)")
        #expect(state.screen.detail?.weighing?.id == 3, "the detail shows the preview's weighing at once")
        #expect(asked == [.loadWeighing(id: 3)], "\(asked)")
    }
}
