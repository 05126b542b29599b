import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport

extension ConfigTests {
    /// `mqtt`: off unless configured, strict like every key, and a bad one
    /// is exit 2 naming the file, the line and the key.
    @Suite struct FleetConfigTests {
        @Test func absentMeansNoBrokerAndDefaultsFillTheRest() throws {
            #expect(try Config.parse("{}").mqtt == nil)
            #expect(try Config.parse(#"{"mqtt": null}"#).mqtt == nil)
            let mqtt = try #require(try Config.parse(#"{"mqtt": {"host": "broker.lan", "station": "bench-1"}}"#).mqtt)
            #expect(mqtt == Config.MQTT(host: "broker.lan", port: 1883, station: "bench-1", topic: "plumscale", liveHz: 5))
            #expect(mqtt.weighingsTopic == "plumscale/bench-1/weighings")
            #expect(mqtt.stateTopic == "plumscale/bench-1/state")
            #expect(mqtt.availabilityTopic == "plumscale/bench-1/availability")
            #expect(mqtt.discoveryTopic == "homeassistant/sensor/plumscale_bench-1/weight/config")
        }

        @Test func everyKeyIsReadAndTheDescriptionParsesBack() throws {
            let text = """
                {"mqtt": {"host": "10.0.0.2", "port": 8884, "tls": {"caFile": "/etc/ca.pem"}, "username": "u",
                          "passwordFile": "/etc/pw", "station": "line_2", "topic": "shop/scales", "liveHz": 2}}
                """
            let config = try Config.parse(text)
            let mqtt = try #require(config.mqtt)
            #expect(mqtt.port == 8884 && mqtt.caFile == "/etc/ca.pem" && mqtt.username == "u" && mqtt.passwordFile == "/etc/pw")
            #expect(mqtt.base == "shop/scales/line_2" && mqtt.liveHz == 2)
            #expect(try Config.parse(config.describe()) == config)
            #expect(try Config.parse(#"{"mqtt": {"host": "h", "station": "s", "tls": {"caFile": "c"}}}"#).mqtt?.port == 8883)
        }

        @Test(arguments: [
            (#"{"mqtt": {"host": "h", "station": "s", "hots": 1}}"#, "mqtt.hots", "unknown key"),
            (#"{"mqtt": {"host": "h", "station": "s", "port": 0}}"#, "mqtt.port", "1...65535, got 0"),
            (#"{"mqtt": {"host": "h", "station": "s", "port": 1883.5}}"#, "mqtt.port", "whole number"),
            (#"{"mqtt": {"station": "s"}}"#, "mqtt.host", "missing"),
            (#"{"mqtt": {"host": "h", "station": "a/b"}}"#, "mqtt.station", "letters, digits"),
            (#"{"mqtt": {"host": "h", "station": "s", "topic": "a/#"}}"#, "mqtt.topic", "no +, #"),
            (#"{"mqtt": {"host": "h", "station": "s", "liveHz": 0}}"#, "mqtt.liveHz", "greater than 0"),
            (#"{"mqtt": {"host": "h", "station": "s", "passwordFile": "p"}}"#, "mqtt.passwordFile", "needs a username"),
            (#"{"mqtt": {"host": "h", "station": "s", "tls": {}}}"#, "mqtt.tls.caFile", "missing"),
        ])
        func badValuesNameTheirKey(text: String, path: String, words: String) throws {
            let error = try #require(throws: ConfigError.self) { try Config.parse(text) }
            #expect(error.paths == [path], "\(error)")
            #expect(error.description.contains(words), "\(error)")
        }

        /// Through the file, as the program reads it: the file, the line of
        /// the key, the key; a missing CA file is caught here, not at connect.
        @Test(arguments: [
            (
                "\"hots\": \"h\"",
                "line 4: mqtt.hots: unknown key (expected one of: host, port, tls, username, passwordFile, station, topic, liveHz, allowPasswordWithoutTLS)"
            ),
            ("\"port\": 0", "line 4: mqtt.port: must be a whole number in 1...65535, got 0"),
            ("\"tls\": {\"caFile\": \"missing-ca.pem\"}", "line 4: mqtt.tls.caFile: the CA file missing-ca.pem: no such file"),
        ])
        func badFileIsExitTwoNamingFileLineAndKey(member: String, expected: String) throws {
            let directory = try ConfigFileTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let path = directory + "/config.json"
            try ConfigFileTests.write("{\n  \"mqtt\": {\n    \"host\": \"h\", \"station\": \"s\",\n    \(member)\n  }\n}\n", to: path)
            let error = try #require(throws: ConfigError.self) { try ConfigFile.load(explicitPath: path) }
            #expect(error.description == "\(path): \(expected)")
            let result = try runPlumscale(["config", "check", path])
            #expect(result.status == 2)
            #expect(result.stderr.contains("\(path): \(expected)"), "\(result.stderr)")
        }

        @Test func filesAreResolvedBesideTheConfig() throws {
            let directory = try ConfigFileTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try ConfigFileTests.write("-----BEGIN CERTIFICATE-----\n", to: directory + "/certs/ca.pem")
            try ConfigFileTests.write("secret\n", to: directory + "/pw")
            chmod(directory + "/pw", 0o600)  // one others may read is refused (FleetSink.passwordFileProblem)
            let path = directory + "/config.json"
            try ConfigFileTests.write(
                #"{"mqtt": {"host": "h", "station": "s", "tls": {"caFile": "certs/ca.pem"}, "username": "u", "passwordFile": "pw"}}"#,
                to: path)
            let mqtt = try #require(try ConfigFile.load(explicitPath: path).config.mqtt)
            #expect(mqtt.caFile == directory + "/certs/ca.pem")
            #expect(mqtt.passwordFile == directory + "/pw")
            chmod(directory + "/pw", 0o600)
            #expect(try FleetSink.password(mqtt, log: nil) == "secret")
        }
    }
}
