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
    /// Fills first, then rings, then labels, so no ring is ever hidden; the
    /// whole arrangement fitted into `area` with its shape kept (never
    /// enlarged), each label placed where it is whole inside `area`.
    static func append(_ circles: [PlumCircle], fittedIn area: Rect, metrics: TextMetrics, to scene: inout Scene) {
        guard !circles.isEmpty, area.width > 0, area.height > 0 else { return }
        let minX = circles.map { $0.position.x - $0.radius }.min() ?? 0
        let maxX = circles.map { $0.position.x + $0.radius }.max() ?? 0
        let minY = circles.map { $0.position.y - $0.radius }.min() ?? 0
        let maxY = circles.map { $0.position.y + $0.radius }.max() ?? 0
        // Fitted inside a margin: a circle at the recording's edge is seen
        // whole, its ring clear of the card's edge, not cut along it.
        let fit = area.insetBy(min(8, area.width / 4, area.height / 4))
        let scale = min(1, fit.width / max(maxX - minX, 1), fit.height / max(maxY - minY, 1))
        let ox = fit.x + (fit.width - (maxX - minX) * scale) / 2 - minX * scale
        let oy = fit.y + (fit.height - (maxY - minY) * scale) / 2 - minY * scale
        func map(_ p: Point) -> Point { Point(ox + p.x * scale, oy + p.y * scale) }
        for circle in circles {
            if let fill = circle.fill {
                scene.shapes.append(.disc(center: map(circle.position), radius: circle.radius * scale, color: fill))
            }
        }
        let ringWidth = max(Plum.strokeWidth * scale, 1.5)
        for circle in circles {
            scene.shapes.append(
                .ring(center: map(circle.position), radius: circle.radius * scale, width: ringWidth, color: circle.ring))
        }
        var placer = LabelPlacer(
            bounds: area.insetBy(2), obstacles: [],
            circles: circles.map { DrawnCircle(center: map($0.position), radius: $0.radius * scale, ringWidth: ringWidth) })
        // Never under 12 px: a preview's labels are read, not guessed.
        let size = max(Plum.labelSize * scale, 12)
        let labelsStart = scene.shapes.count
        for circle in circles {
            guard let label = circle.label else { continue }
            let box = metrics.box(label, size: size)
            let corner = placer.place(box, center: map(circle.position), radius: circle.radius * scale)
            scene.shapes.append(.text(label, at: corner, anchor: .topLeft, size: size, color: circle.labelColor))
        }
        scene.appendLabels(placer.group, from: labelsStart)
    }

    /// A recorded weighing's objects, drawn as they were: a check-weighing's
    /// verdict beside the mass ("120 g · UNDER") and in its colour, ring too.
    static func circles(for weighing: Weighing) -> [PlumCircle] {
        let mode = ForceMode(rawValue: weighing.mode) ?? .position
        let heaviest = mode == .position ? nil : weighing.heaviest?.index
        return weighing.objects.map { object in
            var label = object.grams.map { weighing.gramsLabel($0) } ?? Plum.label(force: object.force, mode: mode)
            if let verdict = object.verdict { label = (label.map { $0 + " · " } ?? "") + verdict.text }
            let color = object.verdict?.color ?? .blue
            return PlumCircle(
                position: Point(object.x, object.y), radius: Plum.radius(force: object.force), label: label,
                fill: object.index == heaviest ? .yellow : nil, ring: color, labelColor: color)
        }
    }
}
