import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// One person's journey through the real program in a real window under
/// Xvfb. The window program keeps no state document of its own while it
/// runs (`--state` is render's), so each step is checked the way the README
/// promises a person can: the input recorded as it happens (`--record`, also
/// of a replay it plays) rendered with `render --at` the moment of the
/// screenshot gives that moment's state document and frame; the screenshot
/// comes from the X server (`import -window root`, cropped to the window)
/// and must match the frame within 1 px and 16 levels but for 0.1%.
final class Journey {
    let name: String
    let x: Xvfb
    let dir: URL
    let app: Spawned
    let window: String
    let started: Date
    /// What `render` replays: the input recorded (`--record`), of the replay played or of xdotool's.
    let input: URL
    let size: (Int, Int)
    let extra: [String]
    /// The config as the window read it at its start: each render starts
    /// from a copy of it, since a calibration saved (by the window, or by a
    /// render replaying the save) is written into the config file.
    let config: String
    private(set) var steps = 0

    /// Starts the program at `size` (the screen is as large, so the window fills it).
    init(_ name: String, size: (Int, Int), replay lines: [String]? = nil, arguments: [String] = [], config: String = "{}") throws {
        self.name = name
        self.size = size
        x = try Xvfb(width: size.0, height: size.1)
        dir = Paths.temporaryDirectory("journey-\(name)")
        let configPath = dir.appendingPathComponent("config.json")
        try config.write(to: configPath, atomically: true, encoding: .utf8)
        // render replays with the same settings and role.
        self.config = config
        extra = arguments.filter { $0 == "--kiosk" }
        var options = ["--size", "\(size.0)x\(size.1)", "--db", dir.appendingPathComponent("window.db").path, "--exit-after", "600"]
        if let lines {
            let replay = dir.appendingPathComponent("replay.jsonl")
            try (lines.joined(separator: "\n") + "\n").write(to: replay, atomically: true, encoding: .utf8)
            options += ["--replay", replay.path]
        }
        // What the window's core was fed, at the times it was (a replay
        // plays from a moment after the start that only the window knows).
        input = dir.appendingPathComponent("recorded.jsonl")
        options += ["--record", input.path]
        var environment = x.environment
        environment["SDL_RENDER_DRIVER"] = "software"
        // The kiosk's lockout file and anything else kept lives in the journey's own directory.
        environment["XDG_DATA_HOME"] = dir.path
        let err = dir.appendingPathComponent("stderr").path
        started = Date()
        app = try Spawned(Paths.binary.path, options + ["--config", configPath.path] + arguments, environment: environment, stderr: err)
        window = try x.waitForWindow(of: app, stderr: err)
    }

    deinit { app.terminate() }

    /// The wall clock at the recording's t = 0 (its header's "started"):
    /// the moment of a screenshot in the file's time.
    var recordingStarted: Date? {
        guard let text = try? String(contentsOf: input, encoding: .utf8),
            let head = text.split(separator: "\n").first,
            let header = try? JSONSerialization.jsonObject(with: Data(head.utf8)) as? [String: Any],
            let device = header["device"] as? [String: Any], let started = device["started"] as? Double
        else { return nil }
        return Date(timeIntervalSince1970: started)
    }

    var stderr: String { (try? String(contentsOfFile: dir.appendingPathComponent("stderr").path, encoding: .utf8)) ?? "" }

    /// A screenshot taken, and the moment of the recording it shows.
    struct Shot {
        let title: String
        let stem: String
        let at: Double
        /// How long the X server's picture took (import starting, reading, writing).
        var took = 0.0
        let window: String
    }

    /// Waits until the program has drawn what it had to, then takes the
    /// step: the screenshot, the state document and frame of that moment,
    /// compared. Returns the state document. Pictures stay in `dir`.
    /// `idle: false` takes it without waiting for the program to sleep: a
    /// finger held on the history keeps it ticking while the picture stands still.
    @discardableResult
    func step(_ title: String, after seconds: Double = 0, idle: Bool = true) throws -> [String: Any] {
        try check(try shoot(title, after: seconds, idle: idle))
    }

