import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleGallery
@testable import PlumScaleTestSupport

/// Objects at the edges and corners: their circles reach under the
/// screen's own words (the legend at the top, the total at the bottom),
/// drawn by the software path. No ring passes through those words, and no
/// stability badge covers them.
@Suite struct ChromeOverCirclesTests {
    /// Two objects in the corners whose rings cross the legend and the total.
    static let corners = """
        {"plumscale-replay":1,"device":{"name":"test panel","pressure":true}}
        {"t":0,"type":"down","id":1,"x":0.12,"y":0.08,"pressure":0.5}
        {"t":0,"type":"down","id":2,"x":0.05,"y":0.93,"pressure":0.35}
        {"t":0,"type":"down","id":3,"x":0.6,"y":0.5,"pressure":0.8}
        {"t":1,"type":"move","id":3,"x":0.6,"y":0.5,"pressure":0.8}
        """

    @Test(arguments: [(1280, 720), (800, 480), (3840, 2160)])
    func noRingOrBadgeCrossesTheLegendOrTheTotal(width: Int, height: Int) throws {
        let replay = try JSONLinesReplay.parse(Self.corners, file: "inline")
        let state = RenderCommand.replayState(replay, at: 1, size: PixelSize(width, height), metrics: ScreenCases.metrics)
        let scene = state.scene()
        let canvas = try HeadlessCanvas(width: width, height: height, fontPath: Paths.font)
        canvas.render(scene)
        let metrics = state.metrics
        let chrome: [(String, Rect)] = scene.shapes.compactMap { shape in
            guard case .text(let text, let at, let anchor, let size, let color) = shape, color == .grey else { return nil }
            return (text, anchor.rect(metrics.box(text, size: size), at: at))
        }
        #expect(chrome.contains { $0.0.hasPrefix("Sum ") }, "\(chrome.map(\.0))")
        #expect(chrome.contains { $0.0.hasPrefix("Force mode") }, "\(chrome.map(\.0))")
        #expect(ScreenCases.metrics != .estimate, "the test font must be there")
        // Layout pixels to the canvas's (landscape sizes: no rotation).
        let s = Double(width) / scene.layout.logicalScreen.width
        for (text, rect) in chrome {
            var inked: [String] = []
            // The pixels wholly inside the text's box.
            for y in Int((rect.y * s).rounded(.up))..<Int(((rect.y + rect.height) * s).rounded(.down)) {
                for x in Int((rect.x * s).rounded(.up))..<Int(((rect.x + rect.width) * s).rounded(.down)) {
                    let c = canvas.pixel(x: x, y: y)
                    // Ring blue, or a badge's green or slate.
                    if (c.b > 200 && c.r < 60 && c.g < 60) || (c.g > 120 && c.r < 40 && c.b < 100) { inked.append("(\(x),\(y)) \(c)") }
                }
            }
            #expect(inked.isEmpty, "\(text) at \(width)x\(height): pixels of a ring or badge: \(inked.prefix(5))")
        }
    }
}
