import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// `--config`, `config check` and `--help` in the parser.
@Suite struct ConfigArgumentTests {
    @Test func configOptionIsStoredForWindowAndRender() throws {
        guard case .run(let window) = try ArgumentParser.parse(["--kiosk", "--config", "/etc/plum.json"]) else {
            Issue.record("expected a window command")
            return
        }
        #expect(window.config == "/etc/plum.json")
        guard
            case .render(let render) = try ArgumentParser.parse(
                ["render", "--replay", "a", "--out", "b.png", "--config", "c.json", "--verbose"])
        else {
            Issue.record("expected a render command")
            return
        }
        #expect(render.config == "c.json")
    }

    @Test func configCheckTakesOneOptionalFile() throws {
        #expect(try ArgumentParser.parse(["config", "check"]) == .configCheck(path: nil))
        #expect(try ArgumentParser.parse(["config", "check", "x.json"]) == .configCheck(path: "x.json"))
        #expect(try ArgumentParser.parse(["config", "check", "-v", "x.json"]) == .configCheck(path: "x.json"))
        for bad in [
            ["config"], ["config", "fix"], ["config", "check", "a", "b"], ["config", "check", "--bogus"],
            ["--config"],
        ] {
            #expect(throws: UsageError.self, "\(bad)") { try ArgumentParser.parse(bad) }
        }
    }

    @Test(arguments: [
        (["--help"], Help.main), (["render", "--help"], Help.render), (["devices", "--help"], Help.devices),
        (["config", "--help"], Help.config), (["config", "check", "--help"], Help.config),
    ])
    func everyCommandHasHelp(arguments: [String], text: String) throws {
        #expect(try ArgumentParser.parse(arguments) == .help(text))
    }
}

/// `plumscale config check` through the real binary: the effective
/// configuration, or every error with its key, exit 2.
@Suite struct ConfigCheckTests {
    func write(_ text: String, _ name: String = "config.json") throws -> (dir: URL, path: String) {
        let dir = Paths.temporaryDirectory(name)
        let file = dir.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return (dir, file.path)
    }

    @Test func goodFilePrintsTheEffectiveConfiguration() throws {
        let (dir, path) = try write(
            """
            {"stability": {"seconds": 2}, "kiosk": {"pin": "2468", "idleSeconds": 30}}
            """)
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try runPlumscale(["config", "check", path])
        #expect(result.status == 0, "\(result.stderr)")
        // What it prints parses back to the same configuration, defaults filled in.
        let printed = try Config.parse(result.stdout)
        var expected = Config()
        expected.stability.seconds = 2
        expected.kiosk.pin = "2468"
        expected.kiosk.idleSeconds = 30
        #expect(printed == expected)
        #expect(result.stdout.contains("\"heaviestMargin\": 0.005"))
        #expect(result.stderr.contains("plumscale: info: \(path): valid"))
    }

    @Test func defaultPathComesFromXDGAndMayBeMissing() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var env = ProcessInfo.processInfo.environment
        env["XDG_CONFIG_HOME"] = dir.path
        let missing = try runPlumscale(["config", "check"], environment: env)
        #expect(missing.status == 0)
        #expect(try Config.parse(missing.stdout) == Config.defaults)
        #expect(missing.stderr.contains("no config file at \(dir.path)/plumscale/config.json"))

