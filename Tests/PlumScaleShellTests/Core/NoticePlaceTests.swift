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

    /// Found by looking at the gallery: in portrait the preset tare's
    /// notice lay across a ring (its object's edge hidden), where the
    /// inside of a circle was free. From 800x480 up, the notice of each of
    /// these screens is crossed by no ring (at 640x360 five circles leave
    /// no place 300 px wide clear of every ring: the notice then keeps
    /// clear of the texts, the controls and the dots alone).
    @Test func aNoticeCrossesNoRing() throws {
        for (width, height) in ScreenCases.sizes where width * height >= 800 * 480 {
            for screen in ScreenCases.cases(width, height) where ["scale-grams-preset-tare", "kiosk-operator"].contains(screen.name) {
                let scene = screen.state.scene()
                let plate = scene.shapes.compactMap { shape -> Rect? in
                    if case .rect(let rect, Color(40, 40, 48, 235)) = shape { return rect }
                    return nil
                }
                let notice = try #require(plate.last, "\(screen.name) \(width)x\(height): a notice is up")
                let rings = scene.labelGroups.flatMap(\.circles).filter { $0.ringCrosses(notice) }
                #expect(rings.isEmpty, "\(screen.name) \(width)x\(height): the notice \(notice) crosses \(rings)")
            }
        }
    }

    /// Found by looking at the gallery: a preview's circle at the
    /// recording's edge touched the card's edge, its ring cut along it.
    /// At every size each circle of the preview lies inside the card, its
    /// ring clear of the edge.
    @Test func aPreviewsCirclesLieInsideItsCard() {
        for (width, height) in ScreenCases.sizes {
            for screen in ScreenCases.cases(width, height) where ["history-peek", "history-actions"].contains(screen.name) {
                let card = HistoryLayout.previewRect(size: screen.state.layout.size)
                for circle in screen.state.scene().labelGroups.flatMap(\.circles) {
                    let reach = circle.radius + circle.ringWidth / 2 + 1
                    let inside =
                        circle.center.x - reach >= card.x && circle.center.x + reach <= card.maxX && circle.center.y - reach >= card.y
                        && circle.center.y + reach <= card.maxY
                    #expect(inside, "\(screen.name) \(width)x\(height): the circle at \(circle.center) r \(circle.radius) in \(card)")
                }
            }
        }
    }
}
