import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore

/// What a person meets at the command line (issue 23, item 12): the help
/// names every key and option, a typo gets "did you mean", a size the
/// screens cannot fit is refused, a run that cannot record is refused
/// before a window opens, and with no display the first line is ours.
@Suite struct UsageMessagesTests {
    @Test func theHelpNamesEveryKeyAndOption() {
        for word in ["  u ", "--ui-scale", "--db", "--record-evemu", "at least 640x360"] {
            #expect(Help.main.contains(word), "plumscale --help names \(word)")
        }
        for word in ["--ui-scale", "--db", "--size", "--kiosk"] { #expect(Help.render.contains(word), "render --help names \(word)") }
        // Every option the parser takes is in its help.
        for option in ArgumentParser.windowOptions { #expect(Help.main.contains(option), "--help names \(option)") }
        for option in ArgumentParser.renderOptions where option != "--help" {
            #expect(Help.render.contains(option), "render --help names \(option)")
        }
    }

    @Test(arguments: [
        (["histroy"], "unknown command histroy: did you mean history?"),
        (["rendr", "--out", "x"], "unknown command rendr: did you mean render?"),
        (["devcies"], "did you mean devices?"),
        (["--kisok"], "unknown option --kisok: did you mean --kiosk?"),
        (["render", "--replay", "a", "--outt", "b"], "render: unknown option --outt: did you mean --out?"),
        (["weigh"], "unknown command weigh (the commands are render, devices, config, history)"),
        (["--size", "100x100"], "--size 100x100 is below the minimum of 640x360"),
        (["--size", "639x360"], "below the minimum"),
        (["--size", "640x359"], "below the minimum"),
        (["render", "--replay", "a", "--out", "b", "--size", "320x240"], "below the minimum of 640x360"),
        (["--record-evemu", "r.evemu", "--source", "mouse"], "--record-evemu needs an evdev source"),
        (["--record-evemu", "r.evemu", "--source", "sdl"], "--record-evemu needs an evdev source"),
        (["--record-evemu", "r.evemu", "--replay", "a.jsonl"], "does not go with --replay"),
    ])
    func mistakesAreNamed(arguments: [String], message: String) {
        #expect {
            try ArgumentParser.parse(arguments)
        } throws: { error in
            (error as? UsageError)?.description.contains(message) == true
        }
    }

    @Test func theSmallestSizesEitherWayRoundAreTaken() throws {
        #expect(try ArgumentParser.size("640x360") == PixelSize(640, 360))
        #expect(try ArgumentParser.size("360x640") == PixelSize(360, 640))
    }

    /// Wayland cannot be reached without XDG_RUNTIME_DIR: SDL is not let
    /// probe it (libwayland's own unprefixed error line).
    @Test func waylandIsSkippedOnlyWhenItCannotBeReached() {
        #expect(WindowCommand.driversWithoutWayland(environment: [:]) == "x11,kmsdrm,offscreen")
        #expect(WindowCommand.driversWithoutWayland(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]) == nil)
        #expect(WindowCommand.driversWithoutWayland(environment: ["WAYLAND_DISPLAY": "/tmp/w-0"]) == nil)
        #expect(WindowCommand.driversWithoutWayland(environment: ["SDL_VIDEODRIVER": "wayland"]) == nil)
    }
}
