import Foundation

/// What the core asks of the history store. The shell performs it and
/// answers with a `HistoryResult` event: the core itself does no I/O.
public enum HistoryRequest: Equatable, Sendable {
    /// Save a weighing; the shell stamps the time of the save.
    case save(device: String, mode: String, objects: [WeighedObject])
    /// One page of rows, newest first, after `cursor` (nil: the newest).
    case rows(page: Int, after: HistoryCursor?, limit: Int)
    case weighing(id: Int64)
    case delete(id: Int64)
    case export(id: Int64)
    /// Not history, but the same round trip: write a calibration to the config file.
    case saveCalibration(device: String, points: [CalibrationPoint])
}

/// The store's answer.
public enum HistoryResult: Equatable, Sendable {
    case saved(id: Int64)
    case rows(page: Int, [HistoryRow], labels: [String])
    case weighing(Weighing?)
    case deleted(id: Int64)
    case exported(path: String)
    case calibrationSaved(device: String, points: [CalibrationPoint])
    /// What went wrong, in words for the screen ("disk full: ...").
    case failed(String)
}

/// Which screen is up.
public enum Screen: String, Equatable, Sendable {
    case scale, history, detail, calibrate
}
