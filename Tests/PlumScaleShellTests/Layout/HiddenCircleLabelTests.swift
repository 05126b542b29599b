import Foundation
import Testing

@testable import PlumScaleCore
@testable import PlumScaleGallery

/// An object under the wizard's panel: its circle is hidden, so its label
/// points at the panel (▸) from the nearest place no other ring crosses,
/// and no stability dot floats at the panel's edge (one is drawn only on a
/// part of its ring that is seen). Before, at 800x480 its
/// "30.0%" lay on the other circle's ring, beside two dots of nobody's.
@Suite struct HiddenCircleLabelTests {
    @Test func aHiddenCirclesLabelPointsAtThePanelClearOfTheOtherRings() throws {
        var hiddenSeen = 0
        for (w, h) in ScreenCases.sizes {
            let screen = try #require(ScreenCases.cases(w, h).first { $0.name == "wizard-objects-under-panel" })
            let state = screen.state
            let wizard = try #require(state.screen.wizard)
            let panel = state.calibrationLayout(wizard).panel
            let scene = state.scene()
            let texts = scene.texts(ScreenCases.metrics)
            let group = try #require(scene.labelGroups.first)
            for label in group.labels {
                let circle = group.circles[label.circle]
                let hidden = panel.contains(circle.center)
                let text = try #require(texts.first { $0.rect.intersects(label.rect) }?.text)
                // Led only when hidden, and a led label points at the panel.
                #expect(label.leader == text.hasSuffix(" ▸"), "\(w)x\(h): \(text)")
                #expect(!label.leader || hidden, "\(w)x\(h): \(text) led")
                guard hidden else { continue }
                hiddenSeen += 1
                // A dot only where its ring is seen: on the ring, off the panel; none floats.
                if let badge = circle.badge {
                    #expect(abs(badge.distance(to: circle.center) - circle.radius) < 0.5, "\(w)x\(h): \(text)'s dot off its ring")
                    #expect(!StabilityBadge.rect(at: badge).intersects(panel), "\(w)x\(h): \(text)'s dot on the panel")
                }
                for (j, other) in group.circles.enumerated() where j != label.circle {
                    #expect(!other.ringCrosses(label.rect), "\(w)x\(h): \(text) crossed by circle \(j)'s ring")
                }
                #expect(!label.rect.intersects(panel), "\(w)x\(h): \(text) under the panel")
            }
        }
        // Two objects under the panel at each size; in portrait (720x1280) one of them is seen.
        #expect(hiddenSeen == 2 * ScreenCases.sizes.count - 1)
    }
}
