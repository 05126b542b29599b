import Foundation
import Testing

@testable import PlumScaleCore
@testable import PlumScaleGallery

/// The one hit test (`AppState.control(at:)`, issue 25): a press acts on the
/// control drawn where it lands, on every screen in every state of the
/// gallery at every size; one dimmed under a modal pad is taken and does
/// nothing. (Before the screens' own rectangles were removed, this test
/// compared the two on a 61×37 grid of every case at six sizes, 893,772
/// points: none differed.)
@Suite struct ControlHitTests {
    @Test func aPressActsOnTheControlDrawnWhereItLands() {
        var pressed = 0
        var dimmed = 0
        for (w, h) in ScreenCases.sizes {
            for screen in ScreenCases.cases(w, h) {
                let state = screen.state
                let scene = state.scene()
                // The hit test's scene, built without what holds no control, has the drawn one's controls.
                let hitScene = state.scene(drawing: false)
                #expect(hitScene.elements == scene.elements, "\(screen.name) \(w)x\(h)")
                #expect(hitScene.dimmedElements == scene.dimmedElements, "\(screen.name) \(w)x\(h): dimmed")
                for element in scene.elements where element.control != nil {
                    let top = scene.elements.last { $0.control != nil && $0.rect.contains(element.rect.center) }
                    #expect(state.control(at: element.rect.center) == top?.control, "\(screen.name) \(w)x\(h): \(element.name)")
                    pressed += 1
                }
                for element in scene.dimmedElements where element.control != nil {
                    guard !scene.elements.contains(where: { $0.rect.contains(element.rect.center) }) else { continue }
                    #expect(state.control(at: element.rect.center) == .dimmed, "\(screen.name) \(w)x\(h): dimmed \(element.name)")
                    dimmed += 1
                }
                // Where nothing is drawn, nothing is pressed.
                let middle = Point(state.layout.size.width / 2, state.layout.size.height / 2)
                if !(scene.elements + scene.dimmedElements).contains(where: { $0.rect.contains(middle) }) {
                    #expect(state.control(at: middle) == nil, "\(screen.name) \(w)x\(h): the middle")
                }
            }
        }
        #expect(pressed > 1000)
        #expect(dimmed > 50)
    }
}
