import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleGallery
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// The live window shows what `render` shows: the real program plays a
/// replay in a window under Xvfb and is then left alone, with no input at
/// all; once it sits idle its window is taken from the X server
/// (`import -window root`, cropped to the window) and compared with
/// `render --at` of the same moment. Both draw with spans (SDL's software
/// renderer in the window), so the frames must match within 1 px and 16
/// levels, both ways, for all but 0.1% of the pixels. Everything that time
/// alone brings (settling, stability, a capture, the kiosk going back to the
/// scale) must reach the window with no further input.
@Suite(.serialized) struct WindowMatchesRenderTests {
    struct Case {
        var name: String
        var lines: [String]
        var config = "{}"
        var kiosk = false
        /// How long after the replay's last event the program is left alone.
        var quiet = 2.5
        /// The window's size (`--size`); nil: the program's default.
        var size: PixelSize?
    }

    func check(_ test: Case) throws {
        let x = try Xvfb(width: max(1280, test.size?.width ?? 0), height: max(720, test.size?.height ?? 0))
        let dir = Paths.temporaryDirectory("window-render-\(test.name)")
        let replay = dir.appendingPathComponent("replay.jsonl")
        try (test.lines.joined(separator: "\n") + "\n").write(to: replay, atomically: true, encoding: .utf8)
        func config(_ name: String) throws -> String {
            let path = dir.appendingPathComponent(name).path
            try test.config.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let err = dir.appendingPathComponent("stderr").path
        var environment = x.environment
        environment["SDL_RENDER_DRIVER"] = "software"
        let duration = try ReplayLoader.load(path: replay.path).duration
        let started = Date()
        let app = try Spawned(
            Paths.binary.path,
            [
                "--replay", replay.path, "--config", try config("window.json"), "--db", dir.appendingPathComponent("window.db").path,
                "--exit-after", "60",
            ] + (test.kiosk ? ["--kiosk", "--allow-root"] : []) + (test.size.map { ["--size", "\($0.width)x\($0.height)"] } ?? []),
            environment: environment, stderr: err)
        defer { app.terminate() }
        let window = try x.waitForWindow(of: app, stderr: err)
        try waitFor("the replay to end and \(test.quiet) s to pass", timeout: duration + test.quiet + 30) {
            Date().timeIntervalSince(started) >= duration + test.quiet ? true : nil
        }
        try app.waitUntilIdle(quiet: 0.5, timeout: 20)
        let at = Date().timeIntervalSince(started)
        let root = dir.appendingPathComponent("root.png").path
        let grab = try Spawned("/usr/bin/import", ["-window", "root", root], environment: x.environment)
        #expect(grab.wait(timeout: 20) == 0, "import -window root")
        let geometry = try x.xdotool(["getwindowgeometry", "--shell", window])
        func value(_ key: String) -> Int {
            geometry.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) } ?? 0
        }
        let shot = try Image.load(root).cropped(x: value("X"), y: value("Y"), width: value("WIDTH"), height: value("HEIGHT"))
        if let size = test.size {
            #expect(shot.width == size.width && shot.height == size.height, "the window is \(shot.width)x\(shot.height), asked \(size)")
        }

