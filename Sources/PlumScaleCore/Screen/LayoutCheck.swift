/// The layout's promises, checked on a scene: every control and every text
/// on screen, no two controls overlapping, no text overlapping another text
/// or a control it does not belong to. What is under a modal layer is left
/// out: it is dimmed and cannot be pressed. Every label of a circle
/// belongs to it (LabelRule). Tests hold every screen to these
/// at many sizes; the same checks can be made from outside on the state
/// document's `elements` and `texts`.
public enum LayoutCheck {
    /// Texts are measured by the shell's metrics; renderers may draw them a
    /// pixel or two wider or narrower.
    public static let tolerance = 1.0

    /// Everything wrong with `scene`, in words (empty when it is right).
    public static func problems(in scene: Scene, metrics: TextMetrics) -> [String] {
        let screen = Rect(x: 0, y: 0, width: scene.layout.size.width, height: scene.layout.size.height)
        var problems: [String] = []
        for element in scene.elements where !screen.contains(element.rect, tolerance: tolerance) {
            problems.append("\(element.kind.rawValue) \(element.name) \(describe(element.rect)) is not wholly on screen")
        }
        for (i, a) in scene.elements.enumerated() {
            for b in scene.elements[(i + 1)...] where a.rect.insetBy(tolerance).intersects(b.rect.insetBy(tolerance)) {
                problems.append("\(a.kind.rawValue) \(a.name) overlaps \(b.kind.rawValue) \(b.name)")
            }
        }
        if let pad = scene.pad {
            if !screen.contains(pad, tolerance: tolerance) { problems.append("the pad \(describe(pad)) is not wholly on screen") }
            if pad.width < 1 || pad.height < 1 { problems.append("the pad \(describe(pad)) is too small to see") }
            for element in scene.elements where pad.insetBy(tolerance).intersects(element.rect.insetBy(tolerance)) {
                problems.append("the pad overlaps \(element.kind.rawValue) \(element.name)")
            }
        }
        var top = scene
        if let start = scene.modalStart { top.shapes = Array(scene.shapes[start...]) }
        let texts = top.texts(metrics)
        for text in scene.texts(metrics) where !screen.contains(text.rect, tolerance: tolerance) {
            problems.append("text \"\(text.text)\" \(describe(text.rect)) is cut by the screen edge")
        }
        for (i, a) in texts.enumerated() {
            for b in texts[(i + 1)...] where a.rect.insetBy(tolerance).intersects(b.rect.insetBy(tolerance)) {
                problems.append("text \"\(a.text)\" overlaps text \"\(b.text)\"")
            }
            for element in scene.elements where a.rect.insetBy(tolerance).intersects(element.rect) {
                if !element.rect.contains(a.rect, tolerance: tolerance) {
                    problems.append("text \"\(a.text)\" overlaps \(element.kind.rawValue) \(element.name)")
                }
            }
        }
        for group in scene.labelGroups {
            for label in group.labels { problems += LabelRule.problems(of: label, in: group, tolerance: tolerance) }
        }
        return problems + badgeProblems(in: scene, texts: texts, screen: screen) + leaderProblems(in: scene, texts: texts)
    }

    /// No leader's dot seen on a text or a control (where the circles are
    /// no crowd, LabelPlacer.crowd): a dot through a figure makes it
    /// another. Read from the discs drawn, as a person sees them: a dot an
    /// opaque rectangle drawn after it covers (a button's, a panel's) is not
    /// seen; what a modal layer dims is left out.
    static func leaderProblems(in scene: Scene, texts: [PlacedText]) -> [String] {
        guard scene.modalStart == nil, scene.labelGroups.contains(where: { $0.labels.contains(where: \.leader) }),
            scene.labelGroups.allSatisfy({ $0.circles.count <= LabelPlacer.crowd })
        else { return [] }
        let covered = texts.map { ("text \"\($0.text)\"", $0.rect) } + scene.elements.map { ("\($0.kind.rawValue) \($0.name)", $0.rect) }
        var problems: [String] = []
        for (index, shape) in scene.shapes.enumerated() {
            guard case .disc(let center, let radius, let color) = shape, color == .blue,
                radius == LabelGroup.leaderDotRadius || radius == LabelGroup.leaderEndRadius
            else { continue }
            let dot = Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
            let hidden = scene.shapes[(index + 1)...].contains { later in
                if case .rect(let rect, let fill) = later, fill.a == 255, rect.contains(dot, tolerance: 0) { return true }
                return false
            }
            guard !hidden else { continue }
            for (name, rect) in covered where rect.insetBy(tolerance).intersects(dot) {
                problems.append("a leader's dot at (\(Int(center.x)), \(Int(center.y))) lies on \(name) \(describe(rect))")
            }
        }
        return problems
    }

    /// Every stability badge whole on screen and, unless a modal layer dims
    /// the scale, under no control and no text but the circles' labels
    /// (the placer keeps them off the dots where the screen has room; a
    /// label's plate keeps it readable over a dot where it has not).
    static func badgeProblems(in scene: Scene, texts: [PlacedText], screen: Rect) -> [String] {
        var problems: [String] = []
        let labels = scene.labelGroups.flatMap { $0.labels.map(\.rect) }
        let chrome = texts.filter { text in !labels.contains { $0.contains(text.rect, tolerance: tolerance) } }
        for group in scene.labelGroups {
            for circle in group.circles {
                guard let badge = circle.badge else { continue }
                let rect = StabilityBadge.rect(at: badge).insetBy(tolerance)
                if !screen.contains(rect, tolerance: 0) { problems.append("the badge at \(describe(rect)) is cut by the screen edge") }
                guard scene.modalStart == nil else { continue }
                for element in scene.elements where element.rect.intersects(rect) {
                    problems.append("the badge at \(describe(rect)) is under \(element.kind.rawValue) \(element.name)")
                }
                for text in chrome where text.rect.intersects(rect) {
                    problems.append("the badge at \(describe(rect)) is under text \"\(text.text)\"")
                }
            }
        }
        return problems
    }

    static func describe(_ r: Rect) -> String {
        "[\(Int(r.x.rounded())), \(Int(r.y.rounded())), \(Int(r.width.rounded())), \(Int(r.height.rounded()))]"
    }
}
