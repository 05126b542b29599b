import Testing

@testable import PlumScaleCore
@testable import PlumScaleGallery

/// A label across another object's ring, or on a ring's dot, stands on a
/// plate of what lies under it, drawn before its text: "2●.0%" was
/// unreadable on the twenty-object scale at 800x480.
@Suite struct LabelPlateTests {
    @Test func everyCrossedLabelStandsOnAPlate() throws {
        var crossed = 0
        for (w, h) in ScreenCases.sizes {
            for screen in ScreenCases.cases(w, h) where screen.name.hasPrefix("scale-") {
                let scene = screen.state.scene()
                for group in scene.labelGroups {
                    for label in group.labels where LabelPlate.crossed(label.rect, own: label.circle, circles: group.circles) {
                        crossed += 1
                        let plate = scene.shapes.firstIndex { shape in
                            guard case .rect(let r, let color) = shape, color.a == LabelPlate.alpha else { return false }
                            return r.x <= label.rect.x && r.maxX >= label.rect.maxX && r.y <= label.rect.y && r.maxY >= label.rect.maxY
                        }
                        #expect(plate != nil, "\(screen.name) \(w)x\(h): the label at \(label.rect) has no plate")
                    }
                }
            }
        }
        #expect(crossed > 0, "some case has a label across a ring (the twenty objects at 800x480)")
    }

    @Test func aPlateTakesTheColourOfTheDiscItLiesOn() {
        let circles = [
            DrawnCircle(center: Point(100, 100), radius: 80, ringWidth: 5),
            DrawnCircle(center: Point(200, 100), radius: 80, ringWidth: 5),
        ]
        // Inside the first (yellow) disc, across the second's ring.
        let rect = Rect(x: 100, y: 80, width: 40, height: 20)
        guard case .rect(_, let color) = LabelPlate.plate(for: rect, own: 0, circles: circles, fills: [.yellow, nil]) else {
            Issue.record("no plate")
            return
        }
        #expect(color.r == Color.yellow.r && color.g == Color.yellow.g && color.b == Color.yellow.b && color.a == LabelPlate.alpha)
        // Far from every ring and dot: none.
        #expect(LabelPlate.plate(for: Rect(x: 90, y: 95, width: 20, height: 10), own: 0, circles: circles, fills: [nil, nil]) == nil)
    }
}
