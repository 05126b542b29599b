import Foundation
import Testing

@testable import PlumScaleCore

/// Groups every config suite, so `swift test --filter Config` runs them all.
@Suite struct ConfigTests {}

extension ConfigTests {
    @Suite struct ConfigParsingTests {
        /// The issues of a document that must fail to parse.
        static func issues(_ text: String) -> ConfigError? {
            do {
                _ = try Config.parse(text, file: "test.json")
                return nil
            } catch {
                return error
            }
        }

        @Test func emptyObjectGivesEveryDefault() throws {
            let config = try Config.parse("{}")
            #expect(config == Config.defaults)
            #expect(config.calibrations.isEmpty)
            #expect(config.stability == Config.Stability(band: 0.005, seconds: 0.5))
            #expect(config.heaviestMargin == 0.005)
            #expect(config.peek == Config.PeekThresholds(peek: 0.35, pop: 0.70))
            #expect(
                config.kiosk
                    == Config.Kiosk(
                        pin: nil, idleSeconds: 60, autoRecord: true, autoRecordSeconds: 1.0,
                        operatorIdleSeconds: 120))
            #expect(config.font == nil)
            #expect(config.contactTimeoutSeconds == 300)
        }

        @Test func everyKeyIsRead() throws {
            let config = try Config.parse(
                """
                {
                  "calibrations": {"touch_dev": {"points": [{"force": 0.1, "grams": 5.0}, {"force": 0.5, "grams": 105}]}},
                  "stability": {"band": 0.01, "seconds": 1.5},
                  "heaviestMargin": 0.02,
                  "peek": {"peek": 0.3, "pop": 0.8},
                  "kiosk": {"pin": "0042", "idleSeconds": 30, "autoRecord": false, "autoRecordSeconds": 2,
                            "operatorIdleSeconds": 45},
                  "font": "/usr/share/fonts/x.ttf",
                  "contactTimeoutSeconds": 4
                }
                """)
            #expect(config.calibrations["touch_dev"] == [.init(force: 0.1, grams: 5), .init(force: 0.5, grams: 105)])
            #expect(abs(config.calibrationFit(forDevice: "touch_dev")!.slope - 250) < 1e-9)
            #expect(config.calibrationFit(forDevice: "other") == nil)
            #expect(config.stability == Config.Stability(band: 0.01, seconds: 1.5))
            #expect(config.heaviestMargin == 0.02)
            #expect(config.peek == Config.PeekThresholds(peek: 0.3, pop: 0.8))
            #expect(
                config.kiosk
                    == Config.Kiosk(
                        pin: "0042", idleSeconds: 30, autoRecord: false, autoRecordSeconds: 2,
                        operatorIdleSeconds: 45))
            #expect(config.font == "/usr/share/fonts/x.ttf")
            #expect(config.contactTimeoutSeconds == 4)
        }

        @Test func invalidJSONNamesTheFileLineAndColumn() throws {
            let error = try #require(Self.issues("{\n  \"heaviestMargin\": 0.01,\n}"))
            #expect(error.description == "test.json: line 3, column 1: not valid JSON: expected a key in double quotes, found '}'")
        }

        @Test(arguments: [
            (#"{"stability": {"band": "wide"}}"#, "stability.band", "expected a number, got a string"),
            (#"{"kiosk": {"autoRecord": 1}}"#, "kiosk.autoRecord", "expected true or false, got a number"),
            (#"{"kiosk": {"pin": 1234}}"#, "kiosk.pin", "expected a string or null, got a number"),
            (#"{"font": true}"#, "font", "expected a string or null, got a boolean"),
            (#"{"peek": [0.3, 0.7]}"#, "peek", "expected an object, got an array"),
            (#"{"calibrations": {"d": {"points": {}}}}"#, #"calibrations."d".points"#, "expected an array, got an object"),
            (#"{"contactTimeoutSeconds": null}"#, "contactTimeoutSeconds", "expected a number, got null"),
        ])
        func wrongTypesNameTheKeyPath(text: String, path: String, message: String) throws {
            let error = try #require(Self.issues(text))
            #expect(error.issues.map(\.path) == [path])
            #expect(error.issues.first?.message == message)
        }

        @Test(arguments: [
            (#"{"stability": {"band": 0}}"#, "stability.band"),
            (#"{"stability": {"band": 1}}"#, "stability.band"),
            (#"{"stability": {"seconds": -1}}"#, "stability.seconds"),
            (#"{"heaviestMargin": -0.001}"#, "heaviestMargin"),
            (#"{"peek": {"peek": 0.7, "pop": 0.7}}"#, "peek.pop"),
            (#"{"peek": {"pop": 0.3}}"#, "peek.pop"),
            (#"{"peek": {"pop": 1.5}}"#, "peek.pop"),
            (#"{"kiosk": {"pin": "12a4"}}"#, "kiosk.pin"),
            (#"{"kiosk": {"pin": "123"}}"#, "kiosk.pin"),
            (#"{"kiosk": {"idleSeconds": 0}}"#, "kiosk.idleSeconds"),
            (#"{"kiosk": {"autoRecordSeconds": 0}}"#, "kiosk.autoRecordSeconds"),
            (#"{"kiosk": {"operatorIdleSeconds": 0}}"#, "kiosk.operatorIdleSeconds"),
            (#"{"kiosk": {"operatorIdleSeconds": -5}}"#, "kiosk.operatorIdleSeconds"),
            (#"{"kiosk": {"operatorIdleSeconds": "60"}}"#, "kiosk.operatorIdleSeconds"),
            (#"{"font": ""}"#, "font"),
            (#"{"contactTimeoutSeconds": 0}"#, "contactTimeoutSeconds"),
            (#"{"contactTimeoutSeconds": 1e400}"#, "contactTimeoutSeconds"),
        ])
        func impossibleValuesAreRefused(text: String, path: String) throws {
            let error = try #require(Self.issues(text))
            #expect(error.paths == [path])
        }

        @Test func unknownKeysAreNamedWithTheExpectedOnes() throws {
            let error = try #require(Self.issues(#"{"kiosk": {"pinn": "1234"}, "colour": "red"}"#))
            #expect(error.paths == ["colour", "kiosk.pinn"])
            #expect(
                error.issues[1].message
                    == "unknown key (expected one of: pin, idleSeconds, autoRecord, autoRecordSeconds, operatorIdleSeconds)")
            #expect(error.issues[1].line == 1)
        }

        @Test func calibrationProblemsNameThePoint() throws {
            let error = try #require(
                Self.issues(
                    """
                    {"calibrations": {
                      "touch_dev": {"points": [{"force": 0.1, "grams": 5}, {"force": 0.1, "grams": -2}, {"force": 1.2}]},
                      "one \\"point\\"": {"points": [{"force": 0.2, "grams": 1}]},
                      "empty": {}
                    }}
                    """))
            #expect(
                error.paths == [
                    #"calibrations."empty".points"#,
                    #"calibrations."one \"point\"".points"#,
                    #"calibrations."touch_dev".points[1].grams"#,
                    #"calibrations."touch_dev".points[1].force"#,
                    #"calibrations."touch_dev".points[2].grams"#,
                    #"calibrations."touch_dev".points[2].force"#,
                ])
            #expect(
                error.description.contains(
                    #"test.json: line 2: calibrations."touch_dev".points[1].grams: must be at least 0 (a mass cannot be negative), got -2"#)
            )
            #expect(error.description.contains(#"points[1].force: repeats the force 0.1 of point [0]"#))
        }

        @Test func everyErrorInAFileIsCollected() throws {
            let error = try #require(
                Self.issues(
                    """
                    {"stability": {"band": -1, "seconds": "long"}, "heaviestMargin": 2,
                     "peek": {"peek": 0.9, "pop": 0.5}, "kiosk": {"pin": "x", "autoRecord": "yes", "extra": 1},
                     "font": 7, "contactTimeoutSeconds": -3, "heaviestMargin": 0.1}
                    """))
            #expect(
                error.paths == [
                    "heaviestMargin", "stability.band", "stability.seconds", "heaviestMargin", "peek.pop",
                    "kiosk.extra", "kiosk.pin", "kiosk.autoRecord", "font", "contactTimeoutSeconds",
                ])
            #expect(error.issues[0].message == "duplicate key")
            #expect(error.description.split(separator: "\n").count == 10)
        }

        @Test func describeIsPrettyJSONThatParsesBack() throws {
            let config = try Config.parse(
                """
                {"calibrations": {"b": {"points": [{"force": 0, "grams": 0}, {"force": 0.5, "grams": 250.5}]},
                                  "a": {"points": [{"force": 0.25, "grams": 1}, {"force": 0.75, "grams": 3}]}},
                 "kiosk": {"pin": "1234"}, "font": "/f.ttf"}
                """)
            let text = config.describe()
            #expect(try Config.parse(text) == config)
            #expect(text.contains("\"a\": {\n      \"points\": ["))
            #expect(text.range(of: "\"a\"")!.lowerBound < text.range(of: "\"b\"")!.lowerBound)
            #expect(
                Config.defaults.describe() == """
                    {
                      "calibrations": {},
                      "stability": {
                        "band": 0.005,
                        "seconds": 0.5
                      },
                      "heaviestMargin": 0.005,
                      "peek": {
                        "peek": 0.35,
                        "pop": 0.7
                      },
                      "kiosk": {
                        "pin": null,
                        "idleSeconds": 60,
                        "autoRecord": true,
                        "autoRecordSeconds": 1,
                        "operatorIdleSeconds": 120
                      },
                      "font": null,
                      "contactTimeoutSeconds": 300,
                      "units": "g",
                      "zeroTracking": {
                        "enabled": false,
                        "band": 0.04,
                        "rate": 0.5
                      }
                    }

                    """)
        }
    }
}
