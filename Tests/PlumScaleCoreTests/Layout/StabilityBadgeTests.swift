import Testing

@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// A circle's stability dot was always drawn up and to the right on its
/// ring: an object near the top edge had it off screen (portrait 720×1280,
/// a 48% circle's dot at y 4, a sliver of it showing), one near the legend
/// had it under the legend's text (800×480). It now goes along the ring to
/// the nearest place that is whole and clear of the chrome (found by hand).
@Suite struct StabilityBadgeTests {
    static let sizes = [Size(800, 480), Size(1280, 720), Size(720, 1280), Size(3840, 2160)]
    static let places: [(x: Double, y: Double)] = [
        (0.5, 0.5), (0.5, 0.02), (0.02, 0.5), (0.98, 0.5), (0.5, 0.98), (0, 0), (1, 0), (0, 1), (1, 1), (0.12, 0.08), (0.9, 0.1),
    ]

    /// One object at `place`, weighed long enough to be stable.
    static func scene(_ size: Size, at place: (x: Double, y: Double), force: Double = 0.48) throws -> (AppState, Scene) {
        var state = AppState(
            screen: size, source: .replay(ReplayDevice(name: "test panel", mode: .force)), config: try TestPanel.config())
        state.apply(InputEvent(time: 0, .touchDown(TouchSample(id: 1, x: place.x, y: place.y, pressure: force))))
        for i in 1...150 { state.apply(InputEvent(time: Double(i) / 60, .tick)) }
        return (state, state.scene())
    }

    @Test(arguments: sizes)
    func everyDotIsWholeAndClearOfTheChrome(size: Size) throws {
        for place in Self.places {
            let (state, scene) = try Self.scene(size, at: place)
            let circle = try #require(scene.labelGroups.first?.circles.first)
            #expect(circle.badge != nil, "no dot at \(place)")
            let problems = LayoutCheck.problems(in: scene, metrics: state.metrics)
            #expect(problems.isEmpty, "\(size) object at \(place): \(problems)")
        }
    }

    @Test(arguments: sizes)
    func aDotInTheOpenStaysUpAndToTheRight(size: Size) throws {
        let (_, scene) = try Self.scene(size, at: (0.5, 0.55))
        let circle = try #require(scene.labelGroups.first?.circles.first)
        let badge = try #require(circle.badge)
        #expect(abs(badge.x - (circle.center.x + circle.radius * 0.7071)) < 0.01)
        #expect(abs(badge.y - (circle.center.y - circle.radius * 0.7071)) < 0.01)
    }

    /// Where part of the ring is free, the dot stays on the ring.
    @Test func aDotNearTheTopMovesAlongItsRing() {
        let circle = DrawnCircle(center: Point(400, 20), radius: 80, ringWidth: 6)
        let bounds = Rect(x: 4, y: 60, width: 792, height: 416)
        let badge = StabilityBadge.center(of: circle, bounds: bounds, taken: [])
        #expect(abs(badge.distance(to: circle.center) - 80) < 0.001)
        #expect(bounds.contains(StabilityBadge.rect(at: badge), tolerance: 0))
        // Down and to the right: the nearest to up-right that the screen leaves.
        #expect(badge.x > 400 && badge.y > 20)
    }

    /// A dot is never put over a control, even where that takes it off its ring.
    @Test func aDotStaysOffTheControls() {
        let circle = DrawnCircle(center: Point(700, 400), radius: 60, ringWidth: 6)
        let bounds = Rect(x: 4, y: 40, width: 792, height: 436)
        let buttons = Rect(x: 600, y: 300, width: 196, height: 176)
        let badge = StabilityBadge.center(of: circle, bounds: bounds, taken: [buttons])
        #expect(!buttons.intersects(StabilityBadge.rect(at: badge)))
        #expect(bounds.contains(StabilityBadge.rect(at: badge), tolerance: 0))
    }

    /// The label's plate is drawn where a dot really is, not where it would
    /// have been up and to the right.
    @Test func aPlateFollowsTheDot() {
        var circle = DrawnCircle(center: Point(400, 300), radius: 80, ringWidth: 6)
        let upRight = Point(400 + 80 * 0.7071, 300 - 80 * 0.7071)
        let over = Rect(x: upRight.x - 10, y: upRight.y - 5, width: 20, height: 10)
        circle.badge = Point(400 - 80, 300)
        #expect(!LabelPlate.crossed(over, own: 0, circles: [circle]))
        circle.badge = upRight
        #expect(LabelPlate.crossed(over, own: 0, circles: [circle]))
    }

    /// Six objects, at the corners, the middle and the top edge (found by
    /// hand): the 70% label's plate cut a notch out of its own circle's dot
    /// at 1280×720 and 3840×2160, the 30% one in portrait. With room about
    /// every circle, no label but a crowded one covers a dot.
    @Test(arguments: sizes)
    func noLabelCoversADotWhereThereIsRoom(size: Size) throws {
        var state = AppState(
            screen: size, source: .replay(ReplayDevice(name: "test panel", mode: .force)), config: try TestPanel.config())
        let objects: [(Double, Double, Double)] = [
            (0.02, 0.03, 0.3), (0.98, 0.03, 0.5), (0.02, 0.97, 0.7), (0.98, 0.97, 0.9), (0.5, 0.5, 0.4), (0.5, 0.02, 0.2),
        ]
        for (i, o) in objects.enumerated() {
            state.apply(InputEvent(time: 0, .touchDown(TouchSample(id: i + 1, x: o.0, y: o.1, pressure: o.2))))
        }
        for i in 1...150 { state.apply(InputEvent(time: Double(i) / 60, .tick)) }
        let group = try #require(state.scene().labelGroups.first)
        let dots = group.circles.compactMap(\.badge).map(StabilityBadge.rect(at:))
        #expect(dots.count == objects.count)
        // A crowded label (the middle one at 800×480, inside its disc) may
        // lie over a dot, on its plate; every other keeps clear.
        for label in group.labels where !label.crowded {
            for dot in dots where dot.intersects(label.rect) {
                Issue.record("\(size): circle \(label.circle)'s label \(label.rect) covers the dot \(dot)")
            }
        }
    }
}
