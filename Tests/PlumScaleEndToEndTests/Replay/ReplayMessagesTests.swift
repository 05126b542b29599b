import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Issue 16, unclear messages: CRLF replays were refused as "not valid
/// JSON", and so were a fractional id, 1e309 and JSON nested too deep.
@Suite struct ReplayMessagesTests {
    static let lines = [
        #"{"plumscale-replay":1,"device":{"name":"crlf panel","pressure":true}}"#,
        #"{"t":0,"type":"down","id":1,"x":0.3,"y":0.5,"pressure":0.4}"#,
        #"{"t":0.5,"type":"move","id":1,"x":0.31,"y":0.5,"pressure":0.55}"#,
        #"{"t":1,"type":"up","id":1}"#,
    ]

    @Test func crlfLineEndingsAreAccepted() throws {
        let lf = try JSONLinesReplay.parse(Self.lines.joined(separator: "\n") + "\n", file: "lf.jsonl")
        let crlf = try JSONLinesReplay.parse(Self.lines.joined(separator: "\r\n") + "\r\n", file: "crlf.jsonl")
        #expect(crlf == lf)
        #expect(crlf.events.count == 3 && crlf.device.name == "crlf panel")
        // Line numbers stay right.
        let bad = (Self.lines + [#"{"t":2,"type":"jump"}"#]).joined(separator: "\r\n")
        #expect(
            throws: InputFileError(
                file: "b", line: 5,
                "expected \"type\" to be one of down, move, up, cancel, total, key, pointer, wheel, quit, resize; found \"jump\"")
        ) {
            try JSONLinesReplay.parse(bad, file: "b")
        }
    }

    @Test(arguments: [
        (#"{"t":0,"type":"down","id":1.5,"x":0.5,"y":0.5}"#, "\"id\" must be a whole number, found 1.5"),
        (#"{"t":0,"type":"down","id":1e20,"x":0.5,"y":0.5}"#, "\"id\" must be a whole number within ±9.2e18, found 1e20"),
        (#"{"t":1e309,"type":"quit"}"#, "\"t\" is 1e309, beyond the range of a 64-bit number (about ±1.8e308)"),
        (#"{"t":0,"type":"down","id":1,"x":-1e400,"y":0.5}"#, "\"x\" is -1e400, beyond the range of a 64-bit number (about ±1.8e308)"),
        (#"{"t":0,"type":"resize","width":1280.5,"height":720}"#, "\"width\" must be a whole number, found 1280.5"),
        (
            #"{"t":0,"type":"quit","extra":"# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}",
            "not valid JSON at column 541: nested deeper than 512 arrays or objects"
        ),
        (#"{"t":0 "type":"quit"}"#, "not valid JSON at column 8: expected ',' or '}', found '\"'"),
        (#"[1,2]"#, "expected one JSON object per line, found an array"),
    ])
    func badNumbersAndDepthSayExactlyWhatIsWrong(line: String, message: String) {
        #expect(throws: InputFileError(file: "bad.jsonl", line: 1, message)) {
            try JSONLinesReplay.parse(line, file: "bad.jsonl")
        }
    }

    @Test func theBinaryAcceptsACRLFReplay() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("windows.jsonl").path
        try (Self.lines.dropLast().joined(separator: "\r\n") + "\r\n").write(toFile: file, atomically: true, encoding: .utf8)
        let state = dir.appendingPathComponent("s.json")
        let result = try runPlumscale([
            "render", "--replay", file, "--out", dir.appendingPathComponent("f.png").path,
            "--state", state.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect((try readJSON(state)["contacts"] as? [Any])?.count == 1)
    }

    @Test func warningsAreCappedWithACount() throws {
        var lines = [#"{"t":0,"type":"down","id":1,"x":0.5,"y":0.5,"pressure":0.5}"#]
        for i in 0..<1500 { lines.append(#"{"t":\#(Double(i) / 1000),"type":"move","id":1,"x":1.5,"y":0.5,"pressure":0.5}"#) }
        let replay = try JSONLinesReplay.parse(lines.joined(separator: "\n"), file: "w")
        #expect(replay.warnings.count == ReplayWarnings.limit + 1)
        #expect(replay.warnings.last == "500 more warnings not shown")
        #expect(replay.events.count == 1501)
    }
}
