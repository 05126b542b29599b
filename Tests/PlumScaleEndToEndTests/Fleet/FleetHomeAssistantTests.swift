import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

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
            // Not the default prefix: in the device's name, so two sites' bench-1 differ.
            #expect(device["name"] as? String == "PlumScale siteA/fleet/bench-1")
        }
        let weight = try #require(try JSONSerialization.jsonObject(with: Data(documents[0].payload.utf8)) as? [String: Any])
        #expect((weight["expire_after"] as? NSNumber)?.intValue ?? 0 > Int(FleetLiveTiming.keepaliveSeconds))
        // One version: what --version prints is what Home Assistant is told.
        #expect(Help.version == "plumscale " + FleetPayload.softwareVersion)
        let plain = try #require(
            try JSONSerialization.jsonObject(with: Data(FleetPayload.discovery(Config.MQTT(host: "h", station: "bench-1")).utf8))
                as? [String: Any])
        #expect((plain["device"] as? [String: Any])?["name"] as? String == "PlumScale bench-1")
    }

    /// One station name under two prefixes: two devices, nothing shared;
    /// and no `_` in a prefix or a station id can make two pairs one
    /// (`x` + `y` against the default prefix + `x_y`).
    @Test func twoPrefixesWithOneStationNameAreTwoDevices() throws {
        let pairs: [(topic: String, station: String)] = [
            ("siteA", "bench-1"), ("siteB", "bench-1"), ("site/A", "bench-1"), ("site_A", "bench-1"), ("site-A", "bench-1"),
            ("x", "y"), ("plumscale", "x_y"), ("a_b", "c"), ("a", "b_c"), ("plumscale", "a_b_c"), ("a-5fb", "c"),
            ("plumscale", "bench-1"), ("plumscale", "plumscale-x_y"), ("x", "_y"), ("x_", "y"),
        ]
        var topics = Set<String>()
        var ids = Set<String>()
        for pair in pairs {
            let mqtt = Config.MQTT(host: "h", station: pair.station, topic: pair.topic)
            for document in FleetPayload.discoveries(mqtt) {
                #expect(topics.insert(document.topic).inserted, "\(pair): \(document.topic)")
                let object = try #require(try JSONSerialization.jsonObject(with: Data(document.payload.utf8)) as? [String: Any])
                let id = try #require(object["unique_id"] as? String)
                #expect(ids.insert(id).inserted, "\(pair): \(id)")
                #expect(id.unicodeScalars.allSatisfy { Config.MQTT.isIDScalar($0) || $0 == "_" }, "\(id)")
            }
        }
        // The default prefix's ids are those from before the prefix counted.
        #expect(Config.MQTT(host: "h", station: "bench-1").nodeID == "plumscale_bench-1")
        #expect(Config.MQTT(host: "h", station: "x_y").nodeID == "plumscale_x_y")
        #expect(Config.MQTT(host: "h", station: "y", topic: "x").nodeID == "plumscale-x_y")
        #expect(Config.MQTT(host: "h", station: "c", topic: "a_b").nodeID == "plumscale-a-5fb_c")
        #expect(Config.MQTT(host: "h", station: "b_c", topic: "a").nodeID == "plumscale-a_b_c")
        #expect(Config.MQTT(host: "h", station: "s", topic: "site-A/é").nodeID == "plumscale-site--A-2f-c3-a9_s")
    }

    /// Two stations whose ids collided before (`x` + `y` and the default
    /// prefix + `x_y`; `a_b` + `c` and `a` + `b_c`), through a real broker:
    /// four devices, sixteen discovery topics and unique_ids.
    @Test(.enabled(if: Broker.installed, Broker.missing))
    func collidingPairsPublishDistinctDiscoveryThroughABroker() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let broker = try Broker(directory: dir)
        let subscription = try Subscription(broker, topic: "homeassistant/#")
        let pairs = [("x", "y"), ("plumscale", "x_y"), ("a_b", "c"), ("a", "b_c")]
        for (n, pair) in pairs.enumerated() {
            let sub = dir.appendingPathComponent("s\(n)")
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            let config = try FleetFixture.config(
                in: sub, FleetFixture.plain(broker.port, station: pair.1) + ", \"topic\": \"\(pair.0)\"")
            let (status, said) = try FleetFailureTests.station(
                config, db: sub.appendingPathComponent("h.sqlite3").path, count: 1, wait: 10)
            #expect(status == 0, "\(pair): \(said)")
        }
        func documents() -> [(topic: String, id: String?)] {
            subscription.lines.compactMap { line in
                guard let space = line.firstIndex(of: " ") else { return nil }
                let topic = String(line[..<space])
                guard topic.hasSuffix("/config"), !topic.hasSuffix("_weight/config") else { return nil }
                let object = try? JSONSerialization.jsonObject(with: Data(line[line.index(after: space)...].utf8)) as? [String: Any]
                return (topic, object?["unique_id"] as? String)
            }
        }
        try waitFor("16 discovery documents (\(documents().count))", timeout: 10) {
            Set(documents().map(\.topic)).count >= 16 ? true : nil
        }
        let seen = documents()
        #expect(Set(seen.map(\.topic)).count == 16, "\(seen.map(\.topic))")
        #expect(Set(seen.compactMap(\.id)).count == 16, "\(seen.compactMap(\.id))")
        // Each topic always carries the same unique_id: no station overwrote another's.
        for topic in Set(seen.map(\.topic)) {
            #expect(Set(seen.filter { $0.topic == topic }.map(\.id)).count == 1, "\(topic)")
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
        // The display step of this scale (10 units a gram: 0.1 g): one decimal.
        #expect(state.scale.gramScale?.stepGrams == 0.1)
        #expect(state.fleetPrecision == 1)
        #expect(FleetPayload.displayPrecision(stepGrams: 0.1) == 1 && FleetPayload.displayPrecision(stepGrams: 2) == 0)
        #expect(FleetPayload.displayPrecision(stepGrams: 0.01) == 2 && FleetPayload.displayPrecision(stepGrams: 0.5) == 1)
        let two = FleetPayload.discoveries(Config.MQTT(host: "h", station: "s"), precision: 2)[0].payload
        #expect(two.contains("\"suggested_display_precision\":2"))
        // Without grams there is nothing to say: null stays.
        let plain = AppState(screen: Size(1280, 720), source: .replay(ReplayDevice(name: "p", mode: .force)))
        let other = try #require(try JSONSerialization.jsonObject(with: Data(plain.liveDocument(station: "s").utf8)) as? [String: Any])
        #expect((other["total"] as? [String: Any])?["grams"] is NSNull)
    }

    /// Something on the scale: its total goes out rounded to the display
    /// step (53.27 g on a 100 g scale of 0.1 g steps: 53.3), as the screen
    /// shows it. (Device grams step at least 1/1000 of the full range, so
    /// a 0.1 g step means at most 100 g.)
    @Test func aTotalIsPublishedRoundedToTheDisplayStep() throws {
        let replay = try JSONLinesReplay.parse(
            [
                #"{"plumscale-replay":1,"device":{"name":"p","pressure":true,"#
                    + #""grams":{"axis":"ABS_MT_PRESSURE","units_per_gram":10,"range":1000}}}"#,
                #"{"t":0.00,"type":"down","id":1,"x":0.3,"y":0.5,"pressure":0.5327}"#,
            ].joined(separator: "\n"), file: "grams")
        let state = RenderCommand.replayState(replay, at: 0.5, size: PixelSize(1280, 720))
        #expect(state.fleetPrecision == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(state.liveDocument(station: "s").utf8)) as? [String: Any])
        let total = try #require(object["total"] as? [String: Any])
        #expect(total["count"] as? Int == 1, "\(total)")
        #expect((total["grams"] as? NSNumber)?.doubleValue == 53.3, "\(total)")
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
