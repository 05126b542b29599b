/// The scale screen's buttons, along the bottom-right edge: each works by
/// touch, by mouse and by its key.
public struct ScaleButton: Equatable, Sendable {
    public var name: String
    public var title: String
    public var key: String
    public var rect: Rect
}

extension AppState {
    public var scaleButtons: [ScaleButton] {
        let size = layout.size
        var items = [("record", "Record (space)", "space"), ("history", "History (h)", "h")]
        if source.mode != .position { items += [("tare", "Tare (t)", "t"), ("untare", "Clear tare (z)", "z")] }
        if source.mode == .force { items.append(("calibrate", "Calibrate (k)", "k")) }
        let width = 150.0, height = 44.0, gap = 10.0
        var x = size.width - gap
        return items.reversed().map { name, title, key in
            x -= width
            defer { x -= gap }
            return ScaleButton(name: name, title: title, key: key, rect: Rect(x: x, y: size.height - height - gap, width: width, height: height))
        }.reversed()
    }

    func button(at point: Point) -> ScaleButton? {
        scaleButtons.first { $0.rect.contains(point) }
    }
}
