/// The scale screen's own state, beside the station's that every screen
/// shares (the objects on the glass, the units, the mode, the tares): its
/// buttons for the layout and mode, the touches resting on them until they
/// prove taps or objects, and the lines it shows on the source and the
/// fleet, written when those change, not in every scene.
struct ScaleScreenState: Equatable, Sendable {
    /// The buttons for the current layout and mode (ScaleButtons.swift).
    var buttonPanel: ScaleButtonPanel
    /// Touches on the buttons, until they prove taps or objects.
    var touchesOnButtons: [Int: TouchOnButton] = [:]
    /// What the source can measure (ScaleScene.swift).
    var modeBanner: [String] = []
    /// The fleet's line, nil without a broker.
    var fleetLine: String?
}