        try FileManager.default.createDirectory(at: dir.appendingPathComponent("plumscale"), withIntermediateDirectories: true)
        try "{\"contactTimeoutSeconds\": 0}".write(
            to: dir.appendingPathComponent("plumscale/config.json"), atomically: true, encoding: .utf8)
        let bad = try runPlumscale(["config", "check"], environment: env)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("contactTimeoutSeconds: must be greater than 0"), "\(bad.stderr)")
    }

    @Test func fileThatDoesNotParseNamesLineAndColumn() throws {
        let (dir, path) = try write("{\n  \"font\": \"a.ttf\",\n  \"peek\": {\"peek\": 0.3,}\n}\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try runPlumscale(["config", "check", path])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("plumscale: error: \(path): line 3, column"), "\(result.stderr)")
        #expect(result.stderr.contains("not valid JSON"))
    }

    @Test func unknownKeyAndWrongTypeEachNameTheKey() throws {
        let (dir, path) = try write(
            """
            {
              "heaviestMargin": "small",
              "kiosk": {"autoRecord": "yes", "idle": 5},
              "colour": "plum"
            }
            """)
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try runPlumscale(["config", "check", path])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        // Every error, one line each, with its key and the reason.
        for expected in [
            "heaviestMargin: expected a number, got a string",
            "kiosk.autoRecord: expected true or false, got a string",
            "kiosk.idle: unknown key",
            "colour: unknown key",
        ] {
            #expect(lines.contains { $0.hasPrefix("plumscale: error: \(path): ") && $0.contains(expected) }, "\(expected) in \(lines)")
        }
        #expect(lines.count == 4, "\(lines)")
    }

    /// Issue 15: lines no scale can trust, refused naming the points' key;
    /// the new keys are checked too.
    @Test func untrustworthyCalibrationsAreRefusedNamingTheirKey() throws {
        let (dir, path) = try write(
            """
            {"calibrations": {
               "two close": {"points": [{"force": 0.3, "grams": 5}, {"force": 0.4, "grams": 6}]},
               "backwards": {"points": [{"force": 0, "grams": 0}, {"force": 0.2, "grams": 10}, {"force": 0.4, "grams": 0}]},
               "near equal": {"points": [{"force": 0.3, "grams": 5}, {"force": 0.30000000000000004, "grams": 10}]}},
             "units": "stone", "zeroTracking": {"rate": 2}}
            """)
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try runPlumscale(["config", "check", path])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        for expected in [
            #"calibrations."two close".points: refused: the fit reads 2 g at zero force, more than 10% of its full range (12 g)"#,
            #"calibrations."backwards".points: refused: a heavier reference must read more force, but the fit has a slope of 0 g"#,
            #"calibrations."near equal".points: refused: the forces span only 5.551e-17 of the device's range"#,
            #"units: expected one of: g, oz, lb; got "stone""#,
            "zeroTracking.rate: must be greater than 0 and at most 0.5 (OIML R76: 0.5 d per second), got 2",
        ] {
            #expect(lines.contains { $0.hasPrefix("plumscale: error: \(path): ") && $0.contains(expected) }, "\(expected) in \(lines)")
        }
        #expect(lines.count == 5, "\(lines)")
    }

    @Test func missingExplicitFileIsBadInput() throws {
        let result = try runPlumscale(["config", "check", "/nonexistent/plumscale.json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent/plumscale.json: no such file"))
    }
}

/// `--help` for every command and `--version`, through the real binary.
@Suite struct HelpTests {
    @Test(arguments: [
        ["--help"], ["render", "--help"], ["devices", "--help"], ["history", "--help"], ["config", "--help"],
        ["config", "check", "--help"],
    ])
    func helpExitsZeroWithUsage(arguments: [String]) throws {
        let result = try runPlumscale(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.lowercased().contains("usage"), "\(result.stdout)")
        #expect(result.stderr.isEmpty)
    }

    @Test func version() throws {
        let result = try runPlumscale(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("plumscale "))
    }

    @Test func verboseAddsDebugLinesWithLevels() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let five = Paths.sessions.appendingPathComponent("five-plums.jsonl").path
        let quiet = try runPlumscale(["render", "--replay", five, "--out", dir.appendingPathComponent("a.png").path])
        #expect(quiet.status == 0)
        #expect(!quiet.stderr.contains("debug"))
        let verbose = try runPlumscale(["render", "--replay", five, "--out", dir.appendingPathComponent("b.png").path, "--verbose"])
        #expect(verbose.status == 0)
        #expect(verbose.stderr.contains("plumscale: debug: render: 12 events from \(five)"), "\(verbose.stderr)")
        let result = try runPlumscale(["config", "check", "-v", "/nonexistent/x.json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("plumscale: debug: config check: reading /nonexistent/x.json"))
        #expect(result.stderr.contains("plumscale: error: /nonexistent/x.json: no such file"))
    }
}
