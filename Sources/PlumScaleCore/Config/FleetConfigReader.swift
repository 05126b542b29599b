import Foundation

extension ConfigReader {
    static let mqttKeys = [
        "host", "port", "tls", "username", "passwordFile", "station", "topic", "liveHz", "allowPasswordWithoutTLS",
    ]

    /// The `mqtt` object, every issue with the line of its key; nil after
    /// an issue (a broker half configured is not used).
    mutating func mqtt(_ value: JSONValue, at path: ConfigKeyPath, line: Int) -> Config.MQTT? {
        let before = issues.count
        guard let keys = members(value, at: path, known: Self.mqttKeys) else { return nil }
        var lines: [String: Int] = [:]
        if case .object(let list) = value { for member in list where lines[member.key] == nil { lines[member.key] = member.line } }
        func fail(_ key: String, _ message: String) { self.fail(path.key(key), message, line: lines[key] ?? line) }
        func text(_ key: String, required: Bool, _ problem: (String) -> String?) -> String? {
            switch keys[key] {
            case nil:
                if required { self.fail(path.key(key), "missing: the broker needs it", line: line) }
                return nil
            case .string(let text)?:
                if let reason = problem(text) {
                    fail(key, reason)
                    return nil
                }
                return text
            case let other?:
                fail(key, "expected a string, got \(other.typeName)")
                return nil
            }
        }
        let host = text("host", required: true) { Self.hostProblem($0) }
        let station = text("station", required: true) { Self.stationProblem($0) }
        let topic = text("topic", required: false) { Self.topicProblem($0) } ?? "plumscale"
        let username = text("username", required: false) {
            $0.isEmpty ? "must not be empty (leave it out to connect anonymously)" : MQTTText.problem($0, what: "a username")
        }
        let passwordFile = text("passwordFile", required: false) { MQTTText.nulProblem($0) ?? fileProblem($0, what: "password file") }
        if passwordFile != nil, keys["username"] == nil { fail("passwordFile", "needs a username beside it") }
        var caFile: String?
        if let tls = keys["tls"], let tlsKeys = members(tls, at: path.key("tls"), known: ["caFile"]) {
            var tlsLine = lines["tls"] ?? line
            if case .object(let list) = tls, let member = list.first(where: { $0.key == "caFile" }) { tlsLine = member.line }
            switch tlsKeys["caFile"] {
            case .string(let file)?:
                if let reason = fileProblem(file, what: "CA file") {
                    self.fail(path.key("tls").key("caFile"), reason, line: tlsLine)
                } else {
                    caFile = file
                }
            case nil: self.fail(path.key("tls").key("caFile"), "missing: TLS needs the CA certificate file (PEM)", line: tlsLine)
            case let other?: self.fail(path.key("tls").key("caFile"), "expected a string, got \(other.typeName)", line: tlsLine)
            }
        }
        var port: Int?
        switch keys["port"] {
        case nil: break
        case .number(let number)?:
            if number.isFinite, number == number.rounded(), (1...65535).contains(number) {
                port = Int(number)
            } else {
                fail("port", "must be a whole number in 1...65535, got \(JSONValue.format(number))")
            }
        case let other?: fail("port", "expected a number in 1...65535, got \(other.typeName)")
        }
        var liveHz = 5.0
        switch keys["liveHz"] {
        case nil: break
        case .number(let number)? where number.isFinite && number > 0 && number <= 60: liveHz = number
        case .number(let number)?: fail("liveHz", "must be greater than 0 and at most 60, got \(JSONValue.format(number))")
        case let other?: fail("liveHz", "expected a number, got \(other.typeName)")
        }
        var allowPlain = false
        switch keys["allowPasswordWithoutTLS"] {
        case nil: break
        case .bool(let value)?: allowPlain = value
        case let other?: fail("allowPasswordWithoutTLS", "expected true or false, got \(other.typeName)")
        }
        if let host, passwordFile != nil, keys["username"] != nil, caFile == nil, !allowPlain, !MQTTText.isLoopback(host) {
            fail(
                "passwordFile",
                "the password would cross the network unencrypted to \(host): add tls.caFile, or set "
                    + "\"allowPasswordWithoutTLS\": true if the network is trusted")
        }
        if let station, MQTTText.longestTopicBytes(prefix: topic, station: station) > MQTTText.maxBytes {
            fail("topic", "the topics under it would be longer than MQTT's \(MQTTText.maxBytes) bytes")
        }
        guard issues.count == before, let host, let station else { return nil }
        return Config.MQTT(
            host: host, port: port, caFile: caFile, username: username, passwordFile: passwordFile, station: station,
            topic: topic, liveHz: liveHz, allowPasswordWithoutTLS: allowPlain)
    }

