import Foundation

extension ConfigReader {
    static let mqttKeys = ["host", "port", "tls", "username", "passwordFile", "station", "topic", "liveHz"]

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
        let host = text("host", required: true) { $0.isEmpty || $0.contains(" ") ? "expected a host name or address" : nil }
        let station = text("station", required: true) { Self.stationProblem($0) }
        let topic = text("topic", required: false) { Self.topicProblem($0) } ?? "plumscale"
        let username = text("username", required: false) { $0.isEmpty ? "must not be empty (leave it out to connect anonymously)" : nil }
        let passwordFile = text("passwordFile", required: false) { fileProblem($0, what: "password file") }
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
        guard issues.count == before, let host, let station else { return nil }
        return Config.MQTT(
            host: host, port: port, caFile: caFile, username: username, passwordFile: passwordFile, station: station,
            topic: topic, liveHz: liveHz)
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

    /// A prefix of topic levels: no wildcards, no empty level.
    static func topicProblem(_ topic: String) -> String? {
        let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
        let bad = topic.isEmpty || topic.contains("+") || topic.contains("#") || topic.contains("\0") || levels.contains { $0.isEmpty }
        return bad ? "expected topic levels joined by / (no +, #, or empty level), got \(JSONValue.quote(topic))" : nil
    }
}

extension Unicode.Scalar {
    fileprivate var isIDCharacter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) || ("0"..."9").contains(self) }
}
