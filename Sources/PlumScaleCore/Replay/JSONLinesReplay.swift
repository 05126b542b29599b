import Foundation

/// Parses the JSON Lines replay format of DESIGN.md.
///
/// Documented handling of doubtful values (never a crash):
/// - pressure, touch_major, x and y outside 0...1 are clamped, with a warning;
/// - a move, up or cancel for an id that is not down is ignored, with a warning;
/// - a down for an id that is already down moves it;
/// - NaN and infinities cannot be written in JSON; any non-number is an error;
/// - t must be a number in 0...1e9 (ReplayLimits.maximumTime) that never goes backwards;
/// - a key repeated in a line is an error, as in the config (JSONValue.firstDuplicateKey);
/// - at most `ReplayLimits.openContacts` ids are down at once: a down beyond
///   them cancels the id silent longest, with a warning (the core keeps as
///   many contacts, dropping the same one), so a file of a million ids that
///   never lift is read in the memory of 256;
/// - a key name or device name with a control character (a NUL among
///   them, which C would cut the name at) is an error.
public enum JSONLinesReplay {
    /// Parses line by line, handing each event to `events` as its line is
    /// read; the replay returned has the device and warnings, no events.
    public static func parse<Lines: Sequence, Sink: ReplayEventSink>(
        lines: Lines, file: String, into events: inout Sink
    ) throws -> Replay where Lines.Element: StringProtocol {
        var warnings = ReplayWarnings()
        var header: ReplayLine.Header?
        // Each id down, with the line it was last seen on.
        var down: [Int: Int] = [:]
        var lastTime = 0.0
        var pressureVaries = false
        var sawTouchMajor = false
        let decoder = JSONDecoder()
        var lineNumber = 0
        for rawLine in lines {
            lineNumber += 1
            let line = ReplayText.trimmed(rawLine)
            if line.isEmpty { continue }
            func fail(_ message: String) -> InputFileError {
                InputFileError(file: file, line: lineNumber, message)
            }
            func warn(_ message: String) { warnings.append("\(file):\(lineNumber): \(message)") }
            let record: ReplayLine
            do {
                record = try decoder.decode(ReplayLine.self, from: Data(line.utf8))
            } catch {
                throw fail(ReplayLineDiagnosis.explain(error, line: line) ?? explain(error))
            }
            if let duplicate = ReplayLineDiagnosis.duplicateKey(in: line, decodedKeys: record.keyCount) {
                throw fail("the key \"\(duplicate)\" appears twice: each key may be given once (as in the config)")
            }
            if let version = record.version {
                guard events.isEmpty, header == nil else {
                    throw fail("expected the header line {\"plumscale-replay\":1,...} only as the first line")
                }
                guard version == 1 else {
                    throw fail("expected \"plumscale-replay\":1, found version \(version)")
                }
                header = record.device ?? ReplayLine.Header()
                if let name = header?.name, ReplayLimits.hasControl(name) {
                    throw fail("expected a device name without control characters (a NUL among them); found \(JSONValue.quote(name))")
                }
                if let surface = header?.surface,
                    !(surface.width.isFinite && surface.height.isFinite && surface.width > 0 && surface.height > 0)
                {
                    throw fail("expected \"surface\" {\"width\":W,\"height\":H} with W and H finite numbers > 0")
                }
                try ReplayHeaderCheck.validate(header, fail)
                continue
            }
            guard let t = record.t else { throw fail("expected a number \"t\" (seconds from the start)") }
            guard t.isFinite, t >= 0, t <= ReplayLimits.maximumTime else {
                throw fail("expected \"t\" to be a number of seconds >= 0 and <= 1e9, found \(t)")
            }
            guard t >= lastTime else {
                throw fail("expected \"t\" >= \(lastTime) (the previous line's time); times must not go backwards")
            }
            lastTime = t
            guard let type = record.type else {
                throw fail("expected \"type\": one of down, move, up, cancel, total, key, pointer, wheel, quit, resize")
            }
            func unit(_ name: String, _ value: Double?) -> Double? {
                guard let value else { return nil }
                let clamped = min(max(value, 0), 1)
                if clamped != value { warn("\(name) \(value) is outside 0...1; clamped to \(clamped)") }
                return clamped
            }
            switch type {
            case "down", "move":
                guard let id = record.id else { throw fail("expected an integer \"id\" on a \(type) event") }
                guard let x = record.x, let y = record.y else {
                    throw fail("expected numbers \"x\" and \"y\" (0...1) on a \(type) event")
                }
                let pressure = unit("pressure", record.pressure)
                // Pressures stuck at exactly 0 or 1 are what X11 and Wayland send
                // for every touch: they measure nothing.
                if let pressure, pressure != 0, pressure != 1 { pressureVaries = true }
                if record.touchMajor != nil { sawTouchMajor = true }
                let sample = TouchSample(
                    id: id, x: unit("x", x)!, y: unit("y", y)!, pressure: pressure,
                    touchMajor: unit("touch_major", record.touchMajor))
                if type == "down" {
                    if down[id] != nil {
                        warn("id \(id) is already down; treated as a move")
                    } else if down.count >= ReplayLimits.openContacts,
                        let oldest = down.min(by: { ($0.value, $0.key) < ($1.value, $1.key) })?.key
                    {
                        warn(
                            "more than \(ReplayLimits.openContacts) ids down at once: id \(oldest), silent longest, is cancelled")
                        down[oldest] = nil
                        events.append(InputEvent(time: t, .touchCancel(id: oldest)))
                    }
                    down[id] = lineNumber
                    events.append(InputEvent(time: t, .touchDown(sample)))
                } else if down[id] != nil {
                    down[id] = lineNumber
                    events.append(InputEvent(time: t, .touchMove(sample)))
                } else {
                    warn("move for id \(id), which is not down; ignored")
                }
            case "up", "cancel":
                guard let id = record.id else { throw fail("expected an integer \"id\" on an \(type) event") }
                guard down.removeValue(forKey: id) != nil else {
                    warn("\(type) for id \(id), which is not down; ignored")
                    continue
                }
                events.append(InputEvent(time: t, type == "up" ? .touchUp(id: id) : .touchCancel(id: id)))
            case "total":
                events.append(InputEvent(time: t, .deviceTotal(force: try total(record.pressure, warn, fail))))
            case "key":
                guard let key = record.key, !key.isEmpty else {
                    throw fail("expected a string \"key\" (an SDL key name such as \"space\" or \"t\")")
                }
                guard !ReplayLimits.hasControl(key) else {
                    throw fail(
                        "expected an SDL key name such as \"space\" or \"t\", found \(JSONValue.quote(key)) with a control character")
                }
                let mods = try modifiers(record.modifiers, fail)
                let named = Key(name: key)
                switch record.state ?? "press" {
                case "press":
                    events.append(InputEvent(time: t, .keyDown(named, modifiers: mods)))
                    events.append(InputEvent(time: t, .keyUp(named, modifiers: mods)))
                case "down": events.append(InputEvent(time: t, .keyDown(named, modifiers: mods)))
                case "up": events.append(InputEvent(time: t, .keyUp(named, modifiers: mods)))
                case let other: throw fail("expected \"state\" to be press, down or up, found \"\(other)\"")
                }
            case "pointer":
                events.append(try ReplayMouseLine.pointer(record, at: t, unit: unit, fail: fail))
            case "wheel":
                events.append(try ReplayMouseLine.wheel(record, at: t, fail: fail))
            case "quit":
                events.append(InputEvent(time: t, .quit))
            case "resize":
                guard let w = record.width, let h = record.height, w > 0, h > 0, w <= 16384, h <= 16384 else {
                    throw fail("expected integers \"width\" and \"height\" in 1...16384 on a resize event")
                }
                events.append(InputEvent(time: t, .resize(width: w, height: h)))
            default:
                throw fail(
                    "expected \"type\" to be one of down, move, up, cancel, total, key, pointer, wheel, quit, resize; found \"\(type)\"")
            }
        }
        let mode: ForceMode
        if let header, let declared = header.pressure {
            mode = declared ? .force : (header.touchMajor == true ? .area : .position)
        } else if pressureVaries {
            mode = .force
        } else if sawTouchMajor || header?.touchMajor == true {
            mode = .area
        } else {
            mode = .position
        }
        let name = header?.name ?? "replay"
        let surface = header?.surface.map { DeviceSurface(width: $0.width, height: $0.height, isPad: $0.pad ?? false) }
        let device = ReplayDevice(
            name: name, mode: mode, deviceGrams: header.flatMap(ReplayHeaderCheck.grams), surface: surface,
            category: header?.kind.flatMap(DeviceCategory.init(rawValue:)), noGramsReason: header?.noGrams,
            mouse: header?.mouse ?? false, started: header?.started.map(Date.init(timeIntervalSince1970:)))
        return Replay(device: device, events: [], warnings: warnings.lines)
    }

