import Foundation

extension Config {
    /// Parses a config document, collecting every issue before throwing.
    /// `file` only labels the errors. Missing keys take their defaults.
    /// `checkFile` says why a file the config names (the broker's CA and
    /// password files) cannot be read, nil when it can; the shell gives it.
    public static func parse(
        _ data: Data, file: String? = nil, checkFile: ((String) -> String?)? = nil
    ) throws(ConfigError) -> Config {
        let root: JSONValue
        do {
            root = try JSONParser.parse(data)
        } catch {
            throw ConfigError(
                file: file,
                issues: [
                    ConfigIssue(
                        path: "", message: "not valid JSON: \(error.message)", line: error.line, column: error.column)
                ])
        }
        var reader = ConfigReader(checkFile: checkFile)
        let config = reader.read(root)
        guard reader.issues.isEmpty else { throw ConfigError(file: file, issues: reader.issues) }
        return config
    }

    public static func parse(_ text: String, file: String? = nil) throws(ConfigError) -> Config {
        try parse(Data(text.utf8), file: file)
    }
}

/// Reads a `Config` out of a JSON value, recording issues as it goes.
struct ConfigReader {
    var issues: [ConfigIssue] = []
    var checkFile: ((String) -> String?)?
    /// The line of every key read so far, by key path: an issue about a
    /// value (a type, a range) gives the line of its key, or of the
    /// nearest key that holds it (an array's items have no key), as a
    /// syntax error gives its own.
    var lines: [String: Int] = [:]

    mutating func fail(_ path: ConfigKeyPath, _ message: String, line: Int? = nil) {
        issues.append(ConfigIssue(path: path.text, message: message, line: line ?? self.line(of: path.text)))
    }

    /// The line of the key at `path`, or of its nearest enclosing key.
    func line(of path: String) -> Int? {
        var best: (length: Int, line: Int)?
        for (key, line) in lines where line > 0 && path.hasPrefix(key) {
            let rest = path.dropFirst(key.count)
            guard rest.isEmpty || rest.first == "." || rest.first == "[" else { continue }
            if key.count > best?.length ?? -1 { best = (key.count, line) }
        }
        return best?.line
    }

    /// The longest a wait or timeout may be configured to: one day. The
    /// event loop waits in steps, so any value would be safe; a longer one
    /// is a mistake (seconds typed as milliseconds) and said so.
    static let longestDuration = 86_400.0

    /// A duration in seconds: greater than 0 and at most `longestDuration`.
    mutating func duration(_ value: JSONValue?, at path: ConfigKeyPath, default fallback: Double) -> Double {
        number(value, at: path, default: fallback, range: "greater than 0 and at most 86400 seconds (one day)") {
            $0 > 0 && $0 <= Self.longestDuration
        }
    }

    /// Why a string that reaches a C library (a path, a device name) is
    /// refused: C reads a string up to its first NUL, so "a\u0000b" would
    /// silently become "a". nil when it is fine.
    static func nulProblem(_ text: String) -> String? {
        text.utf8.contains(0)
            ? "must not contain a NUL character (\\u0000): C libraries would read only the part before it" : nil
    }

    /// The members of an object at `path`, after reporting unknown and
    /// duplicate keys; nil (with an issue) when `value` is not an object.
    mutating func members(_ value: JSONValue, at path: ConfigKeyPath, known: [String]?) -> [String: JSONValue]? {
        guard case .object(let members) = value else {
            fail(path, "expected an object, got \(value.typeName)")
            return nil
        }
        var result: [String: JSONValue] = [:]
        for member in members {
            let memberPath = known == nil ? path.quotedKey(member.key) : path.key(member.key)
            if lines[memberPath.text] == nil { lines[memberPath.text] = member.line }
            if let known, !known.contains(member.key) {
                fail(memberPath, "unknown key (expected one of: \(known.joined(separator: ", ")))", line: member.line)
            } else if result[member.key] != nil {
                fail(memberPath, "duplicate key", line: member.line)
            } else {
                result[member.key] = member.value
            }
        }
        return result
    }

