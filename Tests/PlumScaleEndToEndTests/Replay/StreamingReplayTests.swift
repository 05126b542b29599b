import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// The tests of StreamingReplayTests that start the built plumscale (or a tool
/// around it): the end-to-end layer; the rest of the suite runs in-process.
@Suite struct StreamingReplayTests {
    /// Peak memory of `render` on two replays, one four times the other:
    /// streamed, the peak does not grow with the file (read whole, it grew
    /// by about 7 bytes of memory per byte of file).
    @Test func renderMemoryDoesNotGrowWithTheReplay() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func replay(_ megabytes: Int) throws -> String {
            let path = dir.appendingPathComponent("r\(megabytes).jsonl").path
            var text = #"{"t":0,"type":"down","id":1,"x":0.3,"y":0.5,"pressure":0.4}"# + "\n"
            var t = 0.0
            while text.utf8.count < megabytes << 20 {
                t += 0.004
                text +=
                    #"{"t":\#(String(format: "%.3f", t)),"type":"move","id":1,"x":0.3,"y":0.5,"pressure":\#(String(format: "%.4f", 0.4 + (t.truncatingRemainder(dividingBy: 1)) / 100))}"#
                    + "\n"
            }
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        func peakKB(_ path: String) throws -> Int {
            let log = dir.appendingPathComponent("time").path
            let child = try Spawned(
                "/usr/bin/time",
                [
                    "-f", "%M", "-o", log, Paths.binary.path, "render", "--replay", path,
                    "--out", dir.appendingPathComponent("f.png").path,
                ])
            #expect(child.wait(timeout: 300) == 0)
            return Int((try String(contentsOfFile: log, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            try Test.cancel("no /usr/bin/time")
        }
        let small = try peakKB(try replay(2))
        let large = try peakKB(try replay(8))
        print("render peak RSS: 2 MB replay \(small) kB, 8 MB replay \(large) kB")
        #expect(small > 0 && large > 0)
        #expect(large - small < 6 * 1024, "grew by \(large - small) kB for 6 MB more replay")
    }
}
