/// One object drawn the Plum-O-Meter way: a ring, a yellow fill for the
/// heaviest, the label under it. Shared by the live scale, the history
/// preview and the detail screen, so a weighing looks as it did.
struct PlumCircle {
    var position: Point
    var radius: Double
    var label: String?
    var fill: Color?
    var ring: Color = .blue
    var labelColor: Color = .blue
}

enum PlumDrawing {
    /// Fills first, then rings, then labels, so no ring is ever hidden.
    /// `map` places layout points (scaled previews), `scale` sizes them.
    static func append(
        _ circles: [PlumCircle], to scene: inout Scene, scale: Double = 1, map: (Point) -> Point = { $0 }
    ) {
        for c in circles {
            if let fill = c.fill { scene.shapes.append(.disc(center: map(c.position), radius: c.radius * scale, color: fill)) }
        }
        for c in circles {
            scene.shapes.append(
                .ring(center: map(c.position), radius: c.radius * scale, width: max(Plum.strokeWidth * scale, 1.5), color: c.ring))
        }
        for c in circles {
            guard let label = c.label else { continue }
            let p = map(c.position)
            scene.shapes.append(
                .text(label, at: Point(p.x, p.y + c.radius * scale), anchor: .topCenter,
                      size: max(Plum.labelSize * scale, 11), color: c.labelColor))
        }
    }

    /// A recorded weighing's objects, drawn as they were.
    static func circles(for weighing: Weighing) -> [PlumCircle] {
        let mode = ForceMode(rawValue: weighing.mode) ?? .position
        let heaviest = mode == .position ? nil : weighing.heaviest?.index
        return weighing.objects.map { object in
            let label = object.grams.map { Plum.grams($0) } ?? Plum.label(force: object.force, mode: mode)
            return PlumCircle(
                position: Point(object.x, object.y), radius: Plum.radius(force: object.force), label: label,
                fill: object.index == heaviest ? .yellow : nil)
        }
    }
}
