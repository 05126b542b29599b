import Foundation

/// Where `JSONLinesReplay.parse(lines:file:into:)` puts each event as soon
/// as its line is read: an array (the whole replay in memory), or a
/// consumer that applies it at once (`plumscale render`, whose memory then
/// stays flat whatever the file's length).
public protocol ReplayEventSink {
    mutating func append(_ event: InputEvent)
    /// Whether no event was appended yet.
    var isEmpty: Bool { get }
}

extension Array: ReplayEventSink where Element == InputEvent {}

/// The warnings of a replay, kept up to `limit` (a file of a billion
/// clamped values must not hold a billion messages); one more line then
/// says how many were left out.
public struct ReplayWarnings: Sendable {
    public static let limit = 1000
    public private(set) var kept: [String] = []
    public private(set) var leftOut = 0

    public init() {}

    public mutating func append(_ warning: String) {
        if kept.count < Self.limit { kept.append(warning) } else { leftOut += 1 }
    }

    public var lines: [String] {
        leftOut == 0 ? kept : kept + ["\(leftOut) more warning\(leftOut == 1 ? "" : "s") not shown"]
    }
}

extension JSONLinesReplay {
    /// Parses a whole text held in memory.
    public static func parse(_ text: String, file: String) throws -> Replay {
        var events: [InputEvent] = []
        var replay = try parse(lines: ReplayText.lines(text), file: file, into: &events)
        replay.events = events
        return replay
    }
}

/// Line handling shared by the in-memory and the streaming readers.
public enum ReplayText {
    /// The lines of `text`, split at LF; a CR before it (CRLF files, common
    /// from Windows editors) is left for `trimmed` to remove. Split on the
    /// UTF-8 bytes: Swift's Character view joins "\r\n" into one Character,
    /// which a split on "\n" never meets.
    public static func lines(_ text: String) -> [Substring] {
        let utf8 = text.utf8
        var lines: [Substring] = []
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == 0x0A {
                lines.append(Substring(utf8[start..<index]))
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        lines.append(Substring(utf8[start..<utf8.endIndex]))
        return lines
    }

    /// The line without surrounding white space. A line that starts and ends
    /// with a visible ASCII character (nearly all) is returned as it is,
    /// without Foundation's Unicode trimming.
    public static func trimmed<S: StringProtocol>(_ line: S) -> String {
        let utf8 = line.utf8
        if let first = utf8.first, (0x21...0x7E).contains(first),
            (0x21...0x7E).contains(utf8[utf8.index(utf8.endIndex, offsetBy: -1)])
        {
            return String(line)
        }
        return line.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// What exactly is wrong with a line JSONDecoder refused: its own errors
/// say "not valid JSON" for a fractional id, a number beyond a Double or
/// nesting too deep. The line is parsed again with `JSONParser`, which
/// reports the column of a syntax error, and the fields are checked
/// against the format.
enum ReplayLineDiagnosis {
    enum Kind { case integer, number, text }

    /// The record's fields and what each must be (ReplayLine's keys).
    static let fields: [(String, Kind)] = [
        ("t", .number), ("id", .integer), ("x", .number), ("y", .number), ("pressure", .number),
        ("touch_major", .number), ("width", .integer), ("height", .integer), ("plumscale-replay", .integer),
        ("button", .integer), ("dy", .number),
        ("type", .text), ("key", .text), ("state", .text),
    ]

    /// A message for `error`, or nil when the line shows nothing more precise.
    static func explain(_ error: Error, line: String) -> String? {
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            return "not valid JSON at column \(error.column): \(error.message)"
        }
        guard case .object = value else { return "expected one JSON object per line, found \(value.typeName)" }
        for (key, kind) in fields {
            guard let field = value[key], case .number(let number) = field, kind != .text else { continue }
            let written = literal(of: key, in: line) ?? "\(number)"
            if !number.isFinite {
                return "\"\(key)\" is \(written), beyond the range of a 64-bit number (about ±1.8e308)"
            }
            if kind == .integer {
                if number.rounded(.towardZero) != number {
                    return "\"\(key)\" must be a whole number, found \(written)"
                }
                if !(-9.2e18...9.2e18).contains(number) {
                    return "\"\(key)\" must be a whole number within ±9.2e18, found \(written)"
                }
            }
        }
        return nil
    }

    /// A key the line repeats, nil when none: the line parsed again by
    /// the config's parser, which keeps every member (JSONDecoder keeps
    /// one value of a repeated key, silently). Only when the line has more
    /// ':' than the keys decoded from it (`ReplayLine.keyCount`): a line
    /// with one ':' per key decoded cannot repeat one, and that is nearly
    /// every line, so the second parse is nearly never made.
    static func duplicateKey(in line: String, decodedKeys: Int) -> String? {
        var colons = 0
        for byte in line.utf8 where byte == UInt8(ascii: ":") { colons += 1 }
        guard colons > decodedKeys else { return nil }
        return (try? JSONParser.parse(line))?.firstDuplicateKey?.key
    }

    /// The number as the line writes it, after `"key":`.
    static func literal(of key: String, in line: String) -> String? {
        guard let keyRange = line.range(of: "\"\(key)\"") else { return nil }
        var rest = line[keyRange.upperBound...].drop { $0 == " " || $0 == "\t" }
        guard rest.first == ":" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
        let number = rest.prefix { "+-0123456789.eE".contains($0) }
        return number.isEmpty ? nil : String(number.prefix(40))
    }
}
