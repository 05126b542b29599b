/// The root's one gate (the rules: Kiosk/KioskGate.swift). Every admin action of every screen, and every
/// effect leaving the core, is decided here by the role; the role itself
/// becomes `.operator` only through the PIN (`Kiosk.pinPadTapped`).
extension AppState {
    /// Whether `work` is allowed now: always outside a kiosk; in a kiosk,
    /// to the operator only. Nil work is anybody's.
    func allows(_ work: AdminWork?) -> Bool {
        guard let work, let kiosk else { return true }
        return kiosk.allows(work)
    }

    /// Whether operator work (calibrating, deleting, exporting, leaving) is
    /// allowed now: always outside a kiosk; in a kiosk, in operator mode only.
    var operatorActionsAllowed: Bool { allows(.calibrate) }

    /// The preview's actions the person at the screen may use.
    var peekActionsAllowed: [PeekAction] { PeekAction.allCases.filter { allows($0.adminWork) } }

    /// Operator work never leaves a passer-by's kiosk, whatever asked for
    /// it (defence in depth: each screen already hides and refuses it).
    func allowedEffects(_ effects: [Effect]) -> [Effect] {
        effects.filter { allows($0.adminWork) }
    }
}
