/// A JSON value written with keys in a fixed order, so documents read well
/// and diff cleanly. Non-finite numbers are written as null: the output is
/// always valid JSON.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case integer(Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.text == b.text }

    /// Numbers rounded to a millionth, so 120 + 0.42 x 120 reads 170.4.
    public static func rounded(_ value: Double?) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        return .number((value * 1e6).rounded() / 1e6)
    }

    public var text: String {
        var out = ""
        write(to: &out, indent: nil, depth: 0)
        return out
    }

    /// Two-space indented text, for files people read.
    public var prettyText: String {
        var out = ""
        write(to: &out, indent: "  ", depth: 0)
        return out + "\n"
    }

    private func write(to out: inout String, indent: String?, depth: Int) {
        let newline = indent.map { "\n" + String(repeating: $0, count: depth + 1) } ?? ""
        let close = indent.map { "\n" + String(repeating: $0, count: depth) } ?? ""
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .integer(let i): out += String(i)
        case .number(let d):
            if !d.isFinite { out += "null" }
            else if d == d.rounded(), abs(d) < 1e15 { out += String(Int(d)) + ".0" }
            else { out += "\(d)" }
        case .string(let s): JSONValue.escape(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += indent == nil ? "," : "," }
                out += newline
                item.write(to: &out, indent: indent, depth: depth + 1)
            }
            out += close + "]"
        case .object(let pairs):
            if pairs.isEmpty { out += "{}"; return }
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out += "," }
                out += newline
                JSONValue.escape(key, into: &out)
                out += indent == nil ? ":" : ": "
                value.write(to: &out, indent: indent, depth: depth + 1)
            }
            out += close + "}"
        }
    }

    static func escape(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
