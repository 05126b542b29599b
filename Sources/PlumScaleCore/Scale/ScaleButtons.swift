/// The scale screen's buttons, along the bottom-right edge: each works by
/// touch, by mouse and by its key.
public struct ScaleButton: Equatable, Sendable {
    public var action: ScaleAction
    public var title: String
    public var rect: Rect
    /// The name the state document gives the button ("record").
    public var name: String { action.rawValue }
    public var key: Key { action.key }
}

/// The buttons for one layout size, force mode and role, with their shapes
/// and elements made once: the state keeps a panel and makes a new one when
/// the layout, the mode or the kiosk's role changes, not for every scene.
struct ScaleButtonPanel: Equatable, Sendable {
    let size: Size
    let mode: ForceMode
    /// Whether operator work is allowed (Calibrate): always outside a kiosk.
    let operatorActions: Bool
    let buttons: [ScaleButton]
    let shapes: [Shape]
    let elements: [Element]

    init(size: Size, mode: ForceMode, operatorActions: Bool = true) {
        self.size = size
        self.mode = mode
        self.operatorActions = operatorActions
        var items: [(ScaleAction, String)] = [(.recordTapped, "Record (space)"), (.historyTapped, "History (h)")]
        if mode != .position { items += [(.tareTapped, "Tare (t)"), (.clearTareTapped, "Clear tare (z)")] }
        if mode == .force, operatorActions { items.append((.calibrateTapped, "Calibrate (k)")) }
        let width = 150.0, height = 44.0, gap = 10.0
        var x = size.width - gap
        buttons = items.reversed().map { action, title in
            x -= width
            defer { x -= gap }
            return ScaleButton(action: action, title: title, rect: Rect(x: x, y: size.height - height - gap, width: width, height: height))
        }.reversed()
        shapes = buttons.flatMap { button -> [Shape] in
            [.rect(button.rect, color: Color(232, 232, 240)),
             .text(button.title, at: button.rect.center, anchor: .center, size: 18, color: .ink)]
        }
        elements = buttons.map { Element(kind: .button, name: $0.name, rect: $0.rect) }
    }

    /// Whether this panel is the one for `size`, `mode` and the role.
    func fits(size: Size, mode: ForceMode, operatorActions: Bool) -> Bool {
        self.size == size && self.mode == mode && self.operatorActions == operatorActions
    }
}

extension AppState {
    public var scaleButtons: [ScaleButton] { buttonPanel.buttons }

    func button(at point: Point) -> ScaleButton? {
        scaleButtons.first { $0.rect.contains(point) }
    }

    /// The button under a touch or click normalised to the screen, if any.
    func buttonHit(_ x: Double, _ y: Double) -> ScaleButton? {
        guard x.isFinite, y.isFinite else { return nil }
        return button(at: layout.layoutPoint(normalizedX: x, normalizedY: y))
    }

    /// A new panel when the layout, the mode or the kiosk's role has changed.
    mutating func refreshButtonPanel() {
        let size = layout.size, mode = source.mode, operatorActions = operatorActionsAllowed
        if !buttonPanel.fits(size: size, mode: mode, operatorActions: operatorActions) {
            buttonPanel = ScaleButtonPanel(size: size, mode: mode, operatorActions: operatorActions)
        }
    }
}
