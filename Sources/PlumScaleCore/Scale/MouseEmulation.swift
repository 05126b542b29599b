/// The mouse standing in for fingers on a machine without a touchscreen.
///
/// - A press makes a contact under the pointer; dragging moves it; releasing
///   lifts it.
/// - The wheel changes the force of the pressed contact (or, with no button
///   down, of the circle under the pointer, else the nearest one), 5 points
///   a notch.
/// - Ctrl+click (or Shift+click) pins a contact, so several objects can lie on
///   the screen at once.
/// - The key `c` clears the pins.
public struct MouseEmulation: Equatable, Sendable {
    public static let firstID = 1_000_000
    public static let step = 0.05
    public static let hint = "mouse: click = touch · wheel = force of the circle under it · ctrl+click = pin · c = clear pins"

    /// The force a new contact starts with; the wheel changes it.
    public private(set) var force = 0.5
    private var pressedID: Int?
    /// Where the pointer is (layout px), for the wheel: nil until it moves.
    private var pointer: Point?
    private var nextID = firstID

    public init() {}

    /// The contact the wheel changes with no button down: the circle under
    /// the pointer (the one whose ring is nearest inside), else the nearest
    /// circle; nil before the pointer has been anywhere.
    private func wheelTarget(on scale: Scale) -> Int? {
        guard let pointer else { return nil }
        func gap(_ contact: Contact) -> Double {
            contact.position.distance(to: pointer) - Plum.radius(force: contact.force)
        }
        return scale.board.contacts.min { gap($0) < gap($1) }?.id
    }

    /// Applies a pointer event to the board.
    public mutating func apply(
        _ kind: InputEvent.Kind, time: Double, layout: Layout, scale: inout Scale
    ) {
        // A pointer at NaN or infinity (a broken event) is ignored; others
        // are clamped to the screen, like touches.
        var kind = kind
        switch kind {
        case .pointerDown(let x, let y, let button, let modifiers):
            guard x.isFinite, y.isFinite else { return }
            kind = .pointerDown(x: min(max(x, 0), 1), y: min(max(y, 0), 1), button: button, modifiers: modifiers)
        case .pointerMove(let x, let y):
            guard x.isFinite, y.isFinite else { return }
            kind = .pointerMove(x: min(max(x, 0), 1), y: min(max(y, 0), 1))
        default: break
        }
        switch kind {
        case .pointerDown(let x, let y, let button, let modifiers) where button == 1:
            let position = layout.layoutPoint(normalizedX: x, normalizedY: y)
            pointer = position
            let id = nextID
            nextID += 1
            scale.place(id: id, at: position, force: force, time: time)
            if !modifiers.intersection([.control, .shift]).isEmpty {
                scale.setPinned(id: id, true)
            } else {
                pressedID = id
            }
        case .pointerMove(let x, let y):
            pointer = layout.layoutPoint(normalizedX: x, normalizedY: y)
            guard let id = pressedID, let pointer else { return }
            scale.place(id: id, at: pointer, force: force, time: time)
        case .pointerUp(_, _, let button) where button == 1:
            guard let id = pressedID else { return }
            pressedID = nil
            scale.lift(id: id)
        case .wheel(let dy):
            guard dy.isFinite else { return }
            force = min(max(force + dy * Self.step, 0), 1)
            guard let id = pressedID ?? wheelTarget(on: scale), let contact = scale.contact(id: id) else { return }
            scale.place(id: id, at: contact.position, force: force, time: time)
        case .keyDown(.character("c"), _):
            scale.liftPinned()
        default:
            break
        }
    }
}
