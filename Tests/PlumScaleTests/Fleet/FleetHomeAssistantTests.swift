import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore

/// Home Assistant as its MQTT discovery documentation describes it
/// (home-assistant.io/integrations/mqtt, sensor.mqtt, binary_sensor.mqtt):
/// every key the station sends is one it documents, with the documented
/// type; a device per prefix and station; the birth message answered.
@Suite(.serialized)
struct FleetHomeAssistantTests {
    enum Kind { case string, integer, boolean, map, list }

    /// Written down from Home Assistant's documentation of MQTT sensors and
    /// binary sensors (configuration variables) and of discovery's device
    /// and origin blocks.
    static let common: [String: Kind] = [
        "availability_topic": .string, "payload_available": .string, "payload_not_available": .string,
        "availability_mode": .string, "device": .map, "device_class": .string, "enabled_by_default": .boolean,
        "entity_category": .string, "expire_after": .integer, "force_update": .boolean, "icon": .string,
        "json_attributes_template": .string, "json_attributes_topic": .string, "name": .string, "object_id": .string,
        "origin": .map, "qos": .integer, "state_topic": .string, "unique_id": .string, "value_template": .string,
    ]
    static let sensor = common.merging(
        [
            "state_class": .string, "unit_of_measurement": .string, "suggested_display_precision": .integer,
            "last_reset_value_template": .string,
        ]
    ) { $1 }
    static let binarySensor = common.merging(["payload_on": .string, "payload_off": .string, "off_delay": .integer]) { $1 }
    static let device: [String: Kind] = [
        "identifiers": .list, "connections": .list, "configuration_url": .string, "hw_version": .string, "manufacturer": .string,
        "model": .string, "name": .string, "serial_number": .string, "suggested_area": .string, "sw_version": .string,
        "via_device": .string,
    ]
    static let origin: [String: Kind] = ["name": .string, "sw_version": .string, "support_url": .string]
    /// What the documentation says `entity_category` and `state_class` may be.
    static let entityCategories: Set<String> = ["config", "diagnostic"]
    static let stateClasses: Set<String> = ["measurement", "total", "total_increasing"]

    /// By the project's own parser, which tells true from 1 and 1 from 1.5.
    static func matches(_ value: JSONValue, _ kind: Kind) -> Bool {
        switch (kind, value) {
        case (.string, .string), (.boolean, .bool), (.map, .object), (.list, .array): return true
        case (.integer, .number(let number)): return number == number.rounded()
        default: return false
        }
    }

    static func check(_ payload: String, against keys: [String: Kind], _ what: String) throws {
        guard case .object(let members) = try JSONParser.parse(payload) else {
            Issue.record("\(what): not an object")
            return
        }
        check(members, against: keys, what)
    }

    static func check(_ members: [JSONMember], against keys: [String: Kind], _ what: String) {
        for member in members {
            guard let kind = keys[member.key] else {
                Issue.record("\(what): \(member.key) is not a key Home Assistant documents")
                continue
            }
            #expect(matches(member.value, kind), "\(what).\(member.key): \(member.value) is not \(kind)")
            if member.key == "device", case .object(let inner) = member.value { check(inner, against: device, what + " device") }
            if member.key == "origin", case .object(let inner) = member.value { check(inner, against: origin, what + " origin") }
        }
    }

