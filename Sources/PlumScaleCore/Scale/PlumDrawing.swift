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
        // By index: each pass reads the fields it draws, without copying circles.
        for i in circles.indices {
            if let fill = circles[i].fill {
                scene.shapes.append(.disc(center: map(circles[i].position), radius: circles[i].radius * scale, color: fill))
            }
        }
        for i in circles.indices {
            scene.shapes.append(
                .ring(center: map(circles[i].position), radius: circles[i].radius * scale,
                      width: max(Plum.strokeWidth * scale, 1.5), color: circles[i].ring))
        }
        for i in circles.indices {
            guard let label = circles[i].label else { continue }
            let p = map(circles[i].position)
            scene.shapes.append(
                .text(label, at: Point(p.x, p.y + circles[i].radius * scale), anchor: .topCenter,
                      size: max(Plum.labelSize * scale, 11), color: circles[i].labelColor))
        }
    }

    /// A recorded weighing's objects, drawn as they were.
    static func circles(for weighing: Weighing) -> [PlumCircle] {
        let mode = ForceMode(rawValue: weighing.mode) ?? .position
        let heaviest = mode == .position ? nil : weighing.heaviest?.index
        return weighing.objects.map { object in
            let label = object.grams.map { weighing.gramsLabel($0) } ?? Plum.label(force: object.force, mode: mode)
            return PlumCircle(
                position: Point(object.x, object.y), radius: Plum.radius(force: object.force), label: label,
                fill: object.index == heaviest ? .yellow : nil)
        }
    }
}
