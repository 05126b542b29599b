/// How a text's anchor point relates to its box.
public enum TextAnchor: Sendable, Equatable {
    case center, topCenter, topLeft, bottomLeft, bottomRight, topRight
}

/// One thing to draw, in layout coordinates.
public enum Shape: Equatable, Sendable {
    /// A circle outline of `width` px centred on `radius`.
    case ring(center: Point, radius: Double, width: Double, color: Color)
    case disc(center: Point, radius: Double, color: Color)
    /// Text of height `size` px (the font's pixel size).
    case text(String, at: Point, anchor: TextAnchor, size: Double, color: Color)
    case rect(Rect, color: Color)
    /// Blurs everything drawn before it by about `radius` layout pixels.
    case blur(radius: Double)
}

/// What kind of thing an element is, as the state document names it.
public enum ElementKind: String, Equatable, Sendable {
    case button, row, key, action, preview
}

/// Something a person can press, with its rectangle, for tests and automation.
public struct Element: Equatable, Sendable {
    public var kind: ElementKind
    /// The control's name ("record", "key-5"); for a row or a preview, its weighing's id.
    public var name: String
    public var rect: Rect
    /// The weighing a row or a preview shows.
    public var weighingID: Int64?
    /// What pressing it does (Control.swift); nil for what the screen's own
    /// reducer reads by position (a history row, a preview).
    var control: Control?

    public init(kind: ElementKind, name: String, rect: Rect) {
        self.kind = kind
        self.name = name
        self.rect = rect
    }

    init(kind: ElementKind, name: String, rect: Rect, control: Control?) {
        self.init(kind: kind, name: name, rect: rect)
        self.control = control
    }

    /// A history row or preview, named by its weighing's id.
    public init(kind: ElementKind, weighingID: Int64, rect: Rect) {
        self.init(kind: kind, name: String(weighingID), rect: rect)
        self.weighingID = weighingID
    }
}

/// A frame, described as flat shapes on a landscape layout. The renderer
/// rotates it onto the screen.
public struct Scene: Equatable, Sendable {
    public var layout: Layout
    public var background: Color = .white
    public var shapes: [Shape] = []
    public var elements: [Element] = []
    /// The elements under a modal layer: seen, dimmed, not pressed (a press
    /// on one is the layer's, and does nothing).
    var dimmedElements: [Element] = []
    /// Where a modal layer (a dimmed backdrop with a card or pad on it)
    /// starts in `shapes`: what lies under it is seen but not pressed.
    public var modalStart: Int?
    /// A touchpad's pad, drawn under the contacts: kept on screen and clear
    /// of the controls (LayoutCheck).
    public var pad: Rect?
    /// The notice's plate, where it was put (nil without one).
    public var notice: Rect?
    /// Each drawing's circles and the labels placed for them (LabelRule).
    public var labelGroups: [LabelGroup] = []
    public init(layout: Layout) { self.layout = layout }

    /// Keeps a drawing's circles and labels for LayoutCheck, and draws the
    /// leader lines of its crowded labels under them (their texts start at
    /// `labelsStart` in `shapes`).
    /// `avoiding`: what else the leaders' dots must not cover, made only
    /// when a label is led (most frames have none).
    public mutating func appendLabels(_ group: LabelGroup, from labelsStart: Int, avoiding: @autoclosure () -> [Rect] = []) {
        labelGroups.append(group)
        guard group.labels.contains(where: \.leader) else { return }
        // The leaders go under the labels: the labels' few shapes are set
        // aside, the dots appended where they were, the labels after them.
        let start = min(labelsStart, shapes.count)
        let labels = Array(shapes[start...])
        shapes.removeSubrange(start...)
        group.appendLeaders(color: .blue, avoiding: avoiding(), to: &shapes)
        shapes.append(contentsOf: labels)
    }

    /// Starts a modal layer: a dimmer over everything drawn so far, whose
    /// controls can no longer be pressed.
    public mutating func beginModal(dim color: Color) {
        shapes.append(.rect(Rect(x: 0, y: 0, width: layout.size.width, height: layout.size.height), color: color))
        modalStart = shapes.count
        dimmedElements += elements
        elements.removeAll()
    }
}

extension Scene {
    /// A control as every screen draws one: its plate, its title centred on
    /// it, and its element (what the hit test and the state document see).
    mutating func appendButton(
        _ name: String, _ title: String, _ rect: Rect, kind: ElementKind = .button, control: Control? = nil, textSize: Double = 18,
        color: Color = Color(232, 232, 240), textColor: Color = .ink
    ) {
        shapes.append(.rect(rect, color: color))
        shapes.append(.text(title, at: rect.center, anchor: .center, size: textSize, color: textColor))
        elements.append(Element(kind: kind, name: name, rect: rect, control: control))
    }
}
