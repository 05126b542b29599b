import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// The tests of DeclaredSizesTests that start the built plumscale (or a tool
/// around it): the end-to-end layer; the rest of the suite runs in-process.
@Suite struct DeclaredSizesTests {
    /// Through the binary: exit 2 and the file:line error, not a signal.
    @Test func theBinaryExitsTwoNamingTheLine() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("slots.evemu").path
        try evemuSample(replacing: "A: 2f 0 9 0 0", with: "A: 2f 0 2147483647 0 0").write(toFile: file, atomically: true, encoding: .utf8)
        let result = try runPlumscale(["render", "--replay", file, "--out", dir.appendingPathComponent("f.png").path])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("plumscale: error: \(file):\(lineNumber(of: "A: 2f", in: smallDescription)): ABS_MT_SLOT"))
    }
}
