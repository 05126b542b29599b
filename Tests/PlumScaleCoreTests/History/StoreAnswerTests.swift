import Foundation
import Testing

@testable import PlumScaleCore

/// The table takes whatever the store answers: a page with fewer labels than
/// rows (a store or a test that got it wrong) shows its rows, the missing
/// labels empty, and never crashes the program (found by a random session).
@Suite struct StoreAnswerTests {
    @Test func aPageWithFewerLabelsThanRowsIsDrawnWithTheLabelsEmpty() {
        var state = AppState(screen: Size(1280, 720), source: .mouse, mouseEmulation: true)
        state.apply(InputEvent(time: 0, .keyDown(.character("h"), modifiers: [])))
        let rows = (1...3).reversed().map {
            HistoryRow(
                id: Int64($0), takenAt: Date(timeIntervalSince1970: 0), device: "mouse", mode: "force", objectCount: 1,
                heaviestForce: 0.5, heaviestGrams: nil)
        }
        state.apply(InputEvent(time: 0.1, .history(.rows(page: 0, rows, labels: ["three"]))))
        let scene = state.scene()
        #expect(scene.elements.filter { $0.kind == .row }.map(\.name) == ["3", "2", "1"])
        #expect(scene.shapes.contains { if case .text("three", _, _, _, _) = $0 { true } else { false } })
        #expect(state.screen.browser?.row(at: 2)?.label == "")
        #expect(state.screen.browser?.row(at: 3) == nil)
    }
}
