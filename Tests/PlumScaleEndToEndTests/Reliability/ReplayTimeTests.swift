import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// The tests of ReplayTimeTests that start the built plumscale (or a tool
/// around it): the end-to-end layer; the rest of the suite runs in-process.
@Suite struct ReplayTimeTests {
    @Test func theBinaryRefusesHugeTimesAtOnce() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let replay = dir.appendingPathComponent("big.jsonl").path
        try
            (#"{"t":281474976710656,"type":"down","id":1,"x":0.5,"y":0.5,"pressure":0.5}"# + "\n"
            + #"{"t":281474976710666,"type":"move","id":1,"x":0.5,"y":0.5,"pressure":0.7}"# + "\n")
            .write(toFile: replay, atomically: true, encoding: .utf8)
        let png = dir.appendingPathComponent("f.png").path
        let result = try runPlumscale(["render", "--replay", replay, "--out", png], timeout: 20)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("\(replay):1: expected \"t\" to be a number of seconds >= 0 and <= 1e9"))
        let session = Paths.sessions.appendingPathComponent("five-plums.jsonl").path
        let at = try runPlumscale(["render", "--replay", session, "--at", "1e300", "--out", png], timeout: 20)
        #expect(at.status == 2 && at.stderr.contains("--at expects a number of seconds in 0...1e9, found 1e300"), "\(at.stderr)")
    }
}
