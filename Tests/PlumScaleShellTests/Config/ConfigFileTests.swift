import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore

extension ConfigTests {
    @Suite struct ConfigFileTests {
        /// A fresh empty directory for one test.
        static func temporaryDirectory() throws -> String {
            let path = NSTemporaryDirectory() + "plumscale-config-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            return path
        }

        static func write(_ text: String, to path: String) throws {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }

        @Test func defaultPathPrefersXDGConfigHome() {
            #expect(
                ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/u"])
                    == "/x/cfg/plumscale/config.json")
            #expect(
                ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/u"])
                    == "/home/u/.config/plumscale/config.json")
            #expect(
                ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/u"])
                    == "/home/u/.config/plumscale/config.json")
            #expect(ConfigFile.defaultPath(environment: [:]) == nil)
        }

        @Test func missingDefaultFileGivesDefaultsButMissingExplicitFileIsAnError() throws {
            let directory = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let loaded = try ConfigFile.load(environment: ["XDG_CONFIG_HOME": directory])
            #expect(loaded.config == .defaults && !loaded.existed)
            #expect(loaded.path == directory + "/plumscale/config.json")
            #expect(throws: ConfigError.self) { try ConfigFile.load(explicitPath: directory + "/none.json") }
        }

        @Test func loadReadsTheFileAndResolvesARelativeFont() throws {
            let directory = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let path = directory + "/plumscale/config.json"
            try Self.write(#"{"font": "fonts/a.ttf", "heaviestMargin": 0.01}"#, to: path)
            let loaded = try ConfigFile.load(environment: ["XDG_CONFIG_HOME": directory])
            #expect(loaded.existed)
            #expect(loaded.config.heaviestMargin == 0.01)
            #expect(loaded.config.font == directory + "/plumscale/fonts/a.ttf")
        }

        @Test func errorsNameTheFile() throws {
            let directory = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let path = directory + "/c.json"
            try Self.write(#"{"stability": {"band": 2}}"#, to: path)
            let error = try #require(throws: ConfigError.self) { try ConfigFile.load(explicitPath: path) }
            #expect(error.description == "\(path): line 1: stability.band: must be greater than 0 and less than 1, got 2")
        }

        @Test func savingACalibrationKeepsEveryOtherKey() throws {
            let directory = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let path = directory + "/config.json"
            try Self.write(
                """
                {"kiosk": {"pin": "9876"}, "calibrations": {"old": {"points": [{"force": 0.1, "grams": 1}, {"force": 0.2, "grams": 2}]}},
                 "custom": {"kept": [1, "two", null]}}
                """, to: path)
            let points = [CalibrationPoint(force: 0.1, grams: 5), CalibrationPoint(force: 0.5, grams: 105)]
            try ConfigFile.saveCalibration(points, device: "touch_dev", to: path)
            let saved = try JSONParser.parse(try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(saved["kiosk"] == .object([JSONMember("pin", .string("9876"))]))
            #expect(saved["custom"] == .object([JSONMember("kept", .array([.number(1), .string("two"), .null]))]))
            guard case .object(let members) = saved else {
                Issue.record("not an object")
                return
            }
            #expect(members.map(\.key) == ["kiosk", "calibrations", "custom"])
            #expect(saved["calibrations"]?["old"] != nil)
            #expect(saved["calibrations"]?["touch_dev"] == Config.calibrationJSON(points))
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory)
            #expect(leftovers == ["config.json"])
        }

        @Test func savingCreatesTheFileAndItsDirectoryAndReplacesACalibration() throws {
            let directory = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let path = directory + "/plumscale/config.json"
            try ConfigFile.saveCalibration([.init(force: 0.1, grams: 1), .init(force: 0.2, grams: 2)], device: "d", to: path)
            try ConfigFile.saveCalibration([.init(force: 0.3, grams: 3), .init(force: 0.4, grams: 4)], device: "d", to: path)
            let config = try ConfigFile.load(explicitPath: path).config
            #expect(config.calibrations == ["d": [.init(force: 0.3, grams: 3), .init(force: 0.4, grams: 4)]])
        }

        @Test func savingRefusesBadPointsAndNeverClobbersAnUnparseableFile() throws {
            let directory = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let path = directory + "/config.json"
            try Self.write("{ not json", to: path)
            let error = try #require(throws: ConfigError.self) {
                try ConfigFile.saveCalibration([.init(force: 0.1, grams: 1), .init(force: 0.2, grams: 2)], device: "d", to: path)
            }
            #expect(error.issues.first?.line == 1)
            #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self) == "{ not json")
            let refused = try #require(throws: ConfigError.self) {
                try ConfigFile.saveCalibration([.init(force: 0.1, grams: -1)], device: "d", to: directory + "/new.json")
            }
            #expect(refused.paths == [#"calibrations."d""#, #"calibrations."d""#])
            #expect(!FileManager.default.fileExists(atPath: directory + "/new.json"))
        }
    }

    @Suite struct JSONParserTests {
        @Test func parsesEveryKindOfValue() throws {
            let value = try JSONParser.parse(#" {"a": [true, false, null, -1.5e2, 0, "x\"\\\/\n\u00e9\ud83c\udf51"], "b": {}} "#)
            #expect(value["a"] == .array([.bool(true), .bool(false), .null, .number(-150), .number(0), .string("x\"\\/\né🍑")]))
            #expect(value["b"] == .object([]))
        }

        @Test(arguments: [
            ("", 1, 1), ("{\"a\": tru}", 1, 7), ("[1,\n 2,,]", 2, 4), ("{\"a\": 01}", 1, 7),
            ("[1] x", 1, 5), ("\"abc", 1, 5), ("{\"a\" 1}", 1, 6), ("[\"\\q\"]", 1, 4),
        ])
        func syntaxErrorsGiveLineAndColumn(text: String, line: Int, column: Int) {
            #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
            do {
                _ = try JSONParser.parse(text)
            } catch {
                #expect(error.line == line && error.column == column, "\(error)")
            }
        }

        @Test func prettyOutputRoundTrips() throws {
            let value = JSONValue.object([
                JSONMember("n", .number(0.1)), JSONMember("i", .number(60)), JSONMember("s", .string("a\u{1}\t")),
                JSONMember("l", .array([.null, .bool(true)])),
            ])
            #expect(try JSONParser.parse(value.pretty()) == value)
            #expect(value.pretty().contains(#""s": "a\u0001\t""#))
        }
    }
}
