import Foundation

/// Text for `plumscale history list`: a fixed-width table, newest first, times
/// in the zone the shell gives (the local one).
public enum HistoryListing {
    /// Local time as "2024-05-01 14:30:00".
    public static func localTime(_ date: Date, timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: date)
    }

    /// The heaviest reading as the table shows it: "153.2 g (42.0%)", "42.0%", or "-";
    /// grams in the weighing's units to its step ("5.40 oz (42.0%)").
    public static func heaviestText(force: Double?, grams: Double?, mode: String, units: String = "g", step: Double? = nil) -> String {
        let forceText = force.map { String(format: "%.1f%%", $0 * 100) }
        let approx = mode == "area" ? "~" : ""
        let gramsText = grams.map { WeightFormat(units: units, step: step).text(grams: $0) ?? String(format: "%.1f g", $0) }
        switch (gramsText, forceText) {
        case (let g?, let f?): return g + " (\(approx)\(f))"
        case (let g?, nil): return g
        case (nil, let f?): return approx + f
        default: return "-"
        }
    }

    /// The table: a header, one line per row, and a footer "N of M weighings".
    public static func format(_ rows: [HistoryRow], total: Int, timeZone: TimeZone) -> String {
        if rows.isEmpty { return total == 0 ? "No weighings yet.\n" : "No more weighings.\n" }
        let header = ["ID", "TAKEN (LOCAL)", "MODE", "OBJECTS", "HEAVIEST", "DEVICE"]
        // Names come from devices and files: escape sequences in them are
        // shown, never sent to the terminal (TerminalText).
        let body = rows.map { row in
            [
                String(row.id), localTime(row.takenAt, timeZone: timeZone), TerminalText.visible(row.mode),
                String(row.objectCount),
                heaviestText(force: row.heaviestForce, grams: row.heaviestGrams, mode: row.mode, units: row.units, step: row.step),
                TerminalText.visible(row.device),
            ]
        }
        return columns([header] + body) + "\(rows.count) of \(total) weighing\(total == 1 ? "" : "s")\n"
    }

    /// Lines of cells in aligned columns, two spaces apart; the last column
    /// is not padded (the device name, which may be long).
    public static func columns(_ table: [[String]]) -> String {
        guard let header = table.first else { return "" }
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        var out = ""
        for line in table {
            let cells = line.enumerated().map { column, cell in
                column == line.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }
            out += cells.joined(separator: "  ") + "\n"
        }
        return out
    }
}
