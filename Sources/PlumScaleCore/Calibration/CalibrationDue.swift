import Foundation

/// Who saved a calibration, as the calibration log records it.
public enum CalibrationRole: String, Equatable, Sendable, CaseIterable {
    /// The window's user (no kiosk: whoever sits at the scale).
    case user
    /// A kiosk's operator (only the operator can calibrate there).
    case `operator`
}

/// A row of the calibration log as the core knows it: its id and when it
/// was made (wall clock).
public struct CalibrationStamp: Equatable, Sendable {
    public var id: Int64
    public var at: Date

    public init(id: Int64, at: Date) {
        self.id = id
        self.at = at
    }

    /// When, as ISO 8601 in UTC to the second (the state document's).
    public var isoTime: String { ISO8601DateFormatter().string(from: at) }

    /// "Calibrated 2026-11-30 (log #4)", the date in `timeZone`.
    public func text(timeZone: TimeZone) -> String {
        "Calibrated \(CalibrationDue.day(at, timeZone: timeZone)) (log #\(id))"
    }
}

/// When a device's calibration is next due (`calibration.intervalDays`
/// after the latest row of the calibration log), as the footer says it.
/// A calibration with no row in the log (saved before the log existed, or
/// written into the config by hand) has no known date: it is never called
/// overdue, but the footer says the date is unknown until it is redone.
public enum CalibrationDue: Equatable, Sendable {
    /// Due in `days` whole days or less (at least 1).
    case due(days: Int, on: Date)
    /// Was due at `since`, which has passed.
    case overdue(since: Date)
    /// The calibration has no row in the log.
    case dateUnknown

    public init(calibratedAt: Date?, intervalDays: Int, now: Date) {
        guard let calibratedAt else {
            self = .dateUnknown
            return
        }
        let due = calibratedAt.addingTimeInterval(Double(intervalDays) * 86400)
        let left = due.timeIntervalSince(now)
        self = left > 0 ? .due(days: Int((left / 86400).rounded(.up)), on: due) : .overdue(since: due)
    }

    public var isOverdue: Bool {
        if case .overdue = self { return true }
        return false
    }

    /// The footer's words for whoever may calibrate.
    public func text(timeZone: TimeZone) -> String {
        switch self {
        case .due(let days, _): "Calibration due in \(days) day\(days == 1 ? "" : "s")"
        case .overdue(let since): "Calibration overdue since \(Self.day(since, timeZone: timeZone))"
        case .dateUnknown: "Calibration date unknown: calibrate again (k) to start the interval"
        }
    }

    /// What a kiosk's passer-by is told: only that it is overdue, and who can fix it.
    public static let passerByOverdue = "Calibration overdue: ask the operator"

    /// "2026-11-30" in `timeZone`.
    static func day(_ date: Date, timeZone: TimeZone) -> String {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: timeZone, from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}

extension CalibrationDue {
    /// The footer's due line: a kiosk's passer-by sees it only when
    /// overdue, told to ask the operator; anyone else sees it all.
    func line(passerBy: Bool, timeZone: TimeZone) -> (text: String, color: Color)? {
        let color = isOverdue ? Color.overloadRed : Color.grey
        if passerBy { return isOverdue ? (Self.passerByOverdue, color) : nil }
        return (text(timeZone: timeZone), color)
    }
}
