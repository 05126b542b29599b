import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore

/// A pressure pad is a touchpad: whichever way it is known (the kernel's
/// property, with or without a resolution, or only the quirk list), it is
/// drawn as a pad of its own above the buttons, with its contacts on it,
/// at every size, and the picture shows the pad.
@Suite struct PressurePadDrawingTests {
    static let pads = [
        PressurePadTests.grams, PressurePadTests.noResolution, PressurePadTests.quirk, OwnRecordings.pressurePadTotal,
    ]
    static let sizes = [(800, 480), (1280, 720), (480, 800), (3840, 2160)]

    @Test(arguments: pads)
    func aPressurePadIsDrawnAsAPad(name: String) throws {
        let recording = try PressurePadTests.recording(name)
        #expect(recording.device.isPressurePad, "\(name) is not taken for a pressure pad")
        let replay = try EvemuReplay.replay(recording, file: name)
        for (w, h) in Self.sizes {
            let state = RenderCommand.replayState(replay, at: 0.15, size: PixelSize(w, h))
            let pad = try #require(state.surfaceRect, "\(name) at \(w)x\(h): no pad")
            let scene = state.scene()
            #expect(scene.pad == pad)
            #expect(pad.y >= AppState.padMargin && pad.y + pad.height <= state.buttonPanel.top, "\(name) \(w)x\(h): \(pad)")
            #expect(pad.x >= AppState.padMargin && pad.x + pad.width <= state.layout.size.width - AppState.padMargin)
            let fill = scene.shapes.contains { shape in
                if case .rect(_, let color) = shape { return color == AppState.padFill }
                return false
            }
            #expect(fill, "\(name) \(w)x\(h): no pad drawn")
            #expect(!state.contactViews.isEmpty, "\(name) at 0.15 s has contacts")
            for contact in state.contactViews {
                let p = contact.position
                #expect(p.x >= pad.x && p.x <= pad.x + pad.width && p.y >= pad.y && p.y <= pad.y + pad.height, "\(name) \(w)x\(h)")
            }
            #expect(LayoutCheck.problems(in: scene, metrics: .estimate).isEmpty, "\(name) \(w)x\(h)")
        }
    }

    /// The program's own picture: most of the surface it reports is the
    /// pad's fill, and the band of margin left of it is not.
    @Test func theRenderedPictureShowsThePad() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("pad.png").path
        let stateFile = dir.appendingPathComponent("s.json")
        let result = try runPlumscale([
            "render", "--replay", OwnRecordings.path(PressurePadTests.quirk), "--at", "0.15", "--size", "1280x720",
            "--out", png, "--state", stateFile.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let surface = try readJSON(stateFile)["surface"] as? [Double] ?? []
        try #require(surface.count == 4, "no surface in the state document")
        let image = try Image.load(png)
        func isFill(_ x: Int, _ y: Int) -> Bool { image.color(x: x, y: y) == AppState.padFill }
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