    /// Why a file named in the config cannot be used (the shell checks the
    /// file system; parsing from memory checks only that a name is given).
    func fileProblem(_ path: String, what: String) -> String? {
        if path.isEmpty { return "must name the \(what)" }
        return checkFile?(path).map { "the \(what) \(path): \($0)" }
    }

    /// A station id is a topic level and part of Home Assistant's object id.
    static func stationProblem(_ id: String) -> String? {
        let allowed = id.unicodeScalars.allSatisfy { ($0.isIDCharacter) || $0 == "_" || $0 == "-" }
        return !id.isEmpty && id.count <= 64 && allowed
            ? nil : "expected 1 to 64 letters, digits, _ or - (it names topics), got \(JSONValue.quote(id))"
    }

    /// A prefix of topic levels: no wildcards, no empty level, not a
    /// broker's own (`$SYS`, `$share`: a `$` first), no character MQTT
    /// refuses, no bidirectional mark (a topic that reads other than it is).
    static func topicProblem(_ topic: String) -> String? {
        let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
        let quoted = JSONValue.quote(topic)
        if topic.hasPrefix("$") {
            return "must not start with $ (such topics are the broker's own, $SYS or $share, and refuse publishes), got \(quoted)"
        }
        if let problem = MQTTText.problem(topic, what: "a topic") { return problem }
        if let mark = topic.unicodeScalars.first(where: MQTTText.isBidiControl) {
            return "must not hold the bidirectional mark U+\(MQTTText.hex(mark)) (the topic would read other than it is), got \(quoted)"
        }
        let bad = topic.isEmpty || topic.contains("+") || topic.contains("#") || levels.contains { $0.isEmpty }
        return bad ? "expected topic levels joined by / (no +, #, or empty level), got \(quoted)" : nil
    }

    /// A host name or address, as given to the resolver: no NUL (C would
    /// cut the name there), no control character, no space.
    static func hostProblem(_ host: String) -> String? {
        if let problem = MQTTText.nulProblem(host) { return problem }
        let bad =
            host.isEmpty || host.utf8.count > 253 || host.unicodeScalars.contains { $0.value <= 0x20 || (0x7F...0x9F).contains($0.value) }
        return bad ? "expected a host name or address (no spaces or control characters), got \(JSONValue.quote(host))" : nil
    }
}

/// MQTT's own rules for its strings (MQTT 5 section 1.5.4, as libmosquitto
/// checks them in mosquitto_validate_utf8 and mosquitto_pub_topic_check):
/// checked here so that `config check` refuses what the library would
/// refuse at run time. FleetConfigTests compares the two.
enum MQTTText {
    static let maxBytes = 65535

    /// Why `text` cannot be an MQTT string, or nil.
    static func problem(_ text: String, what: String) -> String? {
        if let problem = nulProblem(text) { return problem }
        if text.utf8.count > maxBytes { return "\(what) must be at most \(maxBytes) bytes, got \(text.utf8.count)" }
        if let bad = text.unicodeScalars.first(where: isRefused) {
            return "\(what) must not hold U+\(hex(bad)) (MQTT refuses control characters and non-characters), got \(JSONValue.quote(text))"
        }
        return nil
    }

    /// A NUL would cut the string where C reads it.
    static func nulProblem(_ text: String) -> String? {
        text.utf8.contains(0) ? "must not hold a NUL (C would cut it there), got \(JSONValue.quote(text))" : nil
    }

    static func isRefused(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v <= 0x1F || (0x7F...0x9F).contains(v) || (0xFDD0...0xFDEF).contains(v) || v & 0xFFFE == 0xFFFE
    }

    static func isBidiControl(_ s: Unicode.Scalar) -> Bool {
        [0x061C, 0x200E, 0x200F].contains(s.value) || (0x202A...0x202E).contains(s.value) || (0x2066...0x2069).contains(s.value)
    }

    static func hex(_ s: Unicode.Scalar) -> String {
        let digits = String(s.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The longest topic the station publishes (the discovery topics are shorter).
    static func longestTopicBytes(prefix: String, station: String) -> Int {
        (prefix + "/" + station + "/availability").utf8.count
    }

    /// Loopback by name or address: a password sent there never leaves the machine.
    static func isLoopback(_ host: String) -> Bool {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        let ipv4 = parts.count == 4 && parts.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCIIDigit) }
        return host == "localhost" || host == "::1" || (ipv4 && parts[0] == "127") || host.hasSuffix(".localhost")
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension Unicode.Scalar {
    fileprivate var isIDCharacter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) || ("0"..."9").contains(self) }
}
