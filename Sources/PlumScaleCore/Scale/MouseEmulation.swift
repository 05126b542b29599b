/// The mouse standing in for fingers on a machine without a touchscreen.
///
/// - A press makes a contact under the pointer; dragging moves it; releasing
///   lifts it.
/// - The wheel changes the force of the pressed contact (or, with no button
///   down, of the last pinned one), 5 points a notch.
/// - Ctrl+click (or Shift+click) pins a contact, so several objects can lie on
///   the screen at once.
/// - The key `c` clears the pins.
public struct MouseEmulation: Equatable, Sendable {
    public static let firstID = 1_000_000
    public static let step = 0.05
    public static let hint = "mouse: click = touch · wheel = force · ctrl+click = pin · c = clear pins"

    /// The force a new contact starts with; the wheel changes it.
    public private(set) var force = 0.5
    private var pressedID: Int?
    private var lastPinnedID: Int?
    private var nextID = firstID

    public init() {}

    /// Applies a pointer event to the board. Returns whether anything changed.
    public mutating func apply(
        _ kind: InputEvent.Kind, time: Double, layout: Layout, scale: inout Scale
    ) -> Bool {
        // A pointer at NaN or infinity (a broken event) is ignored; others
        // are clamped to the screen, like touches.
        var kind = kind
        switch kind {
        case .pointerDown(let x, let y, let button, let modifiers):
            guard x.isFinite, y.isFinite else { return false }
            kind = .pointerDown(x: min(max(x, 0), 1), y: min(max(y, 0), 1), button: button, modifiers: modifiers)
        case .pointerMove(let x, let y):
            guard x.isFinite, y.isFinite else { return false }
            kind = .pointerMove(x: min(max(x, 0), 1), y: min(max(y, 0), 1))
        default: break
        }
        switch kind {
        case .pointerDown(let x, let y, let button, let modifiers) where button == 1:
            let position = layout.layoutPoint(normalizedX: x, normalizedY: y)
            let id = nextID
            nextID += 1
            scale.place(id: id, at: position, force: force, time: time)
            if !modifiers.intersection([.control, .shift]).isEmpty {
                scale.setPinned(id: id, true)
                lastPinnedID = id
            } else {
                pressedID = id
            }
            return true
        case .pointerMove(let x, let y):
            guard let id = pressedID else { return false }
            scale.place(id: id, at: layout.layoutPoint(normalizedX: x, normalizedY: y), force: force, time: time)
            return true
        case .pointerUp(_, _, let button) where button == 1:
            guard let id = pressedID else { return false }
            pressedID = nil
            return scale.lift(id: id)
        case .wheel(let dy):
            guard dy.isFinite else { return false }
            force = min(max(force + dy * Self.step, 0), 1)
            guard let id = pressedID ?? lastPinnedID, let contact = scale.contact(id: id) else { return true }
            scale.place(id: id, at: contact.position, force: force, time: time)
            return true
        case .keyDown(.character("c"), _):
            lastPinnedID = nil
            return scale.liftPinned()
        default:
            return false
        }
    }
}
