import Foundation
import Testing

@testable import PlumScaleCore

/// The history table's reducer alone: keys, presses and the pages it asks
/// for, with no AppState and no events.
@Suite struct HistoryReducerTests {
    static let context = HistoryContext(size: Size(1280, 720), now: 1)

    static func table() -> HistoryBrowser {
        var browser = HistoryBrowser(peek: PeekPopConfig())
        _ = browser.pageRequests(height: 720)
        let rows = (1...3).reversed().map {
            HistoryRow(
                id: Int64($0), takenAt: Date(timeIntervalSince1970: Double($0)), device: "panel", mode: "force", objectCount: 1,
                heaviestForce: 0.5, heaviestGrams: nil)
        }
        browser.received(page: 0, rows: rows, labels: ["c", "b", "a"])
        return browser
    }

    @Test func theFirstLookAsksForTheFirstPage() {
        var store = ReducerStore(HistoryBrowser(peek: PeekPopConfig()), context: Self.context)
        store.send(.otherInput, asks: [.perform(.loadRows(page: 0, after: nil, limit: HistoryBrowser.pageSize))]) {
            $0.requested = [0]
        }
        store.send(.otherInput)
        #expect(store.state.requested == [0], "asked once, not again while it loads")
    }

    @Test func arrowsSelectAndEnterOpensTheSelectedWeighing() {
        var store = ReducerStore(Self.table(), context: Self.context)
        store.send(.keyPressed(.down)) { $0.selected = 0 }
        store.send(.keyPressed(.down)) { $0.selected = 1 }
        store.send(.keyPressed(.enter), asks: [.openDetail(2)])
        store.send(.keyPressed(.escape), asks: [.backToScale])
        #expect(store.state.selected == 1)
    }

    @Test func aPressOnBackLeavesAndARightClickPreviews() {
        var store = ReducerStore(Self.table(), context: Self.context)
        store.send(.backTapped, asks: [.backToScale])
        let row = store.state.rowRect(0, width: 1280).center
        store.send(.rightClicked(at: row), asks: [.perform(.loadWeighing(id: 3))]) {
            $0.peekedBy = .mouse
            $0.selected = 0
            _ = $0.peek.handle(.peekAtOnce(row: 3, time: 1))
        }
        #expect(store.state.peek.phase == .peek && store.state.peek.row == 3, "row #3 previewed")
    }

    /// The kiosk's operator mode ends while a preview's menu is up: the
    /// station tells the table what it now offers, and the menu is put
    /// away; an offer that takes nothing shown leaves the menu be.
    @Test func anOfferThatTakesAShownActionPutsTheMenuAway() {
        var table = Self.table()
        table.allow([.export, .delete], time: 0)
        // Pressed hard enough to peek, then swiped up: the actions' menu.
        _ = table.peek.handle(.pressBegan(.row(3), x: 200, y: 400, time: 0.5, force: 0.5))
        _ = table.peek.handle(.force(0.5, time: 0.9))
        _ = table.peek.handle(.move(x: 200, y: 300, time: 1))
        #expect(table.peek.phase == .actions, "the menu is up: \(table.peek.phase)")
        var store = ReducerStore(table, context: Self.context)
        store.send(.offerChanged([.export, .delete]))
        #expect(store.state.peek.phase == .actions, "nothing taken away: the menu stays")
        store.send(.offerChanged([])) {
            $0.actions = []
            _ = $0.peek.handle(.cancel(time: 1))
            $0.preview = nil
        }
        #expect(store.state.peek.phase != .actions, "export and delete taken away: the menu goes")
    }
}
