import Testing

@testable import PlumScale
@testable import PlumScaleCore

@Suite struct ArgumentParserTests {
    @Test func renderTakesItsOptions() throws {
        let command = try ArgumentParser.parse(
            ["render", "--replay", "a.jsonl", "--at", "1.5", "--size", "720x1280", "--out", "f.png", "--state", "s.json"])
        var expected = RenderOptions()
        expected.replay = "a.jsonl"
        expected.at = 1.5
        expected.size = PixelSize(720, 1280)
        expected.out = "f.png"
        expected.state = "s.json"
        #expect(command == .render(expected))
    }

    @Test func windowOptions() throws {
        guard case .run(let options) = try ArgumentParser.parse(["--fullscreen", "--source", "evdev:/dev/input/event5"]) else {
            Issue.record("expected a window command")
            return
        }
        #expect(options.fullscreen)
        #expect(options.source == .evdev(path: "/dev/input/event5"))
    }

    @Test func kioskAndAllowRoot() throws {
        guard case .run(let kiosk) = try ArgumentParser.parse(["--kiosk"]),
            case .run(let allowed) = try ArgumentParser.parse(["--kiosk", "--allow-root"])
        else {
            Issue.record("expected window commands")
            return
        }
        #expect(kiosk.kiosk && !kiosk.allowRoot)
        #expect(allowed.kiosk && allowed.allowRoot)
        guard case .help(let help) = try ArgumentParser.parse(["--help"]) else { return }
        #expect(help.contains("--allow-root"))
        #expect(help.contains("SIGHUP reloads the config file"))
    }

    @Test(arguments: [
        (["render", "--out", "f.png"], "render needs --replay"),
        (["render", "--replay", "a"], "render needs --out"),
        (["--size", "big"], "--size expects WIDTHxHEIGHT"),
        (["--source", "bluetooth"], "--source expects"),
        (["render", "--replay", "a", "--out", "b", "--at", "-1"], "--at expects a number of seconds"),
        (["--bogus"], "unknown option --bogus"),
        (["--replay"], "--replay needs a value"),
    ])
    func badUsageIsAUsageError(arguments: [String], message: String) {
        #expect {
            try ArgumentParser.parse(arguments)
        } throws: { error in
            (error as? UsageError)?.description.contains(message) == true
        }
    }
}
