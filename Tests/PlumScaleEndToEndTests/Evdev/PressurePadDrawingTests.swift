import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// The tests of PressurePadDrawingTests that start the built plumscale (or a tool
/// around it): the end-to-end layer; the rest of the suite runs in-process.
@Suite struct PressurePadDrawingTests {
    /// The program's own picture: most of the surface it reports is the
    /// pad's fill, and the band of margin left of it is not.
    @Test func theRenderedPictureShowsThePad() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("pad.png").path
        let stateFile = dir.appendingPathComponent("s.json")
        let result = try runPlumscale([
            "render", "--replay", OwnRecordings.path(OwnRecordings.pressurePadQuirk), "--at", "0.15", "--size", "1280x720",
            "--out", png, "--state", stateFile.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let surface = try readJSON(stateFile)["surface"] as? [Double] ?? []
        try #require(surface.count == 4, "no surface in the state document")
        let image = try Image.load(png)
        func isFill(_ x: Int, _ y: Int) -> Bool { image.color(x: x, y: y) == ScaleView.padFill }
        let (x0, y0, w, h) = (Int(surface[0]), Int(surface[1]), Int(surface[2]), Int(surface[3]))
        var inside = 0
        var total = 0
        for y in stride(from: y0 + 20, to: y0 + h - 20, by: 7) {
            for x in stride(from: x0 + 20, to: x0 + w - 20, by: 7) {
                total += 1
                if isFill(x, y) { inside += 1 }
            }
        }
        #expect(total > 100 && Double(inside) / Double(total) > 0.5, "\(inside) of \(total) samples are the pad's fill")
        let margin = (0..<h).filter { isFill(max(x0 - 8, 0), y0 + $0) }.count
        #expect(margin == 0, "\(margin) pixels of fill left of the pad")
    }
}