    @Test func everyDiscoveryDocumentUsesOnlyDocumentedKeys() throws {
        let mqtt = Config.MQTT(host: "h", station: "bench-1", topic: "siteA/fleet")
        let documents = FleetPayload.discoveries(mqtt)
        #expect(documents.count == 4)
        for document in documents {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(document.payload.utf8)) as? [String: Any])
            let binary = document.topic.hasPrefix("homeassistant/binary_sensor/")
            #expect(document.topic.hasPrefix("homeassistant/sensor/") || binary, "\(document.topic)")
            try Self.check(document.payload, against: binary ? Self.binarySensor : Self.sensor, document.topic)
            let origin = try #require(object["origin"] as? [String: Any])
            #expect(origin["name"] as? String == "PlumScale")  // origin's one required key
            #expect(object["state_topic"] is String && object["unique_id"] is String)
            if let category = object["entity_category"] as? String { #expect(Self.entityCategories.contains(category)) }
            if let stateClass = object["state_class"] as? String { #expect(Self.stateClasses.contains(stateClass)) }
            // The entity's own name: Home Assistant puts the device's before it.
            #expect((object["name"] as? String)?.contains("bench-1") == false)
            let device = try #require(object["device"] as? [String: Any])
            #expect(
                device["sw_version"] as? String == "0.1.0" && device["model"] is String && device["manufacturer"] as? String == "PlumScale")
        }
        let weight = try #require(try JSONSerialization.jsonObject(with: Data(documents[0].payload.utf8)) as? [String: Any])
        #expect((weight["expire_after"] as? NSNumber)?.intValue ?? 0 > Int(FleetLiveTiming.keepaliveSeconds))
    }

    /// One station name under two prefixes: two devices, nothing shared.
    @Test func twoPrefixesWithOneStationNameAreTwoDevices() throws {
        let a = Config.MQTT(host: "h", station: "bench-1", topic: "siteA")
        let b = Config.MQTT(host: "h", station: "bench-1", topic: "siteB")
        let c = Config.MQTT(host: "h", station: "bench-1", topic: "site/A")
        let d = Config.MQTT(host: "h", station: "bench-1", topic: "site_A")
        var topics = Set<String>()
        var ids = Set<String>()
        for mqtt in [a, b, c, d] {
            for document in FleetPayload.discoveries(mqtt) {
                #expect(topics.insert(document.topic).inserted, "\(document.topic)")
                let object = try #require(try JSONSerialization.jsonObject(with: Data(document.payload.utf8)) as? [String: Any])
                let id = try #require(object["unique_id"] as? String)
                #expect(ids.insert(id).inserted, "\(id)")
                #expect(id.unicodeScalars.allSatisfy { Config.MQTT.isIDScalar($0) || $0 == "_" }, "\(id)")
            }
        }
    }

    /// An empty scale that gives grams weighs 0 g (not null, Home
    /// Assistant's "unknown").
    @Test func anEmptyCalibratedScaleWeighsZero() throws {
        var state = AppState(screen: Size(1280, 720), source: .replay(ReplayDevice(name: "p", mode: .force)))
        state.scale.deviceGrams = DeviceGrams(minimum: 0, maximum: 1000, resolution: 10)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(state.liveDocument(station: "s").utf8)) as? [String: Any])
        let total = try #require(object["total"] as? [String: Any])
        #expect((total["grams"] as? NSNumber)?.doubleValue == 0, "\(total)")
        // The display step of this scale (1 unit = 0.1 g): one decimal.
        #expect(state.fleetPrecision == FleetPayload.displayPrecision(stepGrams: state.scale.gramScale?.stepGrams))
        #expect(FleetPayload.displayPrecision(stepGrams: 0.1) == 1 && FleetPayload.displayPrecision(stepGrams: 2) == 0)
        #expect(FleetPayload.displayPrecision(stepGrams: 0.01) == 2 && FleetPayload.displayPrecision(stepGrams: 0.5) == 1)
        let two = FleetPayload.discoveries(Config.MQTT(host: "h", station: "s"), precision: 2)[0].payload
        #expect(two.contains("\"suggested_display_precision\":2"))
        // Without grams there is nothing to say: null stays.
        let plain = AppState(screen: Size(1280, 720), source: .replay(ReplayDevice(name: "p", mode: .force)))
        let other = try #require(try JSONSerialization.jsonObject(with: Data(plain.liveDocument(station: "s").utf8)) as? [String: Any])
        #expect((other["total"] as? [String: Any])?["grams"] is NSNull)
    }

    /// Home Assistant's birth message: the real program sends its discovery
    /// and its state again.
    @Test(.enabled(if: Broker.installed, Broker.missing))
    func theBirthMessageGetsDiscoveryAndStateAgain() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let broker = try Broker(directory: dir)
        let subscription = try Subscription(broker, topic: "#")
        let config = try FleetFixture.config(in: dir, FleetFixture.plain(broker.port))
        let err = dir.appendingPathComponent("window.err").path
        let window = try FleetFixture.window(
            [
                "--config", config, "--db", dir.appendingPathComponent("h.sqlite3").path, "--replay",
                try FleetFixture.replay(in: dir, presses: 0), "--exit-after", "60",
            ], stderr: err)
        defer { window.terminate() }
        let weight = "homeassistant/sensor/plumscale_line-1/weight/config"
        let state = "plumscale/line-1/state"
        func count(_ topic: String) -> Int { FleetTopicsTests.payloads(subscription, topic).count }
        try waitFor("discovery and a state (\(FleetFixture.read(err)))", timeout: 20) {
            count(weight) >= 1 && count(state) >= 1 ? true : nil
        }
        let before = (count(weight), count(state))
        let publisher = try ChildProcess(
            "/usr/bin/mosquitto_pub", ["-h", "127.0.0.1", "-p", "\(broker.port)", "-t", "homeassistant/status", "-m", "online"],
            stdout: dir.appendingPathComponent("pub.out").path, stderr: dir.appendingPathComponent("pub.err").path)
        #expect(publisher.wait(timeout: 10) == 0)
        try waitFor("discovery and state again after the birth message (\(FleetFixture.read(err)))", timeout: 10) {
            count(weight) > before.0 && count(state) > before.1 ? true : nil
        }
        #expect(FleetFixture.read(err).contains("Home Assistant came online"))
    }
}
