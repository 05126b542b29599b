/// Operator work: what a passer-by at a kiosk may never do, whatever route
/// asks for it (a button, a key, a preview's action, an effect).
public enum AdminWork: String, CaseIterable, Equatable, Sendable {
    case calibrate
    case saveCalibration
    case export
    case delete
    /// Ending the program, or locking the operator bar (the operator's own).
    case leave
    case lock
    /// Changing the scale's mode (`m`): the operator chooses what a passer-by gets.
    case chooseMode
}

/// An action of a feature that may be operator work.
protocol GatedAction {
    /// The operator work it is, nil for what anybody may do.
    var adminWork: AdminWork? { get }
}

extension ScaleAction: GatedAction {
    var adminWork: AdminWork? {
        switch self {
        case .calibrateTapped: .calibrate
        case .quitPressed: .leave
        case .modeTapped, .sampleTapped, .referenceTapped, .productTapped, .newProductTapped: .chooseMode
        case .recordTapped, .historyTapped, .tareTapped, .clearTareTapped, .unitsTapped, .useCarrierTapped, .presetTareTapped: nil
        }
    }
}

extension CalibrationAction: GatedAction {
    /// The whole wizard is the operator's: it can only be opened by one.
    var adminWork: AdminWork? { self == .saveTapped ? .saveCalibration : .calibrate }
}

extension EccentricityAction: GatedAction {
    /// Operator work, like the wizard it is opened from.
    var adminWork: AdminWork? { self == .saveTapped ? .saveCalibration : .calibrate }
}

extension DetailAction: GatedAction {
    var adminWork: AdminWork? {
        switch self {
        case .exportTapped: .export
        case .deleteTapped, .deleteConfirmed: .delete
        case .backTapped, .deleteCancelled: nil
        }
    }
}

extension PeekAction: GatedAction {
    var adminWork: AdminWork? {
        switch self {
        case .open: nil
        case .export: .export
        case .delete: .delete
        }
    }
}

extension OperatorAction: GatedAction {
    var adminWork: AdminWork? {
        switch self {
        case .lockTapped: .lock
        case .leaveKioskTapped: .leave
        }
    }
}

extension Effect {
    /// The operator work an effect performs, nil for what anybody may cause.
    var adminWork: AdminWork? {
        switch self {
        case .delete: .delete
        case .export: .export
        case .saveCalibration, .saveEccentricity: .saveCalibration
        case .saveProduct: .chooseMode
        case .quit: .leave
        case .save, .loadRows, .loadWeighing, .saveLockout: nil
        }
    }
}

/// The kiosk's one gate. Every admin action of every screen, and every
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

extension Kiosk {
    /// The gate's rule: operator work is the operator's.
    func allows(_ work: AdminWork) -> Bool { role == .operator }
}
