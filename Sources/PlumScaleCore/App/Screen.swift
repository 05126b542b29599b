/// Which screen is up, with that screen's own state: nothing to unwrap.
public enum Screen: Equatable, Sendable {
    /// The scale itself (its contacts live in the root: objects lying on the
    /// glass are tracked whatever screen is up).
    case scale
    /// The calibration wizard over the scale.
    case calibration(CalibrationWizard)
    /// The eccentricity test over the scale (EccentricityRun.swift).
    case eccentricity(EccentricityRun)
    /// The history table, with Peek & Pop.
    case history(HistoryBrowser)
    /// One weighing, opened from the table it returns to.
    case detail(HistoryDetail)

    /// The name the state document gives the screen.
    public var name: String {
        switch self {
        case .scale: "scale"
        case .calibration: "calibrate"
        case .eccentricity: "eccentricity"
        case .history: "history"
        case .detail: "detail"
        }
    }

    /// The wizard, when the calibration screen is up.
    public var wizard: CalibrationWizard? {
        if case .calibration(let wizard) = self { return wizard }
        return nil
    }

    /// The eccentricity test, when its screen is up.
    public var eccentricity: EccentricityRun? {
        if case .eccentricity(let run) = self { return run }
        return nil
    }

    /// The table, when the history screen is up.
    public var browser: HistoryBrowser? {
        if case .history(let browser) = self { return browser }
        return nil
    }

    /// The weighing shown, when the detail screen is up.
    public var detail: HistoryDetail? {
        if case .detail(let detail) = self { return detail }
        return nil
    }
}

/// The detail screen: one weighing (nil while it loads) and the table to go
/// back to.
public struct HistoryDetail: Equatable, Sendable {
    public var id: Int64
    public var weighing: Weighing?
    public var table: HistoryBrowser
    /// Delete was tapped: "Delete for good" and Cancel are asked, on a
    /// card away from where Delete was.
    public var confirmingDelete = false
}
