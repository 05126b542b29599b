/// `scaleMode`: one mode, `{"mode": "check", "low": G, "high": G}`,
/// `{"mode": "count", "pieceGrams": G}`, `{"mode": "percent",
/// "referenceGrams": G}` or `{"mode": "weigh"}`, or an array of them (each
/// mode once). The scale starts in the first; `m` cycles through them and
/// plain weighing.
extension ConfigReader {
    /// The keys each mode takes besides `mode`.
    static let scaleModeKeys: [String: [String]] = [
        "weigh": [], "check": ["low", "high"], "count": ["pieceGrams"], "percent": ["referenceGrams"],
    ]

    mutating func scaleModes(_ value: JSONValue, at path: ConfigKeyPath) -> [ScaleMode] {
        switch value {
        case .object:
            return scaleMode(value, at: path).map { [$0] } ?? []
        case .array(let items):
            if items.isEmpty { fail(path, "expected at least one mode, got an empty array") }
            var modes: [ScaleMode] = []
            var firstIndex: [String: Int] = [:]
            for (index, item) in items.enumerated() {
                guard let mode = scaleMode(item, at: path.index(index)) else { continue }
                if let first = firstIndex[mode.name] {
                    fail(path.index(index).key("mode"), "repeats the mode \(JSONValue.quote(mode.name)) of [\(first)]")
                } else {
                    firstIndex[mode.name] = index
                    modes.append(mode)
                }
            }
            return modes
        default:
            fail(
                path,
                "expected an object such as {\"mode\": \"check\", \"low\": 100, \"high\": 120}, or an array of them; got \(value.typeName)")
            return []
        }
    }

    /// One mode object, nil after reporting what is wrong with it.
    mutating func scaleMode(_ value: JSONValue, at path: ConfigKeyPath) -> ScaleMode? {
        guard let keys = members(value, at: path, known: ["mode", "low", "high", "pieceGrams", "referenceGrams"]) else { return nil }
        let modePath = path.key("mode")
        guard case .string(let name)? = keys["mode"] else {
            let got = keys["mode"].map { "got \($0.typeName)" } ?? "missing"
            fail(modePath, "expected one of: \(ScaleMode.names.joined(separator: ", ")); \(got)")
            return nil
        }
        guard let allowed = Self.scaleModeKeys[name] else {
            fail(modePath, "expected one of: \(ScaleMode.names.joined(separator: ", ")); got \(JSONValue.quote(name))")
            return nil
        }
        let before = issues.count
        for key in keys.keys.sorted() where key != "mode" && !allowed.contains(key) {
            let expected = allowed.isEmpty ? "it takes no other key" : "it takes \(allowed.joined(separator: " and "))"
            fail(path.key(key), "not a key of mode \(JSONValue.quote(name)) (\(expected))")
        }
        switch name {
        case "check":
            let low = massGrams(keys["low"], at: path.key("low"), what: "the lower limit")
            let high = massGrams(keys["high"], at: path.key("high"), what: "the upper limit")
            if issues.count == before, low > high {
                fail(path.key("high"), "must be at least low (\(JSONValue.format(low))), got \(JSONValue.format(high))")
            }
            return issues.count == before ? .check(low: low, high: high) : nil
        case "count":
            let piece = massGrams(keys["pieceGrams"], at: path.key("pieceGrams"), what: "one piece's mass")
            if issues.count == before, piece <= 0 { fail(path.key("pieceGrams"), "must be greater than 0, got 0") }
            return issues.count == before ? .count(pieceGrams: piece) : nil
        case "percent":
            let reference = massGrams(keys["referenceGrams"], at: path.key("referenceGrams"), what: "the reference's mass")
            if issues.count == before, reference <= 0 { fail(path.key("referenceGrams"), "must be greater than 0, got 0") }
            return issues.count == before ? .percent(referenceGrams: reference) : nil
        default:
            return issues.count == before ? .weigh : nil
        }
    }

    /// A mass in grams a mode needs: present, at least 0, at most what a
    /// touchscreen can carry (`CalibrationFit.Limits.maximumGrams`).
    mutating func massGrams(_ value: JSONValue?, at path: ConfigKeyPath, what: String) -> Double {
        guard let value else {
            fail(path, "missing: \(what) in grams")
            return .nan
        }
        let most = CalibrationFit.Limits.maximumGrams
        return number(value, at: path, default: .nan, range: "in grams, at least 0 and at most \(JSONValue.format(most))") {
            $0 >= 0 && $0 <= most
        }
    }
}

extension ScaleMode {
    /// As the config file writes it.
    var json: JSONValue {
        switch self {
        case .weigh: .fields([("mode", .string(name))])
        case .check(let low, let high): .fields([("mode", .string(name)), ("low", .number(low)), ("high", .number(high))])
        case .count(let piece): .fields([("mode", .string(name)), ("pieceGrams", .number(piece))])
        case .percent(let reference): .fields([("mode", .string(name)), ("referenceGrams", .number(reference))])
        }
    }
}
