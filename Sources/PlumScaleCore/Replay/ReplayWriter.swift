import Foundation

/// Writes what the core was fed as a JSON Lines replay (`--record FILE`):
/// the header with the device, then one line per input event, in the very
/// format `render --replay` reads, so the frame a person saw at S seconds is
/// `render --replay FILE --at S`. Positions are what the core received
/// (normalised to the screen, or to a touchpad's own surface, which the
/// header then carries); numbers are written in full, so nothing is lost.
public struct ReplayWriter: Sendable {
    /// The core time (seconds) that is t = 0 in the file.
    public let origin: Double
    private var last = 0.0

    public init(origin: Double) { self.origin = origin }

    /// The first line: the device's name, what it measures and, for a
    /// touchpad or a device replayed from evemu, its surface; what kind of
    /// device it is, and its own grams or why it has none, so the file
    /// renders as the window showed it. A source that
    /// may still discover force (SDL) leaves "pressure" out, so the replay
    /// decides from the pressures as the live source did. `mouse`: the
    /// mouse stands in for fingers, so the file's pointer lines make
    /// contacts again; `started`: the wall clock at t = 0, so what is saved
    /// at t is saved at the window's time.
    public static func header(for source: InputSource, mouse: Bool = false, started: Date? = nil) -> String {
        var device: [(String, JSONValue)] = [("name", .string(source.deviceName))]
        if !source.detectsForce {
            device.append(("pressure", .bool(source.mode == .force)))
            device.append(("touch_major", .bool(source.mode == .area)))
        }
        if let surface = source.surface {
            device.append(
                (
                    "surface",
                    .fields([("width", .number(surface.width)), ("height", .number(surface.height)), ("pad", .bool(surface.isPad))])
                ))
        }
        if let category = source.category { device.append(("kind", .string(category.rawValue))) }
        if let grams = source.deviceGrams {
            device.append(
                (
                    "grams",
                    .fields([
                        ("axis", .string(AbsCode.name(grams.axis))), ("units_per_gram", .number(grams.unitsPerGram)),
                        ("range", .number(grams.range)),
                    ])
                ))
        }
        if let reason = source.noGramsReason { device.append(("no_grams", .string(reason))) }
        if mouse { device.append(("mouse", .bool(true))) }
        if let started, started.timeIntervalSince1970.isFinite {
            device.append(("started", .number(started.timeIntervalSince1970)))
        }
        return #"{"plumscale-replay":1,"device":"# + compact(.fields(device)) + "}"
    }

    /// The line for `event`, nil for what the format does not carry (ticks,
    /// store answers, device changes) or a non-finite value.
    public mutating func line(for event: InputEvent) -> String? {
        guard event.time.isFinite else { return nil }
        let t = max(last, event.time - origin, 0)
        var fields: [(String, JSONValue)]
        switch event.kind {
        case .touchDown(let s), .touchMove(let s):
            guard s.x.isFinite, s.y.isFinite else { return nil }
            let type = if case .touchDown = event.kind { "down" } else { "move" }
            fields = [("type", .string(type)), ("id", .number(Double(s.id))), ("x", .number(s.x)), ("y", .number(s.y))]
            if let p = s.pressure, p.isFinite { fields.append(("pressure", .number(p))) }
            if let m = s.touchMajor, m.isFinite { fields.append(("touch_major", .number(m))) }
        case .touchUp(let id): fields = [("type", .string("up")), ("id", .number(Double(id)))]
        case .touchCancel(let id): fields = [("type", .string("cancel")), ("id", .number(Double(id)))]
        case .deviceTotal(let force):
            guard force.isFinite else { return nil }
            fields = [("type", .string("total")), ("pressure", .number(force))]
        case .keyDown(let key, let modifiers), .keyUp(let key, let modifiers):
            let state = if case .keyDown = event.kind { "down" } else { "up" }
            fields = [("type", .string("key")), ("key", .string(key.name)), ("state", .string(state))]
            if !modifiers.isEmpty { fields.append(("modifiers", .array(Self.names(modifiers)))) }
        case .pointerDown(let x, let y, let button, let modifiers):
            guard x.isFinite, y.isFinite else { return nil }
            fields = Self.pointer("down", x, y) + [("button", .number(Double(button)))]
            if !modifiers.isEmpty { fields.append(("modifiers", .array(Self.names(modifiers)))) }
        case .pointerMove(let x, let y):
            guard x.isFinite, y.isFinite else { return nil }
            fields = Self.pointer("move", x, y)
        case .pointerUp(let x, let y, let button):
            guard x.isFinite, y.isFinite else { return nil }
            fields = Self.pointer("up", x, y) + [("button", .number(Double(button)))]
        case .wheel(let dy):
            guard dy.isFinite else { return nil }
            fields = [("type", .string("wheel")), ("dy", .number(dy))]
        case .quit: fields = [("type", .string("quit"))]
        case .resize(let width, let height):
            fields = [("type", .string("resize")), ("width", .number(Double(width))), ("height", .number(Double(height)))]
        default: return nil
        }
        last = t
        return Self.compact(.fields([("t", .number(t))] + fields))
    }

    static func pointer(_ state: String, _ x: Double, _ y: Double) -> [(String, JSONValue)] {
        [("type", .string("pointer")), ("state", .string(state)), ("x", .number(x)), ("y", .number(y))]
    }

    static func names(_ modifiers: Modifiers) -> [JSONValue] {
        var names: [JSONValue] = []
        if modifiers.contains(.control) { names.append(.string("ctrl")) }
        if modifiers.contains(.alt) { names.append(.string("alt")) }
        if modifiers.contains(.shift) { names.append(.string("shift")) }
        return names
    }

    /// One line of JSON: no spaces, numbers in full.
    static func compact(_ value: JSONValue) -> String {
        switch value {
        case .array(let items): return "[" + items.map(compact).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { JSONValue.quote($0.key) + ":" + compact($0.value) }.joined(separator: ",") + "}"
        default: return value.pretty()
        }
    }
}