    /// The step at `moment` s of the replay the window plays (its events
    /// go in as they are recorded, so the recording's clock is the replay's).
    @discardableResult
    func step(_ title: String, atReplayTime moment: Double, idle: Bool = true) throws -> [String: Any] {
        try check(try shoot(title, atReplayTime: moment, idle: idle))
    }

    /// The screenshot alone, at `moment` s of the replay: a replay's steps
    /// come faster than each can be rendered, so they are shot as they
    /// come and checked (`check`) once it has played.
    func shoot(_ title: String, atReplayTime moment: Double, idle: Bool = true) throws -> Shot {
        let origin = try waitFor("the recording's header", timeout: 10) { self.recordingStarted }
        return try shoot(title, after: max(0, moment - Date().timeIntervalSince(origin)), idle: idle)
    }

    func shoot(_ title: String, after seconds: Double = 0, idle: Bool = true) throws -> Shot {
        steps += 1
        if seconds > 0 {
            let until = Date().addingTimeInterval(seconds)
            try waitFor("\(seconds) s to pass", timeout: seconds + 5) { Date() >= until ? true : nil }
        }
        if idle { try app.waitUntilIdle(quiet: 0.5, timeout: 20) }
        let origin = recordingStarted ?? started
        let at = Date().timeIntervalSince(origin)
        let stem = String(format: "%02d-%@", steps, title)
        let root = dir.appendingPathComponent("\(stem)-window.png").path
        let grab = try Spawned("/usr/bin/import", ["-window", "root", root], environment: x.environment)
        #expect(grab.wait(timeout: 30) == 0, "\(name) \(title): import -window root")
        let took = Date().timeIntervalSince(origin) - at
        log(String(format: "%@: at %.3f s, grabbed in %.3f s", stem, at, took))
        return Shot(title: title, stem: stem, at: at, took: took, window: root)
    }

    /// What each step was, kept beside its pictures (`steps.log`).
    private func log(_ line: String) {
        let file = dir.appendingPathComponent("steps.log")
        let old = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        try? (old + line + "\n").write(to: file, atomically: true, encoding: .utf8)
    }

    /// The shot compared with render's frame of its moment; its state document.
    func check(_ shot: Shot) throws -> [String: Any] {
        try Self.compare(
            try Image.load(shot.window), with: input, at: shot.at, size: size, config: config, arguments: extra, dir: dir,
            stem: shot.stem, what: String(format: "%@ %@ (grabbed in %.2f s)", name, shot.title, shot.took))
    }

    /// A picture of the screen (`window`) compared with render's frame of
    /// `recording` at `at` s, within 16 levels but for 0.1% of the pixels;
    /// the state document of that moment. Render starts from `config` and
    /// a fresh store (it saves what the recording saves). Files go in `dir`.
    static func compare(
        _ window: Image, with recording: URL, at: Double, size: (Int, Int), config: String, arguments: [String], dir: URL, stem: String,
        what: String
    ) throws -> [String: Any] {
        let (state, differing, allowed) = try differences(
            window, with: recording, at: at, size: size, config: config, arguments: arguments, dir: dir, stem: stem, what: what)
        guard differing > allowed else { return state }
        // What a log alone must tell: where they differ, what render drew.
        let rendered = try Image.load(dir.appendingPathComponent("\(stem)-render.png").path)
        let box = differingBox(window, rendered, tolerance: 16).map { "x \($0.0) y \($0.1), \($0.2)x\($0.3)" } ?? "nowhere"
        Issue.record(
            Comment(
                rawValue: "\(what): the screen differs from render --at \(at) in \(differing) pixels (allowed \(allowed)), within \(box); "
                    + "render drew \(texts(state)); see \(dir.path)"))
        return state
    }

