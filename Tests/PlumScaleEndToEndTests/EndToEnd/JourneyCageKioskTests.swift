import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Journey: the kiosk under cage (issue 23), as the shipped unit runs it
/// (`cage -d -- plumscale --kiosk`, SDL's wayland driver), on cage's
/// headless backend, as an unprivileged user (cage refuses root). A force
/// replay is the panel: a passer-by lays two objects down (auto-record
/// saves them) and takes them off; the admin corner held opens the PIN
/// pad; the operator types the PIN, and taps Leave kiosk: the program ends
/// and cage with it (exit 0). After every step the compositor's own
/// picture (grim) must be render's frame of the recording at that moment;
/// the program is kept drawing around each shot, since grim of an idle
/// fullscreen client under cage's headless backend is black (docs/kiosk.md).
///
/// The replay's resizes around each shot are real frames (EventLoop
/// answers every resize with one); before that fix they drew nothing, and
/// every grab was black or seconds old.
@Suite(.serialized)
struct JourneyCageKioskTests {
    static let pin = "2468"
    /// cage's headless output (wlroots' default mode).
    static let size = (1280, 720)
    /// Grabs per step, about 0.25 s apart, while the program draws, for at
    /// most `quiet` s after the step's moment (then the replay goes on).
    static let grabs = 20
    static let quiet = 5.0