    /// A "total" line's pressure: the device's total force in the contacts'
    /// units (1 is one contact at full range), 0...openContacts.
    static func total(
        _ pressure: Double?, _ warn: (String) -> Void, _ fail: (String) -> InputFileError
    ) throws -> Double {
        guard let pressure else { throw fail("expected a number \"pressure\" (the device's total force) on a total event") }
        let most = Double(ReplayLimits.openContacts)
        let clamped = min(max(pressure, 0), most)
        if clamped != pressure { warn("total pressure \(pressure) is outside 0...\(Int(most)); clamped to \(clamped)") }
        return clamped
    }

    static func modifiers(_ names: [String]?, _ fail: (String) -> InputFileError) throws -> Modifiers {
        var mods: Modifiers = []
        for name in names ?? [] {
            switch name.lowercased() {
            case "shift": mods.insert(.shift)
            case "ctrl", "control": mods.insert(.control)
            case "alt": mods.insert(.alt)
            default: throw fail("expected modifiers among shift, ctrl, alt; found \"\(name)\"")
            }
        }
        return mods
    }

    /// A decoding error in the words of the file format.
    static func explain(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "expected a JSON object: \(error)" }
        switch error {
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let key = context.codingPath.map(\.stringValue).joined(separator: ".")
            if key.isEmpty { return "expected one JSON object per line" }
            let what =
                type == Double.self
                ? "a number"
                : type == Int.self
                    ? "an integer"
                    : type == String.self ? "a string" : type == Bool.self ? "true or false" : "\(type)"
            return "expected \(what) for \"\(key)\""
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "expected one JSON object on this line (not valid JSON)" }
            let key = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "expected a valid value for \"\(key)\""
        case .keyNotFound(let key, _):
            return "expected the key \"\(key.stringValue)\""
        @unknown default:
            return "expected a JSON object"
        }
    }
}
