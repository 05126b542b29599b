import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// The two drawing paths in the real program, on the renderers they are
/// made for: SDL_RenderGeometry on a GPU renderer (OpenGL, Mesa's llvmpipe
/// under Xvfb) and spans on the software renderer. The same replay, held to
/// a steady frame, is shown by each and the screenshots compared with the
/// stated bound: a pixel matches when one within 1 px in the other frame is
/// within 40 levels on every channel, both ways; at most 0.1% may not.
/// (GeometryMatchesSpansTests compares against SDL's software renderer,
/// which snaps triangle vertices to whole pixels and cannot meet it.)
@Suite(.serialized) struct GPUPathWindowTests {
    /// Every contact stays down: after 0.3 s without change each reading is
    /// shown exactly, so both runs end on the same frame.
    static func heldReplay(_ directory: URL, name: String, lines: [String]) throws -> String {
        let file = directory.appendingPathComponent(name)
        try lines.joined(separator: "\n").appending("\n").write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    func shot(_ replay: String, renderer: String, x: Xvfb, directory: URL) throws -> Image {
        let path = directory.appendingPathComponent("\(renderer).png").path
        var environment = x.environment
        environment["SDL_RENDER_DRIVER"] = renderer
        let result = try runPlumscale(
            ["--replay", replay, "--screenshot", path, "--exit-after", "2.5", "--verbose"], environment: environment,
            timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        let expected = renderer == "software" ? "drawing by spans (software renderer)" : "drawing by geometry (\(renderer))"
        #expect(result.stderr.contains(expected), "the \(renderer) renderer was used: \(result.stderr)")
        return try Image.load(path)
    }

    func compare(_ replay: String, name: String) throws {
        let x = try Xvfb()
        let directory = Paths.temporaryDirectory("gpu-\(name)")
        let gpu = try shot(replay, renderer: "opengl", x: x, directory: directory)
        let spans = try shot(replay, renderer: "software", x: x, directory: directory)
        let differing =
            unmatchedPixels(gpu, spans, tolerance: 40)
            + unmatchedPixels(spans, gpu, tolerance: 40)
        let allowed = spans.width * spans.height / 1000
        if differing > allowed { try Paths.saveFailures([(gpu, "opengl-\(name).png"), (spans, "software-\(name).png")]) }
        #expect(differing <= allowed, "\(name): \(differing) pixels have no match within 1 px and 40 levels (allowed \(allowed))")
        // The frames are not blank: both show the heaviest in yellow.
        #expect(spans.pixels.contains { $0 & 0x00ff_ffff == 0x00ff_ff00 })
        #expect(gpu.pixels.contains { $0 & 0x00ff_ffff == 0x00ff_ff00 })
    }

    @Test func fivePlumsLookTheSameOnOpenGLAndInSpans() throws {
        let directory = Paths.temporaryDirectory("gpu-replays")
        let five = try String(contentsOf: Paths.sessions.appendingPathComponent("five-plums.jsonl"), encoding: .utf8)
        let held = five.split(separator: "\n").map(String.init).filter { !$0.contains("\"up\"") }
        try compare(try Self.heldReplay(directory, name: "five.jsonl", lines: held), name: "five")
    }

    @Test func tenOverlappingContactsLookTheSameOnOpenGLAndInSpans() throws {
        let directory = Paths.temporaryDirectory("gpu-replays")
        var lines = [#"{"plumscale-replay":1,"device":{"name":"ten","pressure":true}}"#]
        for k in 0..<10 {
            let x = 0.1 + 0.2 * Double(k % 5)
            let y = k < 5 ? 0.3 : 0.7
            let pressure = 0.15 + 0.07 * Double(k) + (k == 3 ? 0.3 : 0)
            lines.append(
                String(
                    format: #"{"t":%.2f,"type":"down","id":%d,"x":%.3f,"y":%.3f,"pressure":%.3f}"#,
                    0.05 * Double(k), k + 1, x, y, min(pressure, 0.95)))
        }
        try compare(try Self.heldReplay(directory, name: "ten.jsonl", lines: lines), name: "ten")
    }
}
