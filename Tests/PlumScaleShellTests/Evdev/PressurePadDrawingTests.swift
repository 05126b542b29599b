import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleTestSupport

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
            #expect(pad.y >= AppState.padMargin && pad.y + pad.height <= state.scaleScreen.buttonPanel.top, "\(name) \(w)x\(h): \(pad)")
            #expect(pad.x >= AppState.padMargin && pad.x + pad.width <= state.layout.size.width - AppState.padMargin)
            let fill = scene.shapes.contains { shape in
                if case .rect(_, let color) = shape { return color == ScaleView.padFill }
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
}