        let rendered = dir.appendingPathComponent("render.png").path
        let result = try runPlumscale(
            [
                "render", "--replay", replay.path, "--at", String(format: "%.3f", at), "--size", "\(shot.width)x\(shot.height)",
                "--out", rendered, "--config", try config("render.json"), "--db", dir.appendingPathComponent("render.db").path,
            ]
                + (test.kiosk ? ["--kiosk"] : []))
        #expect(result.status == 0, "\(result.stderr)")
        let expected = try Image.load(rendered)
        let differing =
            unmatchedPixels(shot, expected, tolerance: 16)
            + unmatchedPixels(expected, shot, tolerance: 16)
        let allowed = expected.width * expected.height / 1000
        if differing > allowed { try Paths.saveFailures([(shot, "window-\(test.name).png"), (expected, "render-\(test.name).png")]) }
        #expect(
            differing <= allowed,
            "\(test.name): the window differs from render --at \(at) in \(differing) pixels (allowed \(allowed)); see .build/golden-failures/"
        )
    }

    static func session(_ name: String) throws -> [String] {
        try String(contentsOf: Paths.sessions.appendingPathComponent(name), encoding: .utf8)
            .split(separator: "\n").map(String.init)
    }

    static let header = #"{"plumscale-replay":1,"device":{"name":"window panel","pressure":true}}"#

    @Test(arguments: ["five-plums.jsonl", "heaviest-changes.jsonl", "three-plums-steady.jsonl", "history-peek-pop.jsonl"])
    func eachSampleSession(name: String) throws {
        try check(Case(name: name, lines: Self.session(name)))
    }

    /// A portrait window (a 480x800 panel) is the size it was asked for,
    /// not held to the landscape minimum's 640 px width, and its turned
    /// layout, objects in the corners, is what render draws.
    @Test func aPortraitWindowKeepsItsSize() throws {
        let corners = [(0.01, 0.01, 0.3), (0.99, 0.01, 0.55), (0.01, 0.99, 0.2), (0.99, 0.99, 0.8), (0.5, 0.5, 0.45)]
        let lines = corners.enumerated().map { i, c in
            #"{"t":\#(0.1 * Double(i)),"type":"down","id":\#(i + 1),"x":\#(c.0),"y":\#(c.1),"pressure":\#(c.2)}"#
        }
        try check(Case(name: "portrait", lines: [Self.header] + lines, size: PixelSize(480, 800)))
    }

    /// The case the window got wrong: an object that lies still turns stable
    /// (green dot, full-colour label) with nothing else happening.
    @Test func aStillObjectTurnsStable() throws {
        try check(Case(name: "still", lines: [Self.header, #"{"t":0.2,"type":"down","id":1,"x":0.4,"y":0.5,"pressure":0.42}"#]))
    }

    /// A replay reaches the window's core as it is in the file, through an
    /// input queue (no SDL event and back): contact sizes without
    /// pressures, and a cancel that stays a cancel, as `render` reads them.
    @Test func aReplayIsFedAsTheFileSaysIt() throws {
        try check(
            Case(
                name: "area",
                lines: [
                    #"{"plumscale-replay":1,"device":{"name":"area panel","pressure":false,"touch_major":true}}"#,
                    #"{"t":0.1,"type":"down","id":1,"x":0.3,"y":0.5,"touch_major":0.35}"#,
                    #"{"t":0.1,"type":"down","id":2,"x":0.7,"y":0.4,"touch_major":0.6}"#,
                    #"{"t":0.2,"type":"down","id":3,"x":0.5,"y":0.8,"touch_major":0.2}"#,
                    #"{"t":0.5,"type":"move","id":2,"x":0.68,"y":0.42,"touch_major":0.65}"#,
                    #"{"t":0.8,"type":"cancel","id":3}"#,
                ]))
    }

    /// The wizard captures a reference once its reading is stable, by itself.
    @Test func theWizardCapturesAStillReference() throws {
        let wizard = CalibrationWizard(mode: .force)
        let layout = CalibrationLayout(
            wizard: wizard, size: Size(1280, 720), metrics: ScreenCases.metrics, title: "Calibrate window panel", progress: nil)
        let zero = try #require(layout.controls.first { $0.action == .zeroTapped }).rect.center
        let (zx, zy) = (zero.x / 1280, zero.y / 720)
        try check(
            Case(
                name: "capture",
                lines: [
                    Self.header,
                    #"{"t":0.2,"type":"key","key":"k"}"#,
                    #"{"t":0.5,"type":"down","id":9,"x":\#(zx),"y":\#(zy),"pressure":0.2}"#,
                    #"{"t":0.55,"type":"up","id":9}"#,
                    #"{"t":0.8,"type":"key","key":"5"}"#,
                    #"{"t":1.0,"type":"down","id":1,"x":0.3,"y":0.5,"pressure":0.35}"#,
                ], quiet: 3))
    }

    /// The kiosk goes back to the scale by itself after its idle time.
    @Test func theKioskReturnsToTheScaleWhenIdle() throws {
        try check(
            Case(
                name: "kiosk-attract", lines: [Self.header, #"{"t":0.3,"type":"key","key":"h"}"#],
                config: #"{"kiosk":{"idleSeconds":2,"autoRecord":false}}"#, kiosk: true, quiet: 3.5))
    }
}
