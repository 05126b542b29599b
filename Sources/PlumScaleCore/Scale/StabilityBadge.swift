import Foundation

/// Where a circle's stability badge (the dot that fills while its reading
/// settles, green once stable) goes: on its ring, up and to the right as
/// before, unless the screen's edge would cut it or the legend, a control
/// or the footer would cover it; then the next place along the ring that is
/// whole and clear, the nearest to up-right first. A ring with no such
/// place (a circle mostly off screen) has its dot at the nearest clear
/// place on the screen; a circle hidden under a panel has none there (it
/// would float at the panel's edge, nobody's).
enum StabilityBadge {
    /// The dot's radius (ScaleScene.appendBadge).
    static let radius = 11.0
    /// How far the dot and its settling ring reach from its centre.
    static let reach = 11.5

    /// The directions tried about the ring, as unit vectors (y down): up
    /// and to the right, then each side of it in turn by 22.5°, upward first.
    static let directions: [(x: Double, y: Double)] = {
        let step = Double.pi / 8
        var angles = [-Double.pi / 4]
        for k in 1...8 {
            angles.append(-Double.pi / 4 - Double(k) * step)
            if k < 8 { angles.append(-Double.pi / 4 + Double(k) * step) }
        }
        return angles.map { (x: cos($0), y: sin($0)) }
    }()

    /// The square the dot covers about `center`.
    static func rect(at center: Point) -> Rect {
        Rect(x: center.x - reach, y: center.y - reach, width: 2 * reach, height: 2 * reach)
    }

    /// The dot's centre for `circle`, whole inside `bounds` and clear of
    /// every rectangle of `taken` and, where the ring has room, of `dots`
    /// (those placed before it).
    static func center(of circle: DrawnCircle, bounds: Rect, taken: [Rect], dots: [Rect] = []) -> Point {
        if let onRing = centerOnRing(of: circle, bounds: bounds, taken: taken, dots: dots) { return onRing }
        func clear(_ rect: Rect, of rects: [Rect]) -> Bool { !rects.contains { $0.intersects(rect) } }
        // No place on the ring: the nearest clear place on the screen to
        // where the screen's edge would have it, searched outward in at
        // most `searchRings` rings (a huge screen has them farther apart).
        let start = crowdedCenter(of: circle, bounds: bounds)
        let step = max(4, max(bounds.width, bounds.height) / Double(searchRings))
        for ring in 0...searchRings {
            let distance = Double(ring) * step
            for d in directions {
                let moved = clamped(Point(start.x + distance * d.x, start.y + distance * d.y), into: bounds)
                if clear(rect(at: moved), of: taken) { return moved }
            }
        }
        return start
    }

    /// The dot's centre on the ring: the first direction whole and clear of
    /// `taken` and of `dots`, else the first clear of `taken` alone (one
    /// pass, no array joined); nil where the ring has no such place.
    static func centerOnRing(of circle: DrawnCircle, bounds: Rect, taken: [Rect], dots: [Rect] = []) -> Point? {
        func point(_ d: (x: Double, y: Double)) -> Point {
            Point(circle.center.x + circle.radius * d.x, circle.center.y + circle.radius * d.y)
        }
        func clear(_ rect: Rect, of rects: [Rect]) -> Bool { !rects.contains { $0.intersects(rect) } }
        var clearOfTaken: Point?
        for d in directions {
            let rect = rect(at: point(d))
            guard bounds.contains(rect, tolerance: 0), clear(rect, of: taken) else { continue }
            if clear(rect, of: dots) { return point(d) }
            if clearOfTaken == nil { clearOfTaken = point(d) }
        }
        return clearOfTaken
    }

    /// How many rings the search off the ring visits at most.
    static let searchRings = 48

    /// Up and to the right on the ring, moved onto the screen: where the dot
    /// goes when there are too many circles to seek a place for each (a
    /// hostile stream), and where the search off the ring starts.
    static func crowdedCenter(of circle: DrawnCircle, bounds: Rect) -> Point {
        clamped(Point(circle.center.x + circle.radius * directions[0].x, circle.center.y + circle.radius * directions[0].y), into: bounds)
    }

    private static func clamped(_ p: Point, into bounds: Rect) -> Point {
        Point(
            min(max(p.x, bounds.x + reach), bounds.maxX - reach),
            min(max(p.y, bounds.y + reach), bounds.maxY - reach))
    }
}