    @Test func aKioskDayUnderCageSeenByGrim() throws {
        try WaylandTests.requireTools(["/usr/bin/cage", "/usr/bin/grim", "/usr/bin/setpriv"])
        let config = #"{"kiosk":{"pin":"\#(Self.pin)"}}"#
        var plan = JourneyReplayPlan("cage-kiosk", size: Self.size, pressure: true, arguments: ["--kiosk"], config: config)
        plan.down(1, at: 1.0, x: 400, y: 380, force: 0.2)
        plan.move(1, at: 1.2, x: 400, y: 380, force: 0.4)
        plan.down(2, at: 9.0, x: 850, y: 330, force: 0.3)
        plan.move(2, at: 9.2, x: 850, y: 330, force: 0.7)
        plan.up(1, at: 17.0)
        plan.up(2, at: 17.0)
        // The admin corner held (3 s), then the PIN typed.
        plan.down(3, at: 24.0, x: 20, y: 20, force: 0.3)
        plan.up(3, at: 27.7)
        for (i, digit) in Self.pin.enumerated() { plan.key(String(digit), at: 33.0 + Double(i) * 0.2) }
        plan.key("return", at: 34.0)
        // Around each shot the program draws anew (see keepDrawing).
        let moments = [3.5, 11.5, 19.0, 27.5, 35.0]
        for t in moments { plan.keepDrawing(from: t - 1.0, to: t + Self.quiet) }
        try plan.tap("kiosk-leave", at: 40.5, id: 4)

        let user = try TestUser.make()
        defer { user.release() }
        let session = try WaylandSession(user: user)
        defer { session.remove() }
        let unit = try WaylandTests.cageUnit()
        let dir = try user.directory("journey-cage-kiosk")
        let replay = dir.appendingPathComponent("replay.jsonl")
        try (plan.lines.joined(separator: "\n") + "\n").write(to: replay, atomically: true, encoding: .utf8)
        let configFile = dir.appendingPathComponent("config.json")
        try config.write(to: configFile, atomically: true, encoding: .utf8)
        for file in [replay, configFile] { try user.give(file) }
        let recording = dir.appendingPathComponent("recorded.jsonl")
        let command =
            unit.command.map { $0 == "/usr/local/bin/plumscale" ? Paths.binary.path : $0 }
            + [
                "--replay", replay.path, "--record", recording.path, "--config", configFile.path, "--db",
                dir.appendingPathComponent("kiosk.db").path, "--exit-after", "120",
            ]
        var env = session.environment.merging(unit.environment.filter { $0.key != "HOME" && !$0.key.hasPrefix("XDG_") }) { $1 }
        env["WLR_BACKENDS"] = "headless"
        env["WLR_RENDERER"] = "pixman"
        env["WLR_LIBINPUT_NO_DEVICES"] = "1"
        // Drawn as render draws (the GPU path has its own test).
        env["SDL_RENDER_DRIVER"] = "software"
        let running = try session.startCage(command, environment: env, log: dir.appendingPathComponent("cage.log").path)
        defer { running.end() }
        let (cage, display, text) = (running.process, running.display, running.text)
        #expect(text().contains("plumscale: info: video: wayland driver"), "\(text())")
        let origin = try waitFor("the recording's header", timeout: 10) { () -> Date? in
            guard let head = (try? String(contentsOf: recording, encoding: .utf8))?.split(separator: "\n").first,
                let header = try? JSONSerialization.jsonObject(with: Data(head.utf8)) as? [String: Any],
                let device = header["device"] as? [String: Any], let started = device["started"] as? Double
            else { return nil }
            return Date(timeIntervalSince1970: started)
        }

        // Each step is grabbed a few times while the program draws: grim
        // of cage's headless output may give black or a stale frame
        // (docs/kiosk.md); the step holds when one grab is render's frame.
        var shots: [(stem: String, grabs: [(at: Double, file: URL)], expect: ([String: Any]) -> Void)] = []
        func shoot(_ title: String, at t: Double, _ expect: @escaping ([String: Any]) -> Void) throws {
            try waitFor("\(t) s of the replay", timeout: 60) { Date().timeIntervalSince(origin) >= t ? true : nil }
            let stem = String(format: "%02d-%@", shots.count + 1, title)
            var grabs: [(at: Double, file: URL)] = []
            for i in 1...Self.grabs {
                let file = dir.appendingPathComponent("\(stem)-grim\(i).png")
                let at = Date().timeIntervalSince(origin)
                guard at < t + Self.quiet - 0.3 else { break }
                let (status, output) = try session.run("/usr/bin/grim", [file.path], extra: ["WAYLAND_DISPLAY": display])
                #expect(status == 0, "\(title): grim: \(output)")
                grabs.append((at, file))
                usleep(150_000)
            }
            shots.append((stem, grabs, expect))
        }
        try shoot("one-object", at: moments[0]) { state in
            #expect((state["contacts"] as? [Any])?.count == 1 && state["role"] as? String == "passer-by", "\(state["contacts"] ?? "")")
        }
        try shoot("two-objects", at: moments[1]) { state in
            let labels = (state["contacts"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
            #expect(labels == ["40.0%", "70.0%"], "\(labels)")
            #expect(Journey.labelProblems(state).isEmpty, "\(Journey.labelProblems(state))")
        }
        try shoot("empty", at: moments[2]) { state in
            #expect(state["prompt"] as? String == "lay your plums on me.", "\(state["prompt"] ?? "")")
        }
        try shoot("corner-pad", at: moments[3]) { state in
            #expect(Journey.texts(state).contains("Operator PIN"), "the corner held opens the pad: \(Journey.texts(state))")
            #expect((state["contacts"] as? [Any])?.isEmpty == true, "the corner is never weighed")
        }
        try shoot("operator", at: moments[4]) { state in
            #expect(state["role"] as? String == "operator", "the PIN makes the operator: \(state["role"] ?? "")")
            #expect(Journey.element("kiosk-leave", in: state) != nil, "\(state["elements"] ?? "")")
        }
        let status = cage.wait(timeout: 30)
        #expect(status == 0, "Leave kiosk ends the program, and cage with it: \(String(describing: status)); \(text())")
        #expect(text().contains("kiosk: the operator left"), "\(text())")
        for shot in shots {
            var state: [String: Any]?
            var seen: [String] = []
            for (i, grab) in shot.grabs.enumerated() where state == nil {
                let image = try Image.load(grab.file.path)
                #expect(image.width == Self.size.0 && image.height == Self.size.1, "cage's output: \(image.width)x\(image.height)")
                let result = try Journey.differences(
                    image, with: recording, at: grab.at, size: Self.size, config: config, arguments: ["--kiosk"], dir: dir,
                    stem: "\(shot.stem)-\(i + 1)", what: "cage \(shot.stem)")
                seen.append(String(format: "grab %d at %.2f s: %d pixels differ", i + 1, grab.at, result.differing))
                if result.differing <= result.allowed { state = result.state }
            }
            try? (seen.joined(separator: "\n") + "\n").write(
                to: dir.appendingPathComponent("\(shot.stem)-grabs.log"), atomically: true, encoding: .utf8)
            guard let state else {
                Issue.record("cage \(shot.stem): no grab is render's frame (\(seen.joined(separator: "; "))); see \(dir.path)")
                continue
            }
            shot.expect(state)
        }
        let saved = try runPlumscale(["history", "list", "--db", dir.appendingPathComponent("kiosk.db").path])
        #expect(saved.stdout.contains("2 of 2 weighings"), "auto-record saved the two weighings: \(saved.stdout)")
        try waitFor("every process of the test user to end", timeout: 10) { user.processes().isEmpty ? true : nil }
    }
}
