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

extension Kiosk {
    /// The gate's rule: operator work is the operator's.
    func allows(_ work: AdminWork) -> Bool { role == .operator }
}
