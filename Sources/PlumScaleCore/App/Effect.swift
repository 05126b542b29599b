import Foundation

/// What the core asks the shell to do. `AppState.apply` returns these; the
/// shell performs them and answers the store's work with a `.history`
/// event: the core itself does no I/O.
public enum Effect: Equatable, Sendable {
    /// Save a weighing, with the units and display step d (in the units,
    /// nil without grams) it was shown in, and the scale's mode; the shell
    /// stamps the time.
    case save(
        device: String, mode: ForceMode, objects: [WeighedObject], units: WeightUnit, step: Double?, scaleMode: ScaleMode = .weigh,
        product: String? = nil)
    /// One page of rows, newest first, after `cursor` (nil: the newest).
    case loadRows(page: Int, after: HistoryCursor?, limit: Int)
    case loadWeighing(id: Int64)
    case delete(id: Int64)
    case export(id: Int64)
    /// Write a calibration to the config file, and append it to the
    /// calibration log with the role that saved it.
    case saveCalibration(device: String, points: [CalibrationPoint], role: CalibrationRole = .user)
    /// Write the eccentricity test's gain map with the device's calibration
    /// in the config file; nil removes the one there. The test that led to
    /// it is appended to the calibration log with the role that saved it.
    case saveEccentricity(device: String, map: GainMap?, test: EccentricityRecord? = nil, role: CalibrationRole = .user)
    /// Write a check-weighing product's limits to the config file
    /// (`products`), in place of one of the same name.
    case saveProduct(Product)
    /// Keep the kiosk's PIN lockout across restarts: wrong PINs so far, and
    /// until when (wall clock) the pad refuses PINs, nil when it does not.
    /// The shell writes it to the data directory and gives it back at start.
    case saveLockout(failures: Int, lockedUntil: Date?)
    /// The user asked to leave: the shell ends the program.
    case quit

    /// Whether the history store (or the config file) performs it.
    public var isStoreWork: Bool {
        switch self {
        case .quit, .saveLockout: false
        default: true
        }
    }
}

/// The store's answer to an effect.
public enum HistoryResult: Equatable, Sendable {
    case saved(id: Int64)
    case rows(page: Int, [HistoryRow], labels: [String])
    case weighing(Weighing?)
    case deleted(id: Int64)
    case exported(path: String)
    /// The calibration is in the config file; `logged`: its row in the
    /// calibration log, nil with `logProblem` saying why it is not there.
    case calibrationSaved(device: String, points: [CalibrationPoint], logged: CalibrationStamp? = nil, logProblem: String? = nil)
    /// The eccentricity map is in the config file (nil: removed from it);
    /// `logProblem`: why its test is not in the calibration log, nil when it is.
    case eccentricitySaved(device: String, map: GainMap?, logProblem: String? = nil)
    /// The product is in the config file.
    case productSaved(name: String)
    /// The latest row of the calibration log of each device (at start).
    case calibrations([String: CalibrationStamp])
    /// What went wrong, in words for the screen ("disk full: ...").
    case failed(String)
}

/// A short message on screen ("Saved weighing #12", "disk full ..."), and until when.
public struct Notice: Equatable, Sendable {
    public var text: String
    public var until: Double
    /// The screen it belongs to (Screen.name), shown only while that screen
    /// is up; nil for what is said on every screen (a failure, the kiosk's).
    public var screen: String?
}
