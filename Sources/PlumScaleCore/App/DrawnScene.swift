/// The scene the shell last drew. Whether the screen changed is decided
/// here, by comparing what would be drawn with what was, never by the
/// reducers: a change nobody reported is still drawn, and a frame that
/// would show the same thing is not drawn again.
public struct DrawnScene: Sendable {
    public private(set) var scene: Scene?

    public init() {}

    /// Whether `next` differs from what is on screen; if so, it is what is
    /// on screen from now (the caller draws it).
    public mutating func needsDrawing(_ next: Scene) -> Bool {
        guard next != scene else { return false }
        scene = next
        return true
    }

    /// The window lost its content (exposed, resized by the compositor):
    /// the next scene is drawn whatever it is.
    public mutating func forget() { scene = nil }
}
