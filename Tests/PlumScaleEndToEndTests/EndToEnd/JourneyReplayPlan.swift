import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// A replay written the way a person would go: each tap aimed where the
/// screen shows the button or row at that moment, found in the state
/// document of a render of the replay so far (as a person looks before
/// touching). Times in seconds from the replay's start, positions in
/// layout pixels of `size`.
struct JourneyReplayPlan {
    let size: (Int, Int)
    /// Whether the panel measures force (the header's `pressure`).
    let pressure: Bool
    private let header: String
    /// The events by time, in the order they were planned where times tie.
    private var events: [(t: Double, line: String)] = []
    /// The replay file's lines: the header, then the events in time order.
    var lines: [String] { [header] + events.enumerated().sorted { ($0.1.t, $0.0) < ($1.1.t, $1.0) }.map(\.1.line) }
    private let dir: URL

    /// What the program is run with (`--kiosk`), for the plan's renders too.
    private let arguments: [String]

    init(_ name: String, size: (Int, Int), pressure: Bool, arguments: [String] = [], config: String = "{}") {
        self.size = size
        self.pressure = pressure
        self.arguments = arguments
        dir = Paths.temporaryDirectory("journey-plan-\(name)")
        header = #"{"plumscale-replay":1,"device":{"name":"journey panel","pressure":\#(pressure)}}"#
        try? config.write(to: dir.appendingPathComponent("config.json"), atomically: true, encoding: .utf8)
    }

    private func normalized(_ x: Double, _ y: Double) -> String {
        String(format: #""x":%.5f,"y":%.5f"#, x / Double(size.0), y / Double(size.1))
    }

    /// A finger down at (x, y); `force` only on a panel that measures it.
    mutating func down(_ id: Int, at t: Double, x: Double, y: Double, force: Double? = nil) {
        let p = force.map { String(format: #","pressure":%.3f"#, $0) } ?? ""
        events.append((t, #"{"t":\#(t),"type":"down","id":\#(id),\#(normalized(x, y))\#(p)}"#))
    }

    mutating func move(_ id: Int, at t: Double, x: Double, y: Double, force: Double? = nil) {
        let p = force.map { String(format: #","pressure":%.3f"#, $0) } ?? ""
        events.append((t, #"{"t":\#(t),"type":"move","id":\#(id),\#(normalized(x, y))\#(p)}"#))
    }

    mutating func up(_ id: Int, at t: Double) { events.append((t, #"{"t":\#(t),"type":"up","id":\#(id)}"#)) }

    mutating func key(_ name: String, at t: Double) { events.append((t, #"{"t":\#(t),"type":"key","key":"\#(name)"}"#)) }

    /// The window told its own size again 30 times a second from `start`
    /// to `end`: the program answers each resize with a new frame of the
    /// same scene. grim under cage needs this: cage scans an idle
    /// fullscreen client's frames out, and a capture then reads a buffer
    /// that never saw them (black or stale, docs/kiosk.md); at 10 a second
    /// most grabs still came out black, at 30 none did.
    mutating func keepDrawing(from start: Double, to end: Double) {
        let frames = Int(((end - start) * 30).rounded(.down))
        for i in 0...max(frames, 0) {
            let t = start + Double(i) / 30
            events.append((t, String(format: #"{"t":%.3f,"type":"resize","width":%d,"height":%d}"#, t, size.0, size.1)))
        }
    }

    /// The state document after the replay so far, at `t`.
    func state(at t: Double) throws -> [String: Any] {
        let file = dir.appendingPathComponent("prefix.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let state = dir.appendingPathComponent("prefix.json")
        let db = dir.appendingPathComponent("prefix-\(UUID().uuidString.prefix(8)).db")
        defer { try? FileManager.default.removeItem(at: db) }
        let result = try runPlumscale(
            [
                "render", "--replay", file.path, "--at", "\(t)", "--size", "\(size.0)x\(size.1)", "--out",
                dir.appendingPathComponent("prefix.png").path, "--state", state.path, "--db", db.path,
                "--config", dir.appendingPathComponent("config.json").path,
            ] + arguments, timeout: 120)
        guard result.status == 0 else { throw WaitFailure("render of the plan at \(t) s: \(result.stderr)") }
        return try readJSON(state)
    }

    /// A short tap (0.1 s) at (x, y).
    mutating func tap(at t: Double, x: Double, y: Double, id: Int) {
        down(id, at: t, x: x, y: y, force: pressure ? 0.3 : nil)
        up(id, at: t + 0.1)
    }

    /// A tap on the element named `name` where the screen shows it at `t`.
    mutating func tap(_ name: String, at t: Double, id: Int) throws {
        let state = try state(at: t)
        guard let at = Journey.element(name, in: state) else {
            throw WaitFailure("no \(name) at \(t) s: \(state["elements"] ?? "")")
        }
        tap(at: t, x: Double(at.0), y: Double(at.1), id: id)
    }

    /// The history's rows at `t`, top first: weighing id and centre.
    func rows(at t: Double) throws -> [(id: Int, center: (Double, Double))] {
        JourneyHistoryTests.rows(try state(at: t)).map { ($0.id, (Double($0.center.0), Double($0.center.1))) }
    }
}

/// Shots taken as the replay plays, each with what it must show; checked once it has played.
final class JourneyShots {
    let journey: Journey
    private var taken: [(Journey.Shot, ([String: Any]) -> Void)] = []
    init(_ journey: Journey) { self.journey = journey }

    /// At `t` s of the replay: a held finger keeps the program ticking
    /// (`idle: false`) while its picture stands still.
    /// `sleeps`: nothing moves on the screen, so the program must sit
    /// idle (asleep, no CPU time) within a second of `t`.
    func take(
        _ title: String, at t: Double, idle: Bool = true, sleeps: Bool = false, _ expect: @escaping ([String: Any]) -> Void
    ) throws {
        if sleeps {
            let origin = try waitFor("the recording's header", timeout: 10) { journey.recordingStarted }
            try waitFor("\(t) s of the replay", timeout: 120) { Date().timeIntervalSince(origin) >= t ? true : nil }
            #expect(throws: Never.self, "\(title): the program sleeps while nothing moves") {
                try journey.app.waitUntilIdle(quiet: 0.5, timeout: 1.5)
            }
        }
        taken.append((try journey.shoot(title, atReplayTime: t, idle: idle), expect))
    }

    func check() throws {
        for (shot, expect) in taken { expect(try journey.check(shot)) }
    }
}
