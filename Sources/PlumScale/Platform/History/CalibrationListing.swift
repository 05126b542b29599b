import Foundation
import PlumScaleCore

/// `plumscale history calibrations`: the calibration log, newest first, as
/// a fixed-width table (times in the local zone) or as JSON.
public enum CalibrationListing {
    public static func format(_ entries: [CalibrationEntry], total: Int, timeZone: TimeZone) -> String {
        if entries.isEmpty { return total == 0 ? "No calibrations logged yet.\n" : "No more calibrations.\n" }
        let header = ["ID", "MADE (LOCAL)", "ROLE", "ACTION", "FIT (GRAMS)", "R2", "RESIDUAL", "POINTS (FORCE:GRAMS)", "DEVICE"]
        let body = entries.map { entry in
            [
                String(entry.id), HistoryListing.localTime(entry.at, timeZone: timeZone), entry.role.rawValue, entry.action.rawValue,
                fitText(entry), entry.rSquared.map { String(format: "%.6f", $0) } ?? "-",
                entry.maxResidualGrams.map { number($0) + " g" } ?? "-",
                entry.points.isEmpty ? "-" : entry.points.map { number($0.force) + ":" + number($0.grams) }.joined(separator: " "),
                TerminalText.visible(entry.device),
            ]
        }
        return HistoryListing.columns([header] + body) + "\(entries.count) of \(total) calibration\(total == 1 ? "" : "s")\n"
    }

    /// "200·force + 0.1", "-" for a removal.
    static func fitText(_ entry: CalibrationEntry) -> String {
        guard let slope = entry.slope, let intercept = entry.intercept else { return "-" }
        return number(slope) + "·force " + (intercept < 0 ? "- " : "+ ") + number(abs(intercept))
    }

    static func number(_ value: Double) -> String { String(format: "%.6g", value) }

    /// `[{"kind": "calibration", "id", "made_at" (ISO 8601, UTC), "role",
    /// "device", "action", "points": [{"force", "grams"}], "slope",
    /// "intercept", "r2", "max_residual_g"}]`, newest first.
    public static func json(_ entries: [CalibrationEntry]) -> String { JSONValue.array(rows(entries)).prettyText }

    static func rows(_ entries: [CalibrationEntry]) -> [JSONValue] {
        func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
        return entries.map { entry in
            JSONValue.fields([
                ("kind", .string("calibration")), ("id", .integer(Int(entry.id))), ("made_at", .string(entry.stamp.isoTime)),
                ("role", .string(entry.role.rawValue)),
                ("device", .string(entry.device)), ("action", .string(entry.action.rawValue)),
                ("points", .array(entry.points.map { .fields([("force", .number($0.force)), ("grams", .number($0.grams))]) })),
                ("slope", number(entry.slope)), ("intercept", number(entry.intercept)), ("r2", number(entry.rSquared)),
                ("max_residual_g", number(entry.maxResidualGrams)),
            ])
        }
    }
}
