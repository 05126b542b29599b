import Foundation
import Testing

@testable import PlumScaleCore
@testable import PlumScaleGallery

/// A notice belongs to the screen it speaks of: "Nothing recorded" on the
/// scale does not follow the user into the history; a failure is said on
/// every screen.
@Suite struct NoticePlaceTests {
    func texts(_ state: AppState) -> [String] { state.scene().texts(state.metrics).map(\.text) }

    @Test func aScaleNoticeStaysOnTheScale() throws {
        var state = ScreenCases.state(1280, 720)
        ScreenCases.key(.space, &state, at: 1)  // nothing on the scale: "Nothing recorded…"
        let said = try #require(state.visibleNotice?.text)
        #expect(texts(state).contains(said))
        ScreenCases.key(.character("h"), &state, at: 1.5)
        #expect(state.screen.name == "history")
        #expect(!texts(state).contains(said))
        #expect(state.visibleNotice == nil)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(state.stateDocument().pretty().utf8)) as? [String: Any])
        #expect(doc["notice"] is NSNull)
        ScreenCases.key(.escape, &state, at: 2)
        #expect(state.screen.name == "scale")
        #expect(texts(state).contains(said))
    }

    @Test func aFailureIsSaidOnEveryScreen() {
        var state = ScreenCases.history(1280, 720)
        state.apply(InputEvent(time: 1.2, .history(.failed("The history could not be read: disk I/O error"))))
        #expect(texts(state).contains("The history could not be read: disk I/O error"))
        ScreenCases.key(.escape, &state, at: 1.5)
        #expect(state.screen.name == "scale")
        #expect(texts(state).contains("The history could not be read: disk I/O error"))
    }

    @Test func savedIsSaidOnTheScaleEvenWhenTheAnswerComesLate() {
        var state = ScreenCases.history(1280, 720)
        state.apply(InputEvent(time: 1.2, .history(.saved(id: 7))))
        #expect(!texts(state).contains("Saved weighing #7"))
        ScreenCases.key(.escape, &state, at: 1.5)
        #expect(texts(state).contains("Saved weighing #7"))
    }
}