    /// What `compare` measures, without judging it: the state document,
    /// the pixels that differ and how many may.
    static func differences(
        _ window: Image, with recording: URL, at: Double, size: (Int, Int), config: String, arguments: [String], dir: URL, stem: String,
        what: String
    ) throws -> (state: [String: Any], differing: Int, allowed: Int) {
        let rendered = dir.appendingPathComponent("\(stem)-render.png").path
        let state = dir.appendingPathComponent("\(stem)-state.json")
        let stepConfig = dir.appendingPathComponent("\(stem)-config.json")
        try config.write(to: stepConfig, atomically: true, encoding: .utf8)
        let result = try runPlumscale(
            [
                "render", "--replay", recording.path, "--at", String(format: "%.3f", at), "--size", "\(size.0)x\(size.1)", "--out",
                rendered, "--state", state.path, "--db", dir.appendingPathComponent("\(stem)-render.db").path,
                "--config", stepConfig.path,
            ] + arguments, timeout: 120)
        #expect(result.status == 0, "\(what): render: \(result.stderr)")
        let expected = try Image.load(rendered)
        let differing =
            unmatchedPixels(window, expected, tolerance: 16)
            + unmatchedPixels(expected, window, tolerance: 16)
        return (try readJSON(state), differing, expected.width * expected.height / 1000)
    }

    /// The centre of the element named `name` (a button's id: "calibrate", "kiosk-leave"), nil when the screen has none.
    static func element(_ name: String, in state: [String: Any]) -> (Int, Int)? {
        let elements = state["elements"] as? [[String: Any]] ?? []
        guard let r = elements.first(where: { ($0["name"] as? String) == name })?["rect"] as? [Double], r.count == 4 else { return nil }
        return (Int(r[0] + r[2] / 2), Int(r[1] + r[3] / 2))
    }

    /// Every text the state document says is drawn.
    static func texts(_ state: [String: Any]) -> [String] {
        (state["texts"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }

    /// Every label of the state document its own circle's (DESIGN.md, "A
    /// label belongs to its circle"), measured from outside: each contact's
    /// label text found among the texts, nearer its own circle than any
    /// other, in no other circle, crossed by no other ring.
    /// `crowded`: the circles are wider than the screen (640x360), so a
    /// label may only be where its own circle is nearest (LabelRule).
    static func labelProblems(_ state: [String: Any], crowded: Bool = false) -> [String] {
        let contacts = state["contacts"] as? [[String: Any]] ?? []
        let texts = (state["texts"] as? [[String: Any]] ?? []).compactMap { text -> (String, Rect)? in
            guard let words = text["text"] as? String, let r = text["rect"] as? [Double], r.count == 4 else { return nil }
            return (words, Rect(x: r[0], y: r[1], width: r[2], height: r[3]))
        }
        let circles = contacts.map { c in
            DrawnCircle(
                center: Point(c["x"] as? Double ?? 0, c["y"] as? Double ?? 0), radius: c["radius"] as? Double ?? 0,
                ringWidth: Plum.strokeWidth)
        }
        var problems: [String] = []
        for (i, contact) in contacts.enumerated() {
            guard let label = contact["label"] as? String else { continue }
            // The text of that label nearest its circle (labels may repeat).
            guard let rect = texts.filter({ $0.0 == label }).map(\.1).min(by: { circles[i].reach($0.center) < circles[i].reach($1.center) })
            else {
                problems.append("contact \(i)'s label \(label) is not among the texts")
                continue
            }
            var group = LabelGroup()
            group.circles = circles
            // A label the program says it crowded into its own disc (no
            // place kept the rule) is held to what a crowded label keeps.
            let placedCrowded = ["crowded", "leader"].contains(contact["label_place"] as? String ?? "")
            group.labels = [CircleLabel(rect: rect, circle: i, crowded: crowded || placedCrowded)]
            problems += LabelRule.problems(of: group.labels[0], in: group, tolerance: LayoutCheck.tolerance).map { "\(label): \($0)" }
        }
        return problems
    }
}
