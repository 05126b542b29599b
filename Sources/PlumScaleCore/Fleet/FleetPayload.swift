import Foundation

/// The JSON documents the fleet publishes (README "Fleet"): made here, from
/// plain values, so their shape is tested without a broker.
public enum FleetPayload {
    /// `PREFIX/STATION/weighings`: one saved weighing, every object's reading.
    /// `id` lets a consumer drop the duplicates at-least-once allows.
    public static func weighing(station: String, id: Int64, _ weighing: Weighing) -> String {
        let objects: [JSONValue] = weighing.objects.map { object in
            .fields([
                ("index", .integer(object.index)),
                ("x", .rounded(object.x)),
                ("y", .rounded(object.y)),
                ("force", .rounded(object.force)),
                ("grams", .rounded(object.grams)),
                ("stable", .bool(object.stable)),
                ("tare", .rounded(object.tare)),
            ])
        }
        return JSONValue.fields([
            ("station", .string(station)),
            ("id", .number(Double(id))),
            ("time", .string(HistoryExport.isoTime(weighing.takenAt))),
            ("device", .string(weighing.device)),
            ("mode", .string(weighing.mode)),
            ("units", .string(weighing.units)),
            ("step", .rounded(weighing.step)),
            ("objects", .array(objects)),
        ]).compactText
    }

    /// Home Assistant MQTT discovery: a weight sensor reading the state
    /// topic's total, available while the station is.
    public static func discovery(_ mqtt: Config.MQTT) -> String {
        JSONValue.fields([
            ("name", .string("\(mqtt.station) weight")),
            ("unique_id", .string("plumscale_\(mqtt.station)_weight")),
            ("state_topic", .string(mqtt.stateTopic)),
            ("value_template", .string("{{ value_json.total.grams }}")),
            ("unit_of_measurement", .string("g")),
            ("device_class", .string("weight")),
            ("state_class", .string("measurement")),
            ("availability_topic", .string(mqtt.availabilityTopic)),
            ("payload_available", .string("online")),
            ("payload_not_available", .string("offline")),
            (
                "device",
                .fields([
                    ("identifiers", .array([.string("plumscale_\(mqtt.station)")])),
                    ("name", .string("PlumScale \(mqtt.station)")),
                    ("manufacturer", .string("PlumScale")),
                ])
            ),
        ]).compactText
    }
}

extension AppState {
    /// `PREFIX/STATION/state`, retained: the contacts on the glass and their
    /// total, as the state document gives them (layout pixels, grams).
    public func liveDocument(station: String) -> String {
        let u = layout.uiScale
        let contacts: [JSONValue] = contactViews.map { view in
            .fields([
                ("id", .integer(view.id)),
                ("x", .rounded(view.position.x * u)),
                ("y", .rounded(view.position.y * u)),
                ("force", .rounded(view.force)),
                ("grams", .rounded(view.grams)),
                ("stable", .bool(view.stable)),
            ])
        }
        return JSONValue.fields([
            ("station", .string(station)),
            ("mode", .string(source.mode.rawValue)),
            ("units", .string(units.rawValue)),
            ("contacts", .array(contacts)),
            ("total", totalDocument),
        ]).compactText
    }
}

extension JSONValue {
    /// JSON on one line, no spaces: what goes over the wire.
    public var compactText: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return Self.format(value)
        case .string(let value): return Self.quote(value)
        case .array(let items): return "[" + items.map(\.compactText).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { Self.quote($0.key) + ":" + $0.value.compactText }.joined(separator: ",") + "}"
        }
    }
}
