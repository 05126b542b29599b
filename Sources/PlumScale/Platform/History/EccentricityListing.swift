import Foundation
import PlumScaleCore

/// The eccentricity tests in `plumscale history calibrations`: after the
/// calibrations, a table of their own (only when there is one), and in the
/// JSON array beside them, each marked `"kind": "eccentricity"`.
extension CalibrationListing {
    /// The text listing: the calibrations, then the eccentricity tests.
    public static func format(
        _ entries: [CalibrationEntry], total: Int, tests: [EccentricityEntry], testTotal: Int, timeZone: TimeZone
    ) -> String {
        let calibrations = format(entries, total: total, timeZone: timeZone)
        guard testTotal > 0 else { return calibrations }
        if tests.isEmpty { return calibrations + "No more eccentricity tests.\n" }
        let header = ["ID", "MADE (LOCAL)", "ROLE", "ACTION", "LARGEST DIFFERENCE", "READINGS (GRAMS)", "GAINS", "DEVICE"]
        let body = tests.map { test in
            [
                String(test.id), HistoryListing.localTime(test.at, timeZone: timeZone), test.role.rawValue, test.action.rawValue,
                number(test.largestDifferenceGrams) + " g = " + String(format: "%.1f", test.inD) + " d",
                placesText(test.readings), test.gains.isEmpty ? "-" : placesText(test.gains), TerminalText.visible(test.device),
            ]
        }
        let count = "\(tests.count) of \(testTotal) eccentricity test\(testTotal == 1 ? "" : "s")\n"
        return calibrations + "\nEccentricity tests\n" + HistoryListing.columns([header] + body) + count
    }

    /// "centre:200 topLeft:201.5 ...", in the test's order.
    static func placesText(_ values: [EccentricityTest.Place: Double]) -> String {
        EccentricityTest.Place.allCases.compactMap { place in values[place].map { place.rawValue + ":" + number($0) } }
            .joined(separator: " ")
    }

    /// The JSON listing: the calibrations' rows, then the tests',
    /// `{"kind": "eccentricity", "id", "made_at", "role", "device",
    /// "action", "readings_g": {place: g}, "gains": {place: gain} or null,
    /// "largest_difference_g", "largest_difference_d"}`, each newest first.
    public static func json(_ entries: [CalibrationEntry], tests: [EccentricityEntry]) -> String {
        let testRows = tests.map { test in
            JSONValue.fields([
                ("kind", .string("eccentricity")), ("id", .integer(Int(test.id))),
                ("made_at", .string(CalibrationStamp(id: test.id, at: test.at).isoTime)), ("role", .string(test.role.rawValue)),
                ("device", .string(test.device)), ("action", .string(test.action.rawValue)),
                ("readings_g", EccentricityRecord.placesJSON(test.readings)),
                ("gains", test.gains.isEmpty ? .null : EccentricityRecord.placesJSON(test.gains)),
                ("largest_difference_g", .number(test.largestDifferenceGrams)), ("largest_difference_d", .number(test.inD)),
            ])
        }
        return JSONValue.array(rows(entries) + testRows).prettyText
    }
}
