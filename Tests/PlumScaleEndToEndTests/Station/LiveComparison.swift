import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// One recording played live in the VM against `render --replay` of the
/// same recording, compared frame by frame (each SYN_REPORT), never by wall
/// clock: TCG's clock runs in bursts, so the live run's times are its own.
///
/// 1. The core's input: the live run's `--record` file (what the core was
///    fed from the kernel, through libevdev and the multitouch decoder)
///    holds, frame by frame, the same touch events as the replay of the
///    recording: ids, positions in device units (both are normalised to the
///    device's range: the live window is the whole display), pressure and
///    contact size, and a pressure pad's own total.
/// 2. The state documents: the live input, retimed to the recording's frame
///    times and laid on the device's surface as an evemu replay is, gives
///    at each checkpoint the state document `render --replay` gives for the
///    recording itself.
struct LiveComparison {
    let recording: String
    let live: String
    let name: String
    let work: URL

    init(recording: String, liveDirectory: URL, stem: String? = nil) {
        self.recording = recording
        let base = stem ?? URL(fileURLWithPath: recording).deletingPathExtension().lastPathComponent
        name = base
        live = liveDirectory.appendingPathComponent(base + ".live.jsonl").path
        work = liveDirectory.appendingPathComponent(base + ".compare")
    }

    /// Touch events of one frame (a pressure pad's total among them), at the frame's time.
    struct Frame {
        var time: Double
        var kinds: [InputEvent.Kind]
    }

    static func frames(_ events: [InputEvent]) -> [Frame] {
        var out: [Frame] = []
        for event in events {
            switch event.kind {
            case .touchDown, .touchMove, .touchUp, .touchCancel, .deviceTotal: break
            default: continue
            }
            if let last = out.last, last.time == event.time {
                out[out.count - 1].kinds.append(event.kind)
            } else {
                out.append(Frame(time: event.time, kinds: [event.kind]))
            }
        }
        return out
    }

    /// Equal but for the last bits of a position: the live one went through
    /// the display's size and back (x * 768 / 768).
    static func same(_ a: InputEvent.Kind, _ b: InputEvent.Kind) -> Bool {
        func close(_ s: TouchSample, _ t: TouchSample) -> Bool {
            s.id == t.id && abs(s.x - t.x) < 1e-9 && abs(s.y - t.y) < 1e-9 && s.pressure == t.pressure && s.touchMajor == t.touchMajor
        }
        switch (a, b) {
        case (.touchDown(let s), .touchDown(let t)), (.touchMove(let s), .touchMove(let t)): return close(s, t)
        default: return a == b
        }
    }

    /// Checks both, recording an issue for each difference; returns the
    /// number of frames and checkpoints compared.
    @discardableResult
    func check(sourceLocation: SourceLocation = #_sourceLocation) throws -> (frames: Int, checkpoints: Int) {
        let replay = try ReplayLoader.load(path: recording)
        let liveReplay = try ReplayLoader.load(path: live)
        let expected = Self.frames(replay.events)
        let got = Self.frames(liveReplay.events)
        #expect(!expected.isEmpty, "\(name): the recording has no touch frames", sourceLocation: sourceLocation)
        guard got.count == expected.count else {
            Issue.record(
                "\(name): the live run fed the core \(got.count) frames of touch events, the replay \(expected.count)",
                sourceLocation: sourceLocation)
            return (0, 0)
        }
        for (index, (g, e)) in zip(got, expected).enumerated() {
            let equal = g.kinds.count == e.kinds.count && zip(g.kinds, e.kinds).allSatisfy { Self.same($0, $1) }
            if !equal {
                Issue.record(
                    "\(name): frame \(index) differs: live \(g.kinds), replay \(e.kinds)", sourceLocation: sourceLocation)
                return (index, 0)
            }
        }
        // The live input at the recording's frame times, on its surface.
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let retimed = work.appendingPathComponent("retimed.jsonl")
        try retime(got, times: expected.map(\.time), surface: replay.device.surface).write(
            to: retimed, atomically: true, encoding: .utf8)
        let count = expected.count
        var times = Set([count / 4, count / 2, 3 * count / 4, count - 1].map { expected[$0].time })
        times.insert(expected[count - 1].time + 2)
        for time in times.sorted() {
            let want = try state(recording, at: time, "replay")
            let have = try state(retimed.path, at: time, "live")
            guard case .object(let wanted) = want, case .object(let had) = have else { continue }
            let differing = wanted.filter { member in had.first { $0.key == member.key }?.value != member.value }.map(\.key)
            if want != have {
                let show = { (members: [JSONMember]) -> String in
                    members.filter { differing.contains($0.key) }.map { "\($0.key): \($0.value.pretty())" }.joined(separator: "; ")
                }
                let message = "\(name): at t=\(time) the live state document differs from render --replay in \(differing): "
                Issue.record(Comment(rawValue: message + "live \(show(had)) | replay \(show(wanted))"), sourceLocation: sourceLocation)
            }
        }
        return (count, times.count)
    }

    /// The live frames as a JSON Lines replay at `times`; a touchscreen's
    /// positions (normalised to the whole display) on the device's own
    /// surface, as the evemu replay lays them out.
    func retime(_ frames: [Frame], times: [Double], surface: DeviceSurface?) throws -> String {
        let text = try String(contentsOfFile: live, encoding: .utf8)
        let headerLine = String(text.prefix { $0 != "\n" })
        var header = try JSONSerialization.jsonObject(with: Data(headerLine.utf8)) as? [String: Any] ?? [:]
        var device = header["device"] as? [String: Any] ?? [:]
        if device["surface"] == nil, let surface {
            device["surface"] = ["width": surface.width, "height": surface.height, "pad": surface.isPad]
        }
        header["device"] = device
        var lines = [String(decoding: try JSONSerialization.data(withJSONObject: header), as: UTF8.self)]
        var writer = ReplayWriter(origin: 0)
        for (frame, time) in zip(frames, times) {
            for kind in frame.kinds {
                if let line = writer.line(for: InputEvent(time: time, kind)) { lines.append(line) }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `render --replay FILE --at T --state`, numbers rounded to 1e-6.
    func state(_ file: String, at time: Double, _ tag: String) throws -> JSONValue {
        let stem = "\(tag)-\(String(format: "%.6f", time))"
        let out = work.appendingPathComponent(stem + ".png").path
        let json = work.appendingPathComponent(stem + ".json")
        let result = try runPlumscale(
            ["render", "--replay", file, "--at", String(time), "--out", out, "--state", json.path], timeout: 120)
        guard result.status == 0 else { throw StationFailure("render --replay \(file) failed: \(result.stderr)") }
        return Self.normalised(try JSONParser.parse(try Data(contentsOf: json)))
    }

    /// Numbers to 1e-6, no line numbers, and without `source` (the file it
    /// came from is not the state).
    static func normalised(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let number): return .number((number * 1e6).rounded() / 1e6)
        case .array(let items): return .array(items.map(normalised))
        case .object(let members):
            return .object(members.filter { $0.key != "source" }.map { JSONMember($0.key, normalised($0.value)) })
        default: return value
        }
    }
}
