import Foundation
import Testing

@testable import PlumScaleCore

/// The detail screen's reducer alone: a delete is asked twice, an export
/// once, and neither where the table does not offer it (a passer-by's).
@Suite struct DetailReducerTests {
    static func detail(actions: [PeekAction] = PeekAction.allCases) -> HistoryDetail {
        HistoryDetail(
            id: 7, weighing: Weighing(id: 7, takenAt: Date(timeIntervalSince1970: 0), device: "panel", mode: "force", objects: []),
            table: HistoryBrowser(peek: PeekPopConfig(), actions: actions))
    }

    @Test func deleteIsAskedTwiceThenSentOnce() {
        var store = ReducerStore(Self.detail(), context: ())
        store.send(.deleteTapped) { $0.confirmingDelete = true }
        store.send(.deleteCancelled) { $0.confirmingDelete = false }
        store.send(.deleteTapped) { $0.confirmingDelete = true }
        store.send(.deleteConfirmed, asks: [.perform(.delete(id: 7))]) { $0.confirmingDelete = false }
        #expect(!store.state.confirmingDelete, "the card is put away once the delete is sent")
    }

    @Test func exportAndBack() {
        var store = ReducerStore(Self.detail(), context: ())
        store.send(.exportTapped, asks: [.perform(.export(id: 7))])
        store.send(.backTapped, asks: [.backToTable])
        #expect(store.state == Self.detail(), "neither changes the screen's own state")
    }

    @Test func whatTheTableDoesNotOfferDoesNothing() {
        var store = ReducerStore(Self.detail(actions: [.open]), context: ())
        for action in [DetailAction.exportTapped, .deleteTapped, .deleteConfirmed] { store.send(action) }
        var loading = Self.detail()
        loading.weighing = nil
        var waiting = ReducerStore(loading, context: ())
        waiting.send(.deleteTapped)
        waiting.send(.exportTapped)
        #expect(store.state == Self.detail(actions: [.open]) && !waiting.state.confirmingDelete)
    }
}
