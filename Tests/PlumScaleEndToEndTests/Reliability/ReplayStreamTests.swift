import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Issue 29, items 15, 16, 17 and 19: replays of every kind stream, in
/// bounded memory, with one rule for repeated keys.
@Suite struct ReplayStreamTests {
    /// Counts what it is given, keeping nothing.
    struct Counter: ReplayEventSink {
        var count = 0
        var cancels = 0
        var isEmpty: Bool { count == 0 }
        mutating func append(_ event: InputEvent) {
            count += 1
            if case .touchCancel = event.kind { cancels += 1 }
        }
    }

    /// Item 15: a million ids that never lift grew the parser's set by
    /// about 110 bytes an id. At most 256 are open; each one more cancels
    /// the id silent longest, as the core drops it.
    @Test func openIdsAreBoundedLikeTheCoresContacts() throws {
        let lines = (0..<2000).map { #"{"t":\#(Double($0) / 1000),"type":"down","id":\#($0),"x":0.5,"y":0.5}"# }
        var counter = Counter()
        let replay = try JSONLinesReplay.parse(lines: lines, file: "ids.jsonl", into: &counter)
        #expect(counter.cancels == 2000 - ReplayLimits.openContacts)
        #expect(counter.count == 2000 + counter.cancels)
        #expect(replay.warnings.first?.contains("more than 256 ids down at once: id 0, silent longest, is cancelled") == true)
        // The id moved last is kept: the one silent longest goes.
        var events: [InputEvent] = []
        var text = (0..<256).map { #"{"t":0,"type":"down","id":\#($0),"x":0.5,"y":0.5}"# }
        text.append(#"{"t":1,"type":"move","id":0,"x":0.6,"y":0.5}"#)
        text.append(#"{"t":2,"type":"down","id":999,"x":0.5,"y":0.5}"#)
        _ = try JSONLinesReplay.parse(lines: text, file: "ids.jsonl", into: &events)
        #expect(events.contains(InputEvent(time: 2, .touchCancel(id: 1))))
        #expect(!events.contains(InputEvent(time: 2, .touchCancel(id: 0))))
    }

    /// Item 19: a repeated key was accepted silently (JSONDecoder keeps one
    /// value), while the config refuses it.
    @Test func aRepeatedKeyIsRefusedAsTheConfigRefusesIt() throws {
        for line in [
            #"{"t":0,"type":"down","id":1,"x":0.3,"y":0.5,"x":0.9}"#,
            #"{"t":0,"t":5,"type":"key","key":"space"}"#,
            #"{"plumscale-replay":1,"device":{"name":"a","name":"b"}}"#,
        ] {
            do {
                _ = try JSONLinesReplay.parse(line, file: "dup.jsonl")
                Issue.record("accepted \(line)")
            } catch {
                #expect("\(error)".contains("appears twice: each key may be given once"), "\(error)")
                #expect("\(error)".hasPrefix("dup.jsonl:1:"), "\(error)")
            }
        }
        #expect(throws: ConfigError.self) { try Config.parse(#"{"units": "g", "units": "oz"}"#) }
        // A colon inside a string is no key; an unknown key is still ignored.
        #expect(try JSONLinesReplay.parse(#"{"t":0,"type":"key","key":"a:b","note":"x:y"}"#, file: "ok.jsonl").events.count == 2)
    }

    /// An evemu recording of `frames` frames of two contacts.
    static func evemu(frames: Int, name: String = "Stream panel") -> String {
        var text = """
            # EVEMU 1.3
            N: \(name)
            I: 0018 04f3 2a7c 0100
            P: 02 00 00 00 00 00 00 00
            B: 00 09 00 00 00 00 00 00 00
            B: 03 00 00 00 00 00 80 60 06
            A: 2f 0 9 0 0 0
            A: 35 0 3000 0 0 10
            A: 36 0 2000 0 0 10
            A: 39 0 65535 0 0 0
            A: 3a 0 255 0 0 0

            """
        text += "E: 100.000000 0003 002f 0\nE: 100.000000 0003 0039 1\nE: 100.000000 0003 0035 1000\nE: 100.000000 0003 0036 1000\n"
        text += "E: 100.000000 0003 003a 100\nE: 100.000000 0000 0000 0\n"
        for n in 1...frames {
            let t = String(format: "%d.%06d", 100 + n / 1000, (n % 1000) * 1000)
            text += "E: \(t) 0003 003a \(50 + n % 150)\nE: \(t) 0000 0000 0\n"
        }
        return text
    }

    /// Item 17: an evemu replay was read whole (44 MB took render to
    /// 554 MB). It is streamed now: the events before a bad line reach
    /// the consumer before the bad line is read (reading whole refused
    /// the file before any event).
    @Test func anEvemuReplayStreamsItsEventsAsItsLinesAreRead() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("long.evemu").path
        try (Self.evemu(frames: 3000) + "E: garbage\n").write(toFile: path, atomically: false, encoding: .utf8)
        let source = try ReplayLoader.open(path: path)
        #expect(source.device.name == "Stream panel")
        #expect(source.device.mode == .force)
        var counter = Counter()
        do {
            _ = try ReplayLoader.stream(source, into: &counter)
            Issue.record("the bad line was accepted")
        } catch {
            #expect("\(error)".contains("long.evemu:\(11 + 6 + 6000 + 1)"), "\(error)")
        }
        #expect(counter.count >= 3000, "events seen before the bad line: \(counter.count)")
        // Read whole, the same file gives the same events up to there.
        let good = dir.appendingPathComponent("good.evemu").path
        try Self.evemu(frames: 3000).write(toFile: good, atomically: false, encoding: .utf8)
        let whole = try EvemuReplay.replay(EvemuRecording(contentsOf: good), file: good)
        let streamed = try ReplayLoader.load(path: good)
        #expect(streamed.events == whole.events)
        #expect(streamed.device == whole.device)
    }

    /// The window's --replay streams too: a replay whose last line is bad
    /// plays up to it, then the program says so and exits 2.
    @Test func theWindowPlaysAStreamedReplayAndABadLineIsExitTwo() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("r.jsonl").path
        try """
        {"t":0,"type":"down","id":1,"x":0.3,"y":0.5,"pressure":0.4}
        {"t":0.2,"type":"up","id":1}
        {"t":0.3,"type":"down","id":2,"x":0.3,"y":0.5,"pressure":"heavy"}

        """.write(toFile: path, atomically: false, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        let result = try runPlumscale(["--replay", path, "--exit-after", "2"], environment: env, timeout: 30)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains("plumscale: error: the replay stopped early: \(path):3: expected a number for \"pressure\""),
            "\(result.stderr)")
    }

    /// Item 16: bytes ff fe in a kernel name (which need not be UTF-8)
    /// made the whole recording "binary data".
    @Test func anEvemuDeviceNameThatIsNotUTF8IsShownWithReplacementCharacters() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("name.evemu").path
        var data = Data(Self.evemu(frames: 10, name: "Panel NAME").utf8)
        let marker = data.range(of: Data("NAME".utf8))!
        data.replaceSubrange(marker, with: [0xFF, 0xFE])
        try data.write(to: URL(fileURLWithPath: path))
        let state = dir.appendingPathComponent("state.json")
        let result = try runPlumscale([
            "render", "--replay", path, "--out", dir.appendingPathComponent("f.png").path, "--state", state.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try readJSON(state)
        #expect("\(document["device"] ?? "")" == "Panel \u{FFFD}\u{FFFD}", "\(document["device"] ?? "")")
    }
}
