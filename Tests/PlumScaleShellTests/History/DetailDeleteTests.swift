import Foundation
import Testing

@testable import PlumScaleCore
@testable import PlumScaleGallery

/// Delete on the detail screen asks first: a red "Delete for good" beside
/// Cancel on a card away from Delete, so a slip or a double tap loses
/// nothing.
@Suite struct DetailDeleteTests {
    /// The detail screen of weighing #30, at 1280x720.
    func detail() -> AppState {
        var state = ScreenCases.history(1280, 720)
        ScreenCases.key(.down, &state, at: 2)
        ScreenCases.key(.enter, &state, at: 2.1)
        state.apply(InputEvent(time: 2.2, .history(.weighing(ScreenCases.weighing))))
        return state
    }

    func tap(_ state: inout AppState, _ rect: Rect, at t: Double, id: Int = 7) -> [Effect] {
        let p = state.layout.screenPoint(rect.center)
        let s = state.layout.logicalScreen
        let sample = TouchSample(id: id, x: p.x / s.width, y: p.y / s.height, pressure: 0.3)
        let down = state.apply(InputEvent(time: t, .touchDown(sample)))
        let up = state.apply(InputEvent(time: t + 0.05, .touchUp(id: id)))
        return down + up
    }

    func element(_ name: String, in state: AppState) -> Element? { state.scene().elements.first { $0.name == name } }

    @Test func aTapOnDeleteAsksAndDeletesNothing() throws {
        var state = detail()
        let delete = try #require(element("delete", in: state))
        #expect(tap(&state, delete.rect, at: 3) == [])
        #expect(state.screen.detail?.confirmingDelete == true)
        let names = state.scene().elements.map(\.name)
        #expect(names == ["delete-for-good", "cancel"])
        // Laid out as the preview's confirmation is: the red one left, Cancel right.
        let red = try #require(element("delete-for-good", in: state)).rect
        let cancel = try #require(element("cancel", in: state)).rect
        #expect(red.maxX < cancel.x)
        let preview = HistoryLayout.confirmRects(size: state.layout.size)
        #expect(preview.map(\.name) == ["delete", "cancel"] && preview[0].rect.maxX < preview[1].rect.x)
        // The card is not where Delete was: a second tap there lands on the dimmer.
        let card = HistoryLayout.deleteConfirmation(size: state.layout.size)
        #expect(!card.card.intersects(delete.rect))
        #expect(tap(&state, delete.rect, at: 3.1, id: 8) == [])
        #expect(state.screen.detail?.confirmingDelete == true)
        let texts = state.scene().texts(state.metrics).map(\.text).joined(separator: " ")
        #expect(texts.contains("Delete weighing #30 (5 objects) for good?"))
    }

    @Test func deleteForGoodDeletesAndCancelKeeps() throws {
        var state = detail()
        _ = tap(&state, try #require(element("delete", in: state)).rect, at: 3)
        #expect(tap(&state, try #require(element("cancel", in: state)).rect, at: 3.5) == [])
        #expect(state.screen.detail?.confirmingDelete == false)
        #expect(state.screen.name == "detail")
        _ = tap(&state, try #require(element("delete", in: state)).rect, at: 4)
        let red = try #require(element("delete-for-good", in: state))
        #expect(tap(&state, red.rect, at: 4.5) == [.delete(id: 30)])
        #expect(state.screen.detail?.confirmingDelete == false)
    }

    @Test func theKeysAskTooAndASecondDeleteDoesNot() {
        var state = detail()
        #expect(state.apply(InputEvent(time: 3, .keyDown(.delete, modifiers: []))) == [])
        #expect(state.apply(InputEvent(time: 3.1, .keyDown(.delete, modifiers: []))) == [])
        #expect(state.screen.detail?.confirmingDelete == true)
        #expect(state.apply(InputEvent(time: 3.2, .keyDown(.escape, modifiers: []))) == [])
        #expect(state.screen.detail?.confirmingDelete == false)
        #expect(state.screen.name == "detail")
        _ = state.apply(InputEvent(time: 3.3, .keyDown(.delete, modifiers: [])))
        #expect(state.apply(InputEvent(time: 3.4, .keyDown(.enter, modifiers: []))) == [.delete(id: 30)])
    }

    @Test func theConfirmationIsRedAndWhole() {
        var state = detail()
        _ = state.apply(InputEvent(time: 3, .keyDown(.delete, modifiers: [])))
        let scene = state.scene()
        let redRects = scene.shapes.compactMap { shape -> Rect? in
            if case .rect(let r, let color) = shape, color == HistoryView.deleteRed { return r }
            return nil
        }
        #expect(redRects.contains(element("delete-for-good", in: state)!.rect))
        for (w, h) in ScreenCases.sizes {
            var sized = state
            sized.apply(InputEvent(time: 3.5, .resize(width: w, height: h)))
            #expect(LayoutCheck.problems(in: sized.scene(), metrics: sized.metrics).isEmpty, "at \(w)x\(h)")
        }
    }
}
