/// A label that lies across another object's ring, or any ring's dot, has
/// a stroke through its digits ("2●.0%" reads as nothing): a plate of what
/// lies under it (the page, or the yellow of the disc it is in) is drawn
/// first, so every label reads whole however crowded the scale.
enum LabelPlate {
    /// How much of the rings and dots under a plate still shows through.
    static let alpha: UInt8 = 225
    /// Room around the text block (logical px).
    static let margin = 3.0

    /// The plate for a label at `rect` of circle `own`, nil when nothing
    /// crosses it. `fills`: each circle's fill (the heaviest's yellow).
    static func plate(for rect: Rect, own: Int, circles: [DrawnCircle], fills: [Color?]) -> Shape? {
        guard crossed(rect, own: own, circles: circles) else { return nil }
        let center = rect.center
        // The last filled disc drawn that holds the label's centre is what it lies on.
        let under = circles.indices.last { fills.indices.contains($0) && fills[$0] != nil && circles[$0].holds(center) }
        var color = under.flatMap { fills[$0] } ?? .white
        color.a = alpha
        let plate = Rect(x: rect.x - margin, y: rect.y, width: rect.width + 2 * margin, height: rect.height)
        return .rect(plate, color: color)
    }

    /// Whether another circle's ring band, or any circle's dot, meets `rect`.
    static func crossed(_ rect: Rect, own: Int, circles: [DrawnCircle]) -> Bool {
        for (index, circle) in circles.enumerated() {
            if let badge = circle.badge, nearest(rect, to: badge) < StabilityBadge.radius { return true }
            guard index != own else { continue }
            let half = circle.ringWidth / 2
            if nearest(rect, to: circle.center) < circle.radius + half, farthest(rect, from: circle.center) > circle.radius - half {
                return true
            }
        }
        return false
    }

    private static func nearest(_ rect: Rect, to p: Point) -> Double {
        let dx = max(rect.x - p.x, 0, p.x - rect.maxX)
        let dy = max(rect.y - p.y, 0, p.y - rect.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }

    private static func farthest(_ rect: Rect, from p: Point) -> Double {
        let dx = max(abs(rect.x - p.x), abs(rect.maxX - p.x))
        let dy = max(abs(rect.y - p.y), abs(rect.maxY - p.y))
        return (dx * dx + dy * dy).squareRoot()
    }
}

extension DrawnCircle {
    /// Whether `p` lies inside the disc.
    func holds(_ p: Point) -> Bool {
        let (dx, dy) = (p.x - center.x, p.y - center.y)
        return dx * dx + dy * dy < radius * radius
    }
}
