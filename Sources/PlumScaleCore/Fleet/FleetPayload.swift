import Foundation

/// The JSON documents the fleet publishes (README "Fleet"): made here, from
/// plain values, so their shape is tested without a broker.
public enum FleetPayload {
    /// `PREFIX/STATION/weighings`: one saved weighing, every object's reading.
    /// `uuid` lets a consumer drop the duplicates at-least-once allows (it
    /// is unique for ever; `id`, the history's row number, starts again at
    /// 1 in a new database).
    public static func weighing(station: String, id: Int64, uuid: String, _ weighing: Weighing) -> String {
        let objects: [JSONValue] = weighing.objects.map { object in
            .fields([
                ("index", .integer(object.index)),
                ("x", .rounded(object.x)),
                ("y", .rounded(object.y)),
                ("force", .rounded(object.force)),
                ("grams", .rounded(object.grams)),
                ("stable", .bool(object.stable)),
                ("tare", .rounded(object.tare)),
                ("verdict", object.verdict.map { .string($0.rawValue) } ?? .null),
            ])
        }
        return JSONValue.fields([
            ("station", .string(station)),
            ("id", .number(Double(id))),
            ("uuid", .string(uuid)),
            ("time", .string(HistoryExport.isoTime(weighing.takenAt))),
            ("device", .string(weighing.device)),
            ("mode", .string(weighing.mode)),
            ("units", .string(weighing.units)),
            ("step", .rounded(weighing.step)),
            ("objects", .array(objects)),
            // Issue 28: the mode as the state document names it, and its
            // settings as the config writes them.
            ("scale_mode", .string(weighing.scaleMode.name)),
            ("scale_settings", weighing.scaleMode.json),
            // The product whose limits a check-weighing used, null without.
            ("product", weighing.product.map(JSONValue.string) ?? .null),
        ]).compactText
    }

    /// What the station says it is in Home Assistant's device and origin blocks.
    public static let softwareVersion = ProgramVersion.number

    /// One retained discovery document and its topic.
    public struct Discovery: Equatable, Sendable {
        public var topic: String
        public var payload: String
    }

    /// Home Assistant MQTT discovery: one device per station (under its
    /// prefix) with four entities: the total weight, the number of objects,
    /// the last weighing (its object count, its details as attributes),
    /// and whether the station is online. Names are the entity's alone:
    /// Home Assistant puts the device's name before them.
    /// `precision`: the decimals of the scale's display step in grams
    /// (`displayPrecision`), 1 (the 0.1 g default) until the UI has said.
    public static func discoveries(_ mqtt: Config.MQTT, precision: Int = 1) -> [Discovery] {
        let node = mqtt.nodeID
        let device: JSONValue = .fields([
            ("identifiers", .array([.string(node)])),
            ("name", .string(mqtt.deviceName)),
            ("manufacturer", .string("PlumScale")),
            ("model", .string("Touchscreen weighing station")),
            ("sw_version", .string(softwareVersion)),
        ])
        let origin: JSONValue = .fields([("name", .string("PlumScale")), ("sw_version", .string(softwareVersion))])
        let available: [(String, JSONValue)] = [
            ("availability_topic", .string(mqtt.availabilityTopic)),
            ("payload_available", .string("online")),
            ("payload_not_available", .string("offline")),
        ]
        // A live value older than this is stale: the station sends one at
        // least every few seconds while it runs (FleetLive's keepalive).
        let expire = JSONValue.integer(FleetLiveTiming.expireAfterSeconds)
        func entity(_ key: String, _ fields: [(String, JSONValue)]) -> [(String, JSONValue)] {
            [("unique_id", .string("\(node)_\(key)"))] + fields + [("device", device), ("origin", origin)]
        }
        let weight = entity(
            "weight",
            [
                ("name", .string("Weight")), ("state_topic", .string(mqtt.stateTopic)),
                ("value_template", .string("{{ value_json.total.grams }}")), ("unit_of_measurement", .string("g")),
                ("device_class", .string("weight")), ("state_class", .string("measurement")),
                ("suggested_display_precision", .integer(precision)), ("expire_after", expire),
            ] + available)
        let objects = entity(
            "objects",
            [
                ("name", .string("Objects")), ("state_topic", .string(mqtt.stateTopic)),
                ("value_template", .string("{{ value_json.total.count }}")), ("state_class", .string("measurement")),
                ("icon", .string("mdi:scale")), ("expire_after", expire),
            ] + available)
        let last = entity(
            "last_weighing",
            [
                ("name", .string("Last weighing")), ("state_topic", .string(mqtt.weighingsTopic)),
                ("value_template", .string("{{ value_json.objects | count }}")),
                ("json_attributes_topic", .string(mqtt.weighingsTopic)), ("icon", .string("mdi:history")),
            ] + available)
        let online = entity(
            "online",
            [
                ("name", .string("Online")), ("state_topic", .string(mqtt.availabilityTopic)),
                ("payload_on", .string("online")), ("payload_off", .string("offline")),
                ("device_class", .string("connectivity")), ("entity_category", .string("diagnostic")),
            ])
        return [
            Discovery(topic: mqtt.discoveryTopic(component: "sensor", entity: "weight"), payload: JSONValue.fields(weight).compactText),
            Discovery(topic: mqtt.discoveryTopic(component: "sensor", entity: "objects"), payload: JSONValue.fields(objects).compactText),
            Discovery(
                topic: mqtt.discoveryTopic(component: "sensor", entity: "last_weighing"), payload: JSONValue.fields(last).compactText),
            Discovery(
                topic: mqtt.discoveryTopic(component: "binary_sensor", entity: "online"), payload: JSONValue.fields(online).compactText),
        ]
    }

    /// The decimals that show a step of `stepGrams` grams (0.1 g: 1, 2 g: 0).
    public static func displayPrecision(stepGrams: Double?) -> Int {
        guard let step = stepGrams, step.isFinite, step > 0 else { return 1 }
        return max(0, min(6, Int((-log10(step) - 1e-9).rounded(.up))))
    }

    /// The weight sensor's document (the first of `discoveries`).
    public static func discovery(_ mqtt: Config.MQTT) -> String { discoveries(mqtt)[0].payload }
}

/// How often the live state goes out with nothing changing, and when Home
/// Assistant may call it stale.
public enum FleetLiveTiming {
    public static let keepaliveSeconds = 30.0
    public static let expireAfterSeconds = 90
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
