import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport

/// What reaches libmosquitto, checked by `config check` as the library
/// itself checks it (issues 27.2, 29.8, 29.18): a prefix the broker keeps
/// for itself, a NUL that C would cut at, characters MQTT refuses.
@Suite struct FleetStringsTests {
    static func config(_ fields: String) -> String {
        #"{"mqtt": {"host": "127.0.0.1", "station": "s", "# + fields + "}}"
    }

    /// "a", the scalar, "b" (Swift literals refuse some of these scalars).
    static func around(_ value: UInt32) -> String { "a" + String(Character(Unicode.Scalar(value)!)) + "b" }

    @Test(arguments: [
        (#""topic": "$SYS/fleet""#, "mqtt.topic", "must not start with $"),
        (#""topic": "$share/g/fleet""#, "mqtt.topic", "must not start with $"),
        (#""topic": "a\tb""#, "mqtt.topic", "U+0009"),
        (#""topic": "a\u0001b""#, "mqtt.topic", "U+0001"),
        (#""topic": "a\uffffb""#, "mqtt.topic", "U+FFFF"),
        (#""topic": "a\u0085b""#, "mqtt.topic", "U+0085"),
        (#""topic": "site\u202eA""#, "mqtt.topic", "bidirectional mark U+202E"),
        (#""topic": "a\u0000b""#, "mqtt.topic", "NUL"),
        (#""host": "127.0.0.1\u0000evil""#, "mqtt.host", "NUL"),
        (#""host": "broker\n.lan""#, "mqtt.host", "control characters"),
        (#""username": "a\u0000b""#, "mqtt.username", "NUL"),
        (#""username": "a\u0007b""#, "mqtt.username", "U+0007"),
    ])
    func refusedWithItsKey(field: String, path: String, words: String) throws {
        // host given twice would be a duplicate key: replace the default one.
        let text =
            field.hasPrefix(#""host""#)
            ? #"{"mqtt": {"station": "s", \#(field)}}"# : Self.config(field)
        let error = try #require(throws: ConfigError.self) { try Config.parse(text) }
        #expect(error.paths == [path], "\(error)")
        #expect(error.description.contains(words), "\(error)")
    }

    @Test func aTopicLongerThanMQTTAllowsIsRefused() throws {
        let long = String(repeating: "a", count: 65_530)
        let error = try #require(throws: ConfigError.self) { try Config.parse(Self.config(#""topic": "\#(long)""#)) }
        #expect(error.paths == ["mqtt.topic"] && error.description.contains("65535 bytes"), "\(error.description.prefix(200))")
    }

    /// The core's rule and libmosquitto's own checks agree, string by string.
    @Test(
        arguments: [0x9, 0x1, 0x7F, 0x9F, 0xA0, 0xFFFF, 0xFFFE, 0x1FFFF, 0x10FFFE, 0xFDD0, 0xFDEF, 0xFDF0, 0x202E].map(around) + [
            "plumscale", "ünïcødé/ok", "emoji 🍑", String(repeating: "x", count: 65_535), String(repeating: "x", count: 65_536),
        ])
    func theCoreRefusesWhatLibmosquittoRefuses(text: String) {
        let core = MQTTText.problem(text, what: "a topic") == nil
        #expect(core == MosquittoClient.isValidUTF8(text) && core == (MosquittoClient.topicProblem(text) == nil), "\(text.prefix(20))")
    }

    @Test func aPasswordCrossingTheNetworkInClearNeedsConsent() throws {
        let plain = #"{"mqtt": {"host": "broker.lan", "station": "s", "username": "u", "passwordFile": "pw"}}"#
        let error = try #require(throws: ConfigError.self) { try Config.parse(plain) }
        #expect(error.paths == ["mqtt.passwordFile"] && error.description.contains("unencrypted to broker.lan"), "\(error)")
        let allowed = plain.replacingOccurrences(of: #""station""#, with: #""allowPasswordWithoutTLS": true, "station""#)
        #expect(try Config.parse(allowed).mqtt?.allowPasswordWithoutTLS == true)
        for host in ["127.0.0.1", "localhost", "::1"] {
            #expect(throws: Never.self) { try Config.parse(plain.replacingOccurrences(of: "broker.lan", with: host)) }
        }
        #expect(throws: ConfigError.self) { try Config.parse(plain.replacingOccurrences(of: "broker.lan", with: "127.evil.example")) }
    }

    @Test func aPasswordFileOthersCanReadIsRefusedAndCRLFIsStripped() throws {
        let directory = try ConfigTests.ConfigFileTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/pw"
        try "secret\r\nsecond line\n".write(toFile: file, atomically: true, encoding: .utf8)
        let mqtt = Config.MQTT(host: "127.0.0.1", username: "u", passwordFile: file, station: "s")
        chmod(file, 0o644)
        let error = try #require(throws: RuntimeFailure.self) { try FleetSink.password(mqtt, log: nil) }
        #expect("\(error)".contains("readable by every user"), "\(error)")
        // One others may write: any user could choose the password.
        chmod(file, 0o602)
        let written = try #require(throws: RuntimeFailure.self) { try FleetSink.password(mqtt, log: nil) }
        #expect("\(written)".contains("writable by every user of this machine (mode 602)"), "\(written)")
        chmod(file, 0o640)
        let said = LogLines()
        #expect(try FleetSink.password(mqtt, log: Log(capture: said.append)) == "secret")
        let warning = "mqtt.passwordFile \(file): its line ends in CR LF; the CR is not taken as part of the password"
        #expect(said.lines == ["plumscale: warning: \(warning)\n"], "\(said.lines)")
    }

    /// `config check` asks what the window's start asks of the password
    /// file: one that others may read is refused, exit 2, the file named
    /// and what it should be.
    @Test func configCheckRefusesAPasswordFileOthersCanRead() throws {
        let directory = try ConfigTests.ConfigFileTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/pw"
        try "secret\n".write(toFile: file, atomically: true, encoding: .utf8)
        let path = directory + "/config.json"
        try ConfigTests.ConfigFileTests.write(
            #"{"mqtt": {"host": "127.0.0.1", "station": "s", "username": "u", "passwordFile": "pw"}}"# + "\n", to: path)
        chmod(file, 0o644)
        let refused = try runPlumscale(["config", "check", path])
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(
            refused.stderr.contains(
                "mqtt.passwordFile: \(file): readable by every user of this machine (mode 644); expected no access for others"),
            "\(refused.stderr)")
        chmod(file, 0o600)
        let passed = try runPlumscale(["config", "check", path])
        #expect(passed.status == 0, "\(passed.stderr)")
    }

    /// The size limit and the NUL are the same one check: a 100 GB sparse
    /// password file (nothing read) and one holding a NUL are exit 2 from
    /// `config check`, as they stop the window's start.
    @Test(arguments: ["sparse", "nul"])
    func configCheckRefusesAHugeOrNULPasswordFile(kind: String) throws {
        let directory = try ConfigTests.ConfigFileTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/pw"
        try "secret\u{0}evil\n".write(toFile: file, atomically: true, encoding: .utf8)
        if kind == "sparse" { #expect(truncate(file, 100 << 30) == 0, "\(String(cString: strerror(errno)))") }
        chmod(file, 0o600)
        let path = directory + "/config.json"
        try ConfigTests.ConfigFileTests.write(
            #"{"mqtt": {"host": "127.0.0.1", "station": "s", "username": "u", "passwordFile": "pw"}}"# + "\n", to: path)
        let words =
            kind == "sparse"
            ? "mqtt.passwordFile: \(file): \(100 << 30) bytes, more than the 65536 bytes a password file may hold; nothing was read"
            : "mqtt.passwordFile: \(file): holds a NUL byte (libmosquitto would cut the password there)"
        let refused = try runPlumscale(["config", "check", path])
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains(words), "\(refused.stderr)")
        let mqtt = Config.MQTT(host: "127.0.0.1", username: "u", passwordFile: file, station: "s")
        let error = try #require(throws: RuntimeFailure.self) { try FleetSink.password(mqtt, log: nil) }
        #expect("\(error)".contains(words.replacingOccurrences(of: "mqtt.passwordFile: ", with: "mqtt.passwordFile ")), "\(error)")
    }

    /// A topic libmosquitto refuses only once the prefix is in Home
    /// Assistant's discovery topics: a prefix of many levels fits MQTT's
    /// 65,535 bytes, but the node id writes each `/` as `-2f`, and the
    /// discovery topics do not. `config check` asks what the library will
    /// (exit 2, the key named), the window refuses the config alike, and
    /// the sink's own check at start (FleetSink.preflight) says the same.
    @Test func aTopicOnlyDiscoveryMakesTooLongIsRefusedBeforeTheStart() throws {
        let directory = try ConfigTests.ConfigFileTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let prefix = Array(repeating: "a", count: 20_000).joined(separator: "/")
        let path = directory + "/config.json"
        try ConfigTests.ConfigFileTests.write(
            #"{"mqtt": {"host": "127.0.0.1", "station": "s", "topic": "\#(prefix)"}}"# + "\n", to: path)
        let words = "mqtt.topic: libmosquitto refuses the topic \"homeassistant/"
        let checked = try runPlumscale(["config", "check", path])
        #expect(checked.status == 2, "\(checked.stderr.prefix(300))")
        #expect(checked.stderr.contains(path) && checked.stderr.contains(words), "\(checked.stderr.prefix(300))")
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "dummy"
        let run = try runPlumscale(
            ["--config", path, "--db", directory + "/h.sqlite3", "--exit-after", "5"], environment: environment)
        #expect(run.status == 2, "\(run.stderr.prefix(300))")
        #expect(run.stderr.contains(words), "\(run.stderr.prefix(300))")
        #expect(!run.stderr.contains("fleet: publishing"), "\(run.stderr.prefix(300))")
        let mqtt = Config.MQTT(host: "127.0.0.1", station: "s", topic: prefix)
        let error = try #require(throws: RuntimeFailure.self) { try FleetSink.preflight(mqtt, log: nil) }
        #expect("\(error)".hasPrefix(words), "\(String(describing: error).prefix(300))")
    }

    /// Through the real program: exit 2 naming the file, the line and the key.
    @Test func configCheckRefusesADollarPrefix() throws {
        let directory = try ConfigTests.ConfigFileTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/config.json"
        try ConfigTests.ConfigFileTests.write(
            "{\n  \"mqtt\": {\n    \"host\": \"127.0.0.1\", \"station\": \"s\",\n    \"topic\": \"$SYS/fleet\"\n  }\n}\n", to: path)
        let result = try runPlumscale(["config", "check", path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(path): line 4: mqtt.topic: must not start with $"), "\(result.stderr)")
    }

    /// Client ids fit every broker and are fixed per prefix and station.
    @Test func clientIDsAreShortAndStable() {
        let a = Config.MQTT(host: "h", station: String(repeating: "s", count: 64), topic: "siteA")
        let b = Config.MQTT(host: "h", station: String(repeating: "s", count: 64), topic: "siteB")
        #expect(a.clientID.utf8.count <= 23 && b.clientID.utf8.count <= 23)
        #expect(a.clientID != b.clientID)
        #expect(a.clientID == Config.MQTT(host: "other", station: a.station, topic: "siteA").clientID)
    }
}

/// The lines a `Log` wrote, for a test to read.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    func append(_ line: String) { lock.withLock { items.append(line) } }
    var lines: [String] { lock.withLock { items } }
}