    /// A number at `path` satisfying `valid` (described by `range`).
    mutating func number(
        _ value: JSONValue?, at path: ConfigKeyPath, default fallback: Double,
        range: String, _ valid: (Double) -> Bool
    ) -> Double {
        guard let value else { return fallback }
        guard case .number(let number) = value else {
            fail(path, "expected a number, got \(value.typeName)")
            return fallback
        }
        guard number.isFinite else {
            fail(path, "must be a finite number")
            return fallback
        }
        guard valid(number) else {
            fail(path, "must be \(range), got \(JSONValue.format(number))")
            return fallback
        }
        return number
    }

    mutating func bool(_ value: JSONValue?, at path: ConfigKeyPath, default fallback: Bool) -> Bool {
        guard let value else { return fallback }
        guard case .bool(let flag) = value else {
            fail(path, "expected true or false, got \(value.typeName)")
            return fallback
        }
        return flag
    }

    /// A string or null at `path`; `valid` returns a reason to refuse it.
    mutating func optionalString(_ value: JSONValue?, at path: ConfigKeyPath, _ problem: (String) -> String?) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?:
            if let reason = problem(text) {
                fail(path, reason)
                return nil
            }
            return text
        case let other?:
            fail(path, "expected a string or null, got \(other.typeName)")
            return nil
        }
    }

    mutating func read(_ root: JSONValue) -> Config {
        var config = Config()
        let top = ConfigKeyPath.root
        let known = [
            "calibrations", "stability", "heaviestMargin", "peek", "kiosk", "font", "contactTimeoutSeconds",
            "units", "zeroTracking", "mqtt", "scaleMode", "calibration", "products",
        ]
        guard let keys = members(root, at: top, known: known) else { return config }
        if let value = keys["calibrations"] {
            config.calibrations = calibrations(value, at: top.key("calibrations"), eccentricity: &config.eccentricity)
        }
        if let value = keys["stability"], let stability = members(value, at: top.key("stability"), known: ["band", "seconds"]) {
            let path = top.key("stability")
            config.stability.band = number(
                stability["band"], at: path.key("band"), default: 0.005,
                range: "greater than 0 and less than 1"
            ) { $0 > 0 && $0 < 1 }
            config.stability.seconds = number(
                stability["seconds"], at: path.key("seconds"), default: 0.5,
                range: "greater than 0 and at most 60"
            ) { $0 > 0 && $0 <= 60 }
        }
        config.heaviestMargin = number(
            keys["heaviestMargin"], at: top.key("heaviestMargin"), default: 0.005,
            range: "at least 0 and less than 1"
        ) { $0 >= 0 && $0 < 1 }
        if let value = keys["peek"], let peek = members(value, at: top.key("peek"), known: ["peek", "pop"]) {
            let path = top.key("peek")
            let before = issues.count
            config.peek.peek = number(
                peek["peek"], at: path.key("peek"), default: 0.35,
                range: "greater than 0 and less than 1"
            ) { $0 > 0 && $0 < 1 }
            config.peek.pop = number(
                peek["pop"], at: path.key("pop"), default: 0.70,
                range: "greater than 0 and at most 1"
            ) { $0 > 0 && $0 <= 1 }
            if issues.count == before, config.peek.peek >= config.peek.pop {
                fail(
                    path.key("pop"),
                    "must be greater than peek (\(JSONValue.format(config.peek.peek))), got \(JSONValue.format(config.peek.pop))")
            }
        }
        if let value = keys["kiosk"] {
            config.kiosk = kiosk(value, at: top.key("kiosk"))
        }
        config.font = optionalString(keys["font"], at: top.key("font")) {
            $0.isEmpty ? "must not be empty (use null for the default font)" : Self.nulProblem($0)
        }
        config.contactTimeoutSeconds = duration(
            keys["contactTimeoutSeconds"], at: top.key("contactTimeoutSeconds"),
            default: Config.defaults.contactTimeoutSeconds)
        switch keys["units"] {
        case nil: break
        case .string(let name)?:
            if let units = WeightUnit(rawValue: name) {
                config.units = units
            } else {
                fail(top.key("units"), "expected one of: g, oz, lb; got \(JSONValue.quote(name))")
            }
        case let other?:
            fail(top.key("units"), "expected a string (g, oz or lb), got \(other.typeName)")
        }
        if let value = keys["zeroTracking"] {
            config.zeroTracking = zeroTracking(value, at: top.key("zeroTracking"))
        }
        if let value = keys["scaleMode"], value != .null {
            config.scaleModes = scaleModes(value, at: top.key("scaleMode"))
        }
        if let value = keys["products"], value != .null {
            config.products = products(value, at: top.key("products"), modes: config.scaleModes)
        }
        if let value = keys["calibration"], value != .null,
            let calibration = members(value, at: top.key("calibration"), known: ["intervalDays"]),
            let days = calibration["intervalDays"], days != .null
        {
            let interval = number(days, at: top.key("calibration").key("intervalDays"), default: 0, range: Self.intervalRange) {
                $0 >= 1 && $0 <= 3650 && $0 == $0.rounded()
            }
            config.calibrationIntervalDays = interval >= 1 ? Int(interval) : nil
        }
        if let value = keys["mqtt"], value != .null {
            var line = 0
            if case .object(let list) = root { line = list.first { $0.key == "mqtt" }?.line ?? 0 }
            config.mqtt = mqtt(value, at: top.key("mqtt"), line: line)
        }
        return config
    }

    /// `calibration.intervalDays`: whole days, up to ten years.
    static let intervalRange = "a whole number of days from 1 to 3650 (ten years)"

    mutating func zeroTracking(_ value: JSONValue, at path: ConfigKeyPath) -> Config.ZeroTracking {
        var tracking = Config.ZeroTracking()
        guard let keys = members(value, at: path, known: ["enabled", "band", "rate"]) else { return tracking }
        tracking.enabled = bool(keys["enabled"], at: path.key("enabled"), default: false)
        tracking.band = number(
            keys["band"], at: path.key("band"), default: 0.04,
            range: "greater than 0 and at most 0.04 (OIML R76: within 4% of the range)"
        ) { $0 > 0 && $0 <= 0.04 }
        tracking.rate = number(
            keys["rate"], at: path.key("rate"), default: 0.5,
            range: "greater than 0 and at most 0.5 (OIML R76: 0.5 d per second)"
        ) { $0 > 0 && $0 <= 0.5 }
        return tracking
    }

    mutating func kiosk(_ value: JSONValue, at path: ConfigKeyPath) -> Config.Kiosk {
        var kiosk = Config.Kiosk()
        guard let keys = members(value, at: path, known: ["pin", "idleSeconds", "autoRecord", "autoRecordSeconds", "operatorIdleSeconds"])
        else {
            return kiosk
        }
        kiosk.pin = optionalString(keys["pin"], at: path.key("pin")) { pin in
            let digitsOnly = pin.unicodeScalars.allSatisfy { $0.value >= 0x30 && $0.value <= 0x39 }
            return digitsOnly && (4...12).contains(pin.count) ? nil : "must be 4 to 12 digits (0-9) or null"
        }
        kiosk.idleSeconds = duration(keys["idleSeconds"], at: path.key("idleSeconds"), default: 60)
        kiosk.autoRecord = bool(keys["autoRecord"], at: path.key("autoRecord"), default: true)
        kiosk.autoRecordSeconds = duration(keys["autoRecordSeconds"], at: path.key("autoRecordSeconds"), default: 1.0)
        kiosk.operatorIdleSeconds = duration(
            keys["operatorIdleSeconds"], at: path.key("operatorIdleSeconds"), default: Config.Kiosk().operatorIdleSeconds)
        return kiosk
    }

    mutating func calibrations(
        _ value: JSONValue, at path: ConfigKeyPath, eccentricity: inout [String: GainMap]
    ) -> [String: [CalibrationPoint]] {
        guard let devices = members(value, at: path, known: nil) else { return [:] }
        var result: [String: [CalibrationPoint]] = [:]
        for (name, device) in devices.sorted(by: { $0.key < $1.key }) {
            let devicePath = path.quotedKey(name)
            if name.isEmpty { fail(devicePath, "the device name must not be empty") }
            if Self.nulProblem(name) != nil {
                fail(devicePath, "the device name must not contain a NUL character (\\u0000): no kernel device name does")
            }
            guard let keys = members(device, at: devicePath, known: ["points", "eccentricity"]) else { continue }
            if let value = keys["eccentricity"], value != .null,
                let map = gainMap(value, at: devicePath.key("eccentricity"))
            {
                eccentricity[name] = map
            }
            let pointsPath = devicePath.key("points")
            guard let pointsValue = keys["points"] else {
                fail(pointsPath, "missing: a calibration needs at least 2 points")
                continue
            }
            guard case .array(let items) = pointsValue else {
                fail(pointsPath, "expected an array, got \(pointsValue.typeName)")
                continue
            }
            if let points = calibrationPoints(items, at: pointsPath) { result[name] = points }
        }
        return result
    }

    /// An eccentricity map: the gain at each of the test's five places, or
    /// nil after reporting every issue.
    mutating func gainMap(_ value: JSONValue, at path: ConfigKeyPath) -> GainMap? {
        let places = EccentricityTest.Place.allCases
        guard let keys = members(value, at: path, known: places.map(\.rawValue)) else { return nil }
        let before = issues.count
        var gains: [EccentricityTest.Place: Double] = [:]
        for place in places {
            guard keys[place.rawValue] != nil else {
                fail(path.key(place.rawValue), "missing: the gain at each of the test's five places")
                continue
            }
            gains[place] = number(
                keys[place.rawValue], at: path.key(place.rawValue), default: 1,
                range: "from 0.5 to 2 (outside, the panel is at fault: check it)"
            ) { EccentricityTest.gains.contains($0) }
        }
        return issues.count == before ? GainMap(gains: gains) : nil
    }

    /// The points of one calibration, or nil after reporting every issue.
    mutating func calibrationPoints(_ items: [JSONValue], at path: ConfigKeyPath) -> [CalibrationPoint]? {
        let before = issues.count
        if items.count < 2 { fail(path, "a calibration needs at least 2 points, got \(items.count)") }
        var points: [CalibrationPoint] = []
        var firstIndexOfForce: [Double: Int] = [:]
        for (index, item) in items.enumerated() {
            let pointPath = path.index(index)
            let pointBefore = issues.count
            guard let keys = members(item, at: pointPath, known: ["force", "grams"]) else { continue }
            for key in ["force", "grams"] where keys[key] == nil { fail(pointPath.key(key), "missing") }
            let force = number(
                keys["force"], at: pointPath.key("force"), default: .nan,
                range: "in 0...1"
            ) { $0 >= 0 && $0 <= 1 }
            let grams = number(
                keys["grams"], at: pointPath.key("grams"), default: .nan,
                range: "at least 0 (a mass cannot be negative)"
            ) { $0 >= 0 }
            if keys["force"] != nil, force.isFinite {
                if let first = firstIndexOfForce[force] {
                    fail(pointPath.key("force"), "repeats the force \(JSONValue.format(force)) of point [\(first)]")
                } else {
                    firstIndexOfForce[force] = index
                }
            }
            if issues.count == pointBefore { points.append(CalibrationPoint(force: force, grams: grams)) }
        }
        guard issues.count == before else { return nil }
        // The points are each valid: the line they make must be one a scale
        // can trust (CalibrationFit.Limits), or no label could be.
        for issue in CalibrationFit.issues(in: points) { fail(path, "refused: \(issue)") }
        return issues.count == before ? points : nil
    }
}
