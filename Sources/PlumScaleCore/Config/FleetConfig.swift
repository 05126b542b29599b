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

        public init(
            host: String, port: Int? = nil, caFile: String? = nil, username: String? = nil, passwordFile: String? = nil,
            station: String, topic: String = "plumscale", liveHz: Double = 5
        ) {
            self.host = host
            self.port = port ?? (caFile == nil ? 1883 : 8883)
            self.caFile = caFile
            self.username = username
            self.passwordFile = passwordFile
            self.station = station
            self.topic = topic
            self.liveHz = liveHz
        }

        /// `PREFIX/STATION`, under which every topic of this station lies.
        public var base: String { topic + "/" + station }
        public var weighingsTopic: String { base + "/weighings" }
        public var stateTopic: String { base + "/state" }
        public var availabilityTopic: String { base + "/availability" }
        /// Home Assistant's MQTT discovery topic for the weight sensor.
        public var discoveryTopic: String { "homeassistant/sensor/\(station)_weight/config" }

        var json: JSONValue {
            var members = [JSONMember("host", .string(host)), JSONMember("port", .number(Double(port)))]
            if let caFile { members.append(JSONMember("tls", .object([JSONMember("caFile", .string(caFile))]))) }
            if let username { members.append(JSONMember("username", .string(username))) }
            if let passwordFile { members.append(JSONMember("passwordFile", .string(passwordFile))) }
            members += [
                JSONMember("station", .string(station)), JSONMember("topic", .string(topic)),
                JSONMember("liveHz", .number(liveHz)),
            ]
            return .object(members)
        }
    }
}
