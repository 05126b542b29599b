import Foundation

/// A JSON document as parsed by `JSONParser`: objects keep their members in
/// file order (duplicates included), so a file can be rewritten with its
/// keys where the user put them.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// The value of the first member named `key`, if this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A short name of the value's type, for error messages.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// This object with member `key` set to `value` (replaced in place when
    /// present, appended otherwise). Other values are returned unchanged.
    public func setting(_ key: String, to value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(JSONMember(key, value))
        }
        return .object(members)
    }

    /// Pretty JSON text: two-space indent, members in order, numbers in
    /// their shortest round-trip form ("0.35", integers without ".0").
    public func pretty(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return Self.format(value)
        case .string(let value): return Self.quote(value)
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            let lines = items.map { inner + $0.pretty(indent: inner) }
            return "[\n" + lines.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let lines = members.map { inner + Self.quote($0.key) + ": " + $0.value.pretty(indent: inner) }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
        }
    }

    /// A number as JSON: integral values without a fraction.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A string as a JSON string literal, escaped.
    public static func quote(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// One member of a JSON object, with the line it started on (0 when built
/// in code).
public struct JSONMember: Equatable, Sendable {
    public var key: String
    public var value: JSONValue
    public var line: Int

    public init(_ key: String, _ value: JSONValue, line: Int = 0) {
        self.key = key
        self.value = value
        self.line = line
    }

    public static func == (lhs: JSONMember, rhs: JSONMember) -> Bool {
        lhs.key == rhs.key && lhs.value == rhs.value
    }
}

extension JSONValue {
    /// The first key that an object in this value repeats (depth first),
    /// nil when none does. JSON allows a repeated key and readers disagree
    /// on which value wins, so PlumScale refuses one wherever it reads
    /// JSON: the config (ConfigReader.members, with the key's path) and
    /// each replay line (JSONLinesReplay).
    public var firstDuplicateKey: JSONMember? {
        switch self {
        case .object(let members):
            var seen = Set<String>()
            for member in members {
                if !seen.insert(member.key).inserted { return member }
                if let inner = member.value.firstDuplicateKey { return inner }
            }
            return nil
        case .array(let items):
            for item in items { if let inner = item.firstDuplicateKey { return inner } }
            return nil
        default:
            return nil
        }
    }

    /// An object from key-value pairs, in this order.
    public static func fields(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(pairs.map { JSONMember($0.0, $0.1) })
    }

    /// A number rounded to a millionth (so 120 + 0.42 x 120 reads 170.4);
    /// nil and non-finite values are null, so documents stay valid JSON.
    public static func rounded(_ value: Double?) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        return .number((value * 1e6).rounded() / 1e6)
    }

    public static func integer(_ value: Int) -> JSONValue { .number(Double(value)) }

    /// Pretty text ending with a newline, for files.
    public var prettyText: String { pretty() + "\n" }
}
