import Foundation

/// Writers for exported history: one record per weighed object, carrying its
/// weighing's id, time (ISO 8601, UTC, with Z), device and mode.
public enum HistoryExport {
    /// The export formats `plumscale history export` offers.
    public enum Format: String, CaseIterable, Sendable {
        case csv, json
    }

    /// Column names, in order, shared by CSV and JSON.
    /// `units` (last, so readers of the older columns are undisturbed) is
    /// what the weighing was shown in; `grams` are grams whatever it says.
    /// `scale_mode` and `verdict` (issue 28) come after it: the scale's mode
    /// and check-weighing's verdict of the object (empty, or null, without);
    /// `product` last, the product whose limits a check-weighing used.
    public static let columns = [
        "weighing_id", "taken_at", "device", "mode", "index",
        "x", "y", "force", "grams", "stable", "tare", "units", "scale_mode", "verdict", "product",
    ]

    /// "2024-05-01T12:30:00.250Z": UTC with milliseconds.
    public static func isoTime(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// The CSV header line, with its line ending (RFC 4180: CRLF).
    public static var csvHeader: String { columns.joined(separator: ",") + "\r\n" }

    /// CSV lines (RFC 4180) for one weighing's objects; missing readings are empty fields.
    public static func csvLines(_ weighing: Weighing) -> String {
        let time = isoTime(weighing.takenAt)
        var out = ""
        for object in weighing.objects {
            let fields: [String] = [
                weighing.id.map(String.init) ?? "", time, csvField(weighing.device),
                csvField(weighing.mode), String(object.index), number(object.x), number(object.y),
                object.force.map(number) ?? "", object.grams.map(number) ?? "",
                object.stable ? "true" : "false", number(object.tare), csvField(weighing.units),
                weighing.scaleMode.name, object.verdict?.rawValue ?? "", weighing.product.map(csvField) ?? "",
            ]
            out += fields.joined(separator: ",") + "\r\n"
        }
        return out
    }

    /// A whole CSV document.
    public static func csv(_ weighings: [Weighing]) -> String {
        weighings.reduce(csvHeader) { $0 + csvLines($1) }
    }

    /// Quotes a field when it holds a comma, quote, CR or LF; doubles inner
    /// quotes. Looked for in the UTF-8 bytes, not the Characters: Swift
    /// makes "\r\n" one Character, equal to neither "\r" nor "\n".
    public static func csvField(_ text: String) -> String {
        let needsQuotes = text.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else { return text }
        // By bytes too: a quote before a combining mark is one Character.
        var bytes: [UInt8] = [0x22]
        for byte in text.utf8 {
            bytes.append(byte)
            if byte == 0x22 { bytes.append(0x22) }
        }
        bytes.append(0x22)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// JSON objects (one per weighed object, keys in `columns` order), comma-separated,
    /// without the enclosing brackets, so a long export can be streamed.
    public static func jsonObjects(_ weighing: Weighing) -> [String] {
        let time = isoTime(weighing.takenAt)
        return weighing.objects.map { object in
            let values: [String] = [
                weighing.id.map(String.init) ?? "null", jsonString(time),
                jsonString(weighing.device), jsonString(weighing.mode), String(object.index),
                jsonNumber(object.x), jsonNumber(object.y),
                object.force.map(jsonNumber) ?? "null", object.grams.map(jsonNumber) ?? "null",
                object.stable ? "true" : "false", jsonNumber(object.tare), jsonString(weighing.units),
                jsonString(weighing.scaleMode.name), object.verdict.map { jsonString($0.rawValue) } ?? "null",
                weighing.product.map(jsonString) ?? "null",
            ]
            let pairs = zip(columns, values).map { "\"\($0)\":\($1)" }
            return "{" + pairs.joined(separator: ",") + "}"
        }
    }

    /// A whole JSON document: an array of objects, one per line.
    public static func json(_ weighings: [Weighing]) -> String {
        let objects = weighings.flatMap(jsonObjects)
        if objects.isEmpty { return "[]\n" }
        return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }

    /// A JSON string literal with the escapes RFC 8259 requires.
    public static func jsonString(_ text: String) -> String { JSONValue.quote(text) }

    /// A finite number in its shortest round-trip form; non-finite becomes null.
    static func jsonNumber(_ value: Double) -> String {
        value.isFinite ? number(value) : "null"
    }

    /// Shortest round-trip decimal ("0.42", "640.0").
    static func number(_ value: Double) -> String { "\(value)" }
}
