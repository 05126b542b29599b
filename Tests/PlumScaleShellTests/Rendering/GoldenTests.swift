import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Frames drawn by the software path, compared pixel by pixel with reference
/// PNGs in Goldens/. Shapes must match exactly (channel tolerance 1); text
/// varies with FreeType versions, so frames with text get a loose tolerance.
/// On failure the actual frame and the reference are saved side by side in
/// .build/golden-failures/ for a person to look at.
/// Set PLUMSCALE_RECORD_GOLDENS=1 to write new references (then look at them).
@Suite(.serialized) struct GoldenTests {
    func frame(_ state: AppState, width: Int = 1280, height: Int = 720) throws -> Image {
        let canvas = try HeadlessCanvas(width: width, height: height, fontPath: Paths.font)
        canvas.render(state.scene())
        return canvas.image()
    }

    func compare(_ actual: Image, golden name: String, tolerance: Int, allowedPixels: Int) throws {
        let reference = Paths.goldens.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["PLUMSCALE_RECORD_GOLDENS"] == "1" {
            try actual.savePNG(reference.path)
        }
        let expected = try Image.load(reference.path)
        let differing = actual.differingPixels(from: expected, tolerance: tolerance)
        if differing > allowedPixels { try Paths.saveFailures([(actual, "actual-" + name), (expected, "reference-" + name)]) }
        #expect(differing <= allowedPixels, "\(name): \(differing) pixels differ (see .build/golden-failures/)")
    }

    static func state(_ replay: String, at: Double, width: Int = 1280, height: Int = 720) throws -> AppState {
        let replay = try JSONLinesReplay.parse(replay, file: "inline")
        return RenderCommand.replayState(replay, at: at, size: PixelSize(width, height))
    }

    /// Shapes only (no labels: position mode draws none, and the banner is
    /// left out by the scene below), compared exactly.
    @Test func ringsAndDiscMatchTheirReferenceExactly() throws {
        var scene = Scene(layout: Layout(screen: Size(400, 300)))
        scene.shapes = [
            .disc(center: Point(150, 150), radius: 100.25, color: .yellow),
            .ring(center: Point(150, 150), radius: 100.25, width: 5, color: .blue),
            .ring(center: Point(300.5, 120.3), radius: 60.7, width: 5, color: .blue),
            .rect(Rect(x: 10, y: 260, width: 100, height: 30), color: Color(0, 0, 0, 128)),
        ]
        let canvas = try HeadlessCanvas(width: 400, height: 300, fontPath: Paths.font)
        canvas.render(scene)
        try compare(canvas.image(), golden: "shapes.png", tolerance: 1, allowedPixels: 0)
    }

    @Test func fivePlumsFrameMatchesItsReference() throws {
        let text = try String(contentsOf: Paths.sessions.appendingPathComponent("five-plums.jsonl"), encoding: .utf8)
        let image = try frame(try Self.state(text, at: 1.2))
        try compare(image, golden: "five-plums.png", tolerance: 8, allowedPixels: 1280 * 720 / 200)
    }

    @Test func portraitFrameIsTheLayoutTurned() throws {
        let text = try String(contentsOf: Paths.sessions.appendingPathComponent("five-plums.jsonl"), encoding: .utf8)
        let image = try frame(try Self.state(text, at: 1.2, width: 720, height: 1280), width: 720, height: 1280)
        try compare(image, golden: "five-plums-portrait.png", tolerance: 8, allowedPixels: 720 * 1280 / 200)
    }

    /// What a person checks by eye, as pixel facts: yellow inside the
    /// heaviest circle only, blue on every ring, white outside, smooth edges.
    @Test func heaviestIsYellowRingsAreBlueBackgroundIsWhite() throws {
        let replay = """
            {"t":0,"type":"down","id":1,"x":0.25,"y":0.5,"pressure":0.3}
            {"t":0,"type":"down","id":2,"x":0.75,"y":0.5,"pressure":0.6}
            """
        let state = try Self.state(replay, at: 1)
        let image = try frame(state)
        let light = state.contactViews[0]
        let heavy = state.contactViews[1]
        #expect(heavy.heaviest && !light.heaviest)
        #expect(image.color(x: 960, y: 360) == .yellow)
        #expect(image.color(x: 320, y: 360) == .white)
        // On the ring, both circles: the stroke is centred on the radius.
        #expect(image.color(x: Int(heavy.position.x + heavy.radius), y: 360) == .blue)
        #expect(image.color(x: Int(light.position.x - light.radius), y: 360) == .blue)
        #expect(image.color(x: 640, y: 20) == .white)
        // Anti-aliased: along the top of the big ring there are partial blues, not only 0 and 255.
        let column = 960
        let top = Int(heavy.position.y - heavy.radius)
        let shades = Set((top - 6...top + 6).map { image.color(x: column + 37, y: $0).r })
        #expect(shades.count > 3, "ring edges are feathered, not jagged")
    }
}
