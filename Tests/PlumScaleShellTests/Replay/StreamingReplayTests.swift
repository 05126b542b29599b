import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// Issue 16, memory: replays were read whole (a 200 MB one took 0.89 GB).
/// `render` now streams JSON Lines through LineReader, and the frame is the
/// one the in-memory path gives.
@Suite struct StreamingReplayTests {
    static func write(_ text: String, _ name: String = "r.jsonl") throws -> (URL, String) {
        let dir = Paths.temporaryDirectory(name)
        let path = dir.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (dir, path)
    }

    @Test func linesMatchTheInMemorySplitAcrossChunkBoundaries() throws {
        var rng = SplitMix64(seed: 7)
        var text = ""
        while text.utf8.count < 3 * LineReader.chunkSize {
            let length = Int(rng.next() % 300)
            text += String(repeating: "é", count: length / 2) + String(repeating: "x", count: length % 7)
            text += rng.next() % 5 == 0 ? "\r\n" : "\n"
            if rng.next() % 50 == 0 { text += "\n" }
        }
        text += "last line without a newline"
        let (dir, path) = try Self.write(text)
        defer { try? FileManager.default.removeItem(at: dir) }
        let reader = try LineReader(path: path)
        let streamed = Array(reader)
        #expect(reader.failure == nil)
        #expect(streamed == ReplayText.lines(text).map(String.init))
    }

    @Test func anEndlessLineOrBytesThatAreNotUTF8StopWithTheLine() throws {
        let long = "{\"t\":0}\n" + String(repeating: "x", count: LineReader.maximumLineLength + 10)
        let (dir, path) = try Self.write(long)
        defer { try? FileManager.default.removeItem(at: dir) }
        let reader = try LineReader(path: path)
        #expect(Array(reader) == ["{\"t\":0}"])
        #expect(
            reader.failure
                == InputFileError(
                    file: path, line: 2,
                    "line longer than 1048576 bytes: expected one JSON object per line"))
        let binary = dir.appendingPathComponent("b.jsonl").path
        _ = FileManager.default.createFile(atPath: binary, contents: Data("{\"t\":0}\n{\"t\":\u{1}\n".utf8) + Data([0xff, 0xfe, 0x0a]))
        let bad = try LineReader(path: binary)
        #expect(Array(bad).count == 2)
        #expect(bad.failure == InputFileError(file: binary, line: 3, "expected UTF-8 text (JSON Lines), found other bytes"))
    }

    /// Every sample session, with and without its header (one pass or
    /// two), at several times: the streamed state is the in-memory one.
    @Test func theStreamedStateIsTheInMemoryOne() throws {
        let sessions = try FileManager.default.contentsOfDirectory(atPath: Paths.sessions.path).filter { $0.hasSuffix(".jsonl") }
        #expect(sessions.count >= 4)
        for name in sessions {
            let original = try String(contentsOfFile: Paths.sessions.appendingPathComponent(name).path, encoding: .utf8)
            let headless = original.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
            for text in [original, headless] {
                let (dir, path) = try Self.write(text, name)
                defer { try? FileManager.default.removeItem(at: dir) }
                let replay = try JSONLinesReplay.parse(text, file: path)
                for at in [nil, 0.5, replay.duration / 2] as [Double?] {
                    let memory = RenderCommand.replayState(replay, at: at, size: PixelSize(1280, 720))
                    let streamed = try RenderCommand.streamedState(
                        path: path, at: at, size: PixelSize(1280, 720), config: .defaults, history: nil, kiosk: false, log: Log())
                    #expect(
                        streamed.stateDocument().prettyText == memory.stateDocument().prettyText, "\(name) at \(String(describing: at))")
                }
            }
        }
    }

    @Test func streamedErrorsNameTheLine() throws {
        let (dir, path) = try Self.write(
            #"{"t":0,"type":"down","id":1,"x":0.5,"y":0.5,"pressure":0.5}"# + "\r\n" + #"{"t":1,"type":"down","id":1.5}"# + "\r\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: InputFileError(file: path, line: 2, "\"id\" must be a whole number, found 1.5")) {
            try RenderCommand.streamedState(
                path: path, at: nil, size: PixelSize(320, 180), config: .defaults, history: nil,
                kiosk: false, log: Log())
        }
    }
}
