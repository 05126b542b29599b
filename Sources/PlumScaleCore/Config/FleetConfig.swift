import Foundation

extension Config {
    /// `mqtt`: the fleet's broker. Absent (the default): no broker, the
    /// station works alone. The file:
    /// ```
    /// "mqtt": {"host": "broker.lan", "port": 8883, "tls": {"caFile": "ca.pem"},
    ///          "username": "station", "passwordFile": "mqtt-password",
    ///          "station": "bench-1", "topic": "plumscale", "liveHz": 5}
    /// ```
    public struct MQTT: Equatable, Sendable {
        /// `host`: the broker's name or address. Required.
        public var host: String
        /// `port`: 1...65535; default 1883, 8883 with `tls`.
        public var port: Int
        /// `tls.caFile`: the CA certificate (PEM) the broker's certificate
        /// must chain to; nil: plain TCP. Relative to the config file's directory.
        public var caFile: String?
        /// `username`: nil for an anonymous connection.
        public var username: String?
        /// `passwordFile`: a file whose first line is the password (kept out
        /// of the config so the config can be shared). Needs `username`.
        public var passwordFile: String?
        /// `station`: this station's id in topics and payloads: letters,
        /// digits, `_` and `-`. Required.
        public var station: String
        /// `topic`: the prefix of every topic; default "plumscale".
        public var topic: String
        /// `liveHz`: the most live readings a second on the state topic, in (0, 60]; default 5.
        public var liveHz: Double
        /// `allowPasswordWithoutTLS`: send the password in the clear to a
        /// broker that is not on this machine. Off by default: such a
        /// config is refused (on loopback plain TCP is allowed).
        public var allowPasswordWithoutTLS: Bool

        public init(
            host: String, port: Int? = nil, caFile: String? = nil, username: String? = nil, passwordFile: String? = nil,
            station: String, topic: String = "plumscale", liveHz: Double = 5, allowPasswordWithoutTLS: Bool = false
        ) {
            self.host = host
            self.port = port ?? (caFile == nil ? 1883 : 8883)
            self.caFile = caFile
            self.username = username
            self.passwordFile = passwordFile
            self.station = station
            self.topic = topic
            self.liveHz = liveHz
            self.allowPasswordWithoutTLS = allowPasswordWithoutTLS
        }

        /// `PREFIX/STATION`, under which every topic of this station lies.
        public var base: String { topic + "/" + station }
        public var weighingsTopic: String { base + "/weighings" }
        public var stateTopic: String { base + "/state" }
        public var availabilityTopic: String { base + "/availability" }
        /// Home Assistant's node id (and the stem of every unique_id), one
        /// for each prefix and station: no two (prefix, station) pairs share
        /// one. Under the default prefix `plumscale_STATION`, as before the
        /// prefix counted (so those stations keep their entities and their
        /// history). Under another, `plumscale-PREFIX_STATION`, the prefix
        /// written without `_` (`escapedPrefix`): the first `_` ends it,
        /// and the `-` after `plumscale` tells it from a default station's.
        public var nodeID: String {
            topic == Self.defaultTopic ? "plumscale_\(station)" : "plumscale-\(Self.escapedPrefix(topic))_\(station)"
        }

        public static let defaultTopic = "plumscale"

        /// The prefix in node id letters without `_`, and decodable: letters
        /// and digits as they are, `-` as `--`, every other byte of its
        /// UTF-8 as `-` and two hex digits (`site/A`: `site-2fA`, `a_b`: `a-5fb`).
        static func escapedPrefix(_ prefix: String) -> String {
            var out = ""
            for byte in prefix.utf8 {
                let scalar = Unicode.Scalar(byte)
                if byte < 0x80, isIDScalar(scalar), scalar != "-" {
                    out.unicodeScalars.append(scalar)
                } else if scalar == "-" {
                    out += "--"
                } else {
                    let hex = String(byte, radix: 16)
                    out += "-" + (hex.count == 1 ? "0" : "") + hex
                }
            }
            return out
        }

        /// What Home Assistant calls the device: the station, and its
        /// prefix when that is not the default (two sites' `bench-1` are
        /// then two names).
        public var deviceName: String { topic == Self.defaultTopic ? "PlumScale \(station)" : "PlumScale \(base)" }

        /// Home Assistant's MQTT discovery topic for the weight sensor.
        public var discoveryTopic: String { discoveryTopic(component: "sensor", entity: "weight") }

        /// `homeassistant/COMPONENT/NODE/ENTITY/config`.
        public func discoveryTopic(component: String, entity: String) -> String {
            "homeassistant/\(component)/\(nodeID)/\(entity)/config"
        }

        /// Where Home Assistant says it (re)started: its birth message.
        public static let homeAssistantStatusTopic = "homeassistant/status"

        static func isIDScalar(_ s: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || s == "-"
        }

        /// FNV-1a of the UTF-8 bytes, 8 hex digits: stable across runs and builds.
        static func fnv32(_ text: String) -> String {
            var hash: UInt32 = 0x811c_9dc5
            for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
            let hex = String(hash, radix: 16)
            return String(repeating: "0", count: 8 - hex.count) + hex
        }

        /// The MQTT client id: at most 23 bytes (all a 3.1.1 broker must
        /// accept), the same for the same prefix and station on every start,
        /// so a second station with this station id takes the connection
        /// over and both are told (FleetWorker).
        public var clientID: String { "plumscale-" + Self.fnv32(topic + "/" + station) + "-" + Self.fnv32(station).prefix(4) }

        var json: JSONValue {
            var members = [JSONMember("host", .string(host)), JSONMember("port", .number(Double(port)))]
            if let caFile { members.append(JSONMember("tls", .object([JSONMember("caFile", .string(caFile))]))) }
            if let username { members.append(JSONMember("username", .string(username))) }
            if let passwordFile { members.append(JSONMember("passwordFile", .string(passwordFile))) }
            members += [
                JSONMember("station", .string(station)), JSONMember("topic", .string(topic)),
                JSONMember("liveHz", .number(liveHz)),
            ]
            if allowPasswordWithoutTLS { members.append(JSONMember("allowPasswordWithoutTLS", .bool(true))) }
            return .object(members)
        }
    }
}
