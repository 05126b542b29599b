/// A circle as drawn: its centre, its radius and its ring's width.
public struct DrawnCircle: Equatable, Sendable {
    public var center: Point
    public var radius: Double
    public var ringWidth: Double
    /// Where its stability badge is drawn (StabilityBadge), nil with none.
    public var badge: Point?
    public init(center: Point, radius: Double, ringWidth: Double) {
        self.center = center
        self.radius = radius
        self.ringWidth = ringWidth
    }

    /// How far `point` is from this circle, as a person judges which circle
    /// a label is in or next to: its distance to the centre less the radius
    /// (negative inside the disc).
    func reach(_ point: Point) -> Double { point.distance(to: center) - radius }

    /// Whether the ring, with its width, runs through `rect`.
    func ringCrosses(_ rect: Rect, slack: Double = 0) -> Bool {
        let near = rect.nearestDistance(to: center)
        let far = rect.farthestDistance(to: center)
        return near < radius + ringWidth / 2 - slack && far > radius - ringWidth / 2 + slack
    }
}

/// A label placed for one circle of a group, by its index there.
public struct CircleLabel: Equatable, Sendable {
    public var rect: Rect
    public var circle: Int
    /// No place was free of the other circles (a crowd, or circles wider
    /// than the screen): the label lies where its own circle is still the
    /// nearest, inside its own disc where it can, as far from the others as
    /// it could be.
    public var crowded: Bool
    /// Not even that was free: a dotted line leads from the label to its
    /// circle's centre (LabelGroup.leaders).
    public var leader: Bool = false
}

/// The circles one drawing put on screen (the scale, a preview, a detail)
/// and the labels placed for them: what LayoutCheck holds to the rule.
public struct LabelGroup: Equatable, Sendable {
    public var circles: [DrawnCircle] = []
    public var labels: [CircleLabel] = []
    public init() {}

    /// The dotted lines from each led label to its circle's centre, ending
    /// in a dot there, in `color`, appended to `shapes` (drawn under the
    /// labels). Made where they go: a crowded screen has thousands of dots,
    /// and an array of them copied in cost more than drawing them.
    /// `avoiding`: what else its dots must not cover (the screen's own
    /// lines, its controls), beside the labels.
    public func appendLeaders(color: Color, avoiding: [Rect] = [], to shapes: inout [Shape]) {
        // Each leader from the edge of its label to its circle's centre, with
        // a dot every 7 px, at most 256 of them: a leader across a huge
        // layout (a hostile resize) is drawn sparser, not in gigabytes.
        func line(_ label: CircleLabel) -> (start: Point, end: Point, dots: Int)? {
            guard label.leader, circles.indices.contains(label.circle) else { return nil }
            let end = circles[label.circle].center
            let rect = label.rect
            let start = Point(min(max(end.x, rect.x), rect.maxX), min(max(end.y, rect.y), rect.maxY))
            let length = start.distance(to: end)
            guard length.isFinite else { return nil }
            return (start, end, Int(min(length / 7, 256)))
        }
        shapes.reserveCapacity(shapes.count + labels.reduce(0) { sum, label in sum + (line(label).map { max($0.dots, 1) } ?? 0) })
        // A leader passes under the other labels, the screen's own lines
        // and its controls on its way: no dot on them, so every text reads
        // whole (a column of dots through the "5" of "54.0%" made it
        // another figure). Where the group is no crowd: past one, every
        // label lies under its circle, led, and this would cost more than
        // the dots.
        let clear = circles.count <= LabelPlacer.crowd
        func free(_ center: Point, _ radius: Double) -> Bool {
            guard clear else { return true }
            let dot = Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
            return !labels.contains { $0.rect.intersects(dot) } && !avoiding.contains { $0.intersects(dot) }
        }
        for label in labels {
            guard let (start, end, dots) = line(label) else { continue }
            for i in stride(from: 1, to: dots, by: 1) {
                let f = Double(i) / Double(dots)
                let center = Point(start.x + (end.x - start.x) * f, start.y + (end.y - start.y) * f)
                if free(center, Self.leaderDotRadius) { shapes.append(.disc(center: center, radius: Self.leaderDotRadius, color: color)) }
            }
            if free(end, Self.leaderEndRadius) { shapes.append(.disc(center: end, radius: Self.leaderEndRadius, color: color)) }
        }
    }

    /// A leader line's dots, and the dot it ends in on its circle's centre.
    static let leaderDotRadius = 1.5
    static let leaderEndRadius = 4.0
}

/// A label belongs to its circle (DESIGN.md): from the label's centre its
/// own circle is the nearest, it lies in no other circle and no other
/// ring crosses it. A crowded label (no such place was free) still has its
/// own circle nearest; where not even that was free, a leader line says
/// whose it is.
enum LabelRule {
    /// Whether `rect` belongs to `circles[own]`, by at least `margin` px
    /// nearer its own than any other, each other ring `slack` px clear.
    static func holds(_ rect: Rect, own: Int, in circles: [DrawnCircle], margin: Double, slack: Double = 0) -> Bool {
        let center = rect.center
        let reach = circles[own].reach(center)
        for j in circles.indices where j != own {
            let other = circles[j]
            if other.reach(center) - reach < margin { return false }
            // Outside the other disc and clear of its ring: wholly outside it.
            if rect.nearestDistance(to: other.center) < other.radius + other.ringWidth / 2 - slack { return false }
        }
        return true
    }

    /// What is wrong with `label` in `group`, in words.
    static func problems(of label: CircleLabel, in group: LabelGroup, tolerance: Double) -> [String] {
        let circles = group.circles
        guard circles.indices.contains(label.circle) else { return ["a label names circle \(label.circle), which is not drawn"] }
        let own = circles[label.circle]
        let center = label.rect.center
        func describe(_ c: DrawnCircle) -> String { "the circle at (\(Int(c.center.x)), \(Int(c.center.y))) r \(Int(c.radius))" }
        let what = "the label \(LayoutCheck.describe(label.rect)) of \(describe(own))"
        var problems: [String] = []
        let reach = own.reach(center)
        for j in circles.indices where j != label.circle {
            let other = circles[j]
            if label.leader { continue }
            if label.crowded {
                if other.reach(center) <= reach { problems.append("\(what), crowded, is nearer \(describe(other)) than its own") }
            } else if other.reach(center) < 0 {
                problems.append("\(what) lies inside \(describe(other))")
            } else if other.reach(center) <= reach {
                problems.append("\(what) is nearer \(describe(other)) than its own")
            }
            if !label.crowded, other.ringCrosses(label.rect, slack: tolerance) {
                problems.append("\(what) is crossed by the ring of \(describe(other))")
            }
        }
        return problems
    }
}

extension Rect {
    /// The distance from `point` to the nearest point of the rectangle (0 inside).
    func nearestDistance(to point: Point) -> Double {
        let dx = max(x - point.x, 0, point.x - (x + width))
        let dy = max(y - point.y, 0, point.y - (y + height))
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The distance from `point` to the rectangle's farthest corner.
    func farthestDistance(to point: Point) -> Double {
        let dx = max(abs(point.x - x), abs(point.x - (x + width)))
        let dy = max(abs(point.y - y), abs(point.y - (y + height)))
        return (dx * dx + dy * dy).squareRoot()
    }
}
