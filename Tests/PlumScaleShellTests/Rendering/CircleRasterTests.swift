import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// The circle rasteriser (solid spans plus one octant of edge pixels mirrored
/// eight ways) against the definition it implements, pixel by pixel: every
/// pixel blended with coverage clamp(outer + 0.5 - d), and clamp(d - inner +
/// 0.5) for a ring, d measured from the pixel corner nearest the centre.
@Suite struct CircleRasterTests {
    final class Buffer {
        let width: Int, height: Int
        let pixels: UnsafeMutablePointer<UInt32>
        init(_ width: Int, _ height: Int, stride: Int? = nil) {
            self.width = width
            self.height = height
            pixels = .allocate(capacity: (stride ?? width) * height)
            self.stride = stride ?? width
            // A background with texture, so a blend over the wrong pixel shows.
            for i in 0..<(self.stride * height) { pixels[i] = 0xff00_0000 | UInt32(truncatingIfNeeded: i &* 2_654_435_761) & 0x00ff_ffff }
        }
        let stride: Int
        deinit { pixels.deallocate() }
        var view: PixelBuffer { PixelBuffer(base: pixels, width: width, height: height, stride: stride) }
        func copy() -> Buffer {
            let b = Buffer(width, height, stride: stride)
            b.pixels.update(from: pixels, count: stride * height)
            return b
        }
    }

    /// The definition, one pixel at a time, through the bounds-checked blend.
    static func reference(_ b: PixelBuffer, cx: Double, cy: Double, inner: Double, outer: Double, _ color: Color) {
        let ox = cx.rounded()
        let oy = cy.rounded()
        for y in 0..<b.height {
            for x in 0..<b.width {
                let dx = Double(x) + 0.5 - ox
                let dy = Double(y) + 0.5 - oy
                let d = (dx * dx + dy * dy).squareRoot()
                var c = outer + 0.5 - d
                if inner > 0 { c = min(c, d - inner + 0.5) }
                c = max(0, min(1, c))
                b.blend(x: x, y: y, color, coverage: Int(c * 255 + 0.5))
            }
        }
    }

    func check(_ cx: Double, _ cy: Double, inner: Double, outer: Double, _ color: Color, size: (Int, Int) = (96, 80)) {
        let fast = Buffer(size.0, size.1, stride: size.0 + 7)
        let slow = fast.copy()
        fast.view.band(cx: cx, cy: cy, inner: inner, outer: outer, color)
        Self.reference(slow.view, cx: cx, cy: cy, inner: inner, outer: outer, color)
        var differing = 0
        var first = ""
        for y in 0..<size.1 {
            for x in 0..<(size.0 + 7) where fast.pixels[y * fast.stride + x] != slow.pixels[y * slow.stride + x] {
                if differing == 0 {
                    first =
                        "first at (\(x), \(y)): \(String(fast.pixels[y * fast.stride + x], radix: 16)) "
                        + "vs \(String(slow.pixels[y * slow.stride + x], radix: 16))"
                }
                differing += 1
            }
        }
        #expect(differing == 0, "band(cx: \(cx), cy: \(cy), inner: \(inner), outer: \(outer)): \(differing) pixels differ, \(first)")
    }

    @Test func ringsAndDiscsInsideTheBufferMatchTheDefinition() {
        check(40.3, 41.7, inner: 20.25, outer: 25.25, .blue)
        check(48, 40, inner: 0, outer: 30.6, .yellow)
        check(47.5, 39.5, inner: 8.5, outer: 10.5, .blue)
        check(50.2, 33.9, inner: 0, outer: 0.3, .blue)  // smaller than a pixel
        check(50.2, 33.9, inner: 2.1, outer: 2.6, .blue)  // thinner than a pixel
        check(30, 30, inner: 0.4, outer: 3, .blue)  // a hole smaller than a pixel
        check(30, 30, inner: 12, outer: 9, .blue)  // inner past outer: nothing solid
        check(44.6, 38.2, inner: 6, outer: 37.5, .blue)  // a thick ring: solid filled row by row
        check(44.6, 38.2, inner: 20, outer: 36, .blue)  // just thicker than the 16 px done by octant
    }

    /// Over plain white, where an edge pixel's blend is reused for the images
    /// over the same colour, and over rings drawn before (overlaps).
    @Test func overlappingBandsOverWhiteMatchTheDefinition() {
        let fast = Buffer(128, 96)
        let slow = Buffer(128, 96)
        for b in [fast, slow] { b.view.fill(.white) }
        let bands: [(Double, Double, Double, Double, Color)] = [
            (60, 50, 0, 40.3, .yellow), (60.2, 50.4, 37.8, 42.8, .blue), (90, 40, 25, 30, .blue),
            (20, 70, 0, 10.6, Color(0, 150, 70)), (75, 60, 10, 12, Color(120, 120, 255, 200)),
        ]
        for (cx, cy, inner, outer, color) in bands {
            fast.view.band(cx: cx, cy: cy, inner: inner, outer: outer, color)
            Self.reference(slow.view, cx: cx, cy: cy, inner: inner, outer: outer, color)
        }
        let differing = (0..<(128 * 96)).filter { fast.pixels[$0] != slow.pixels[$0] }.count
        #expect(differing == 0, "\(differing) pixels differ")
    }

    @Test func translucentColoursBlendEveryPixel() {
        check(40.3, 41.7, inner: 20.25, outer: 25.25, Color(0, 0, 0, 128))
        check(48, 40, inner: 0, outer: 30.6, Color(255, 250, 190, 77))
    }

    @Test func circlesCutByTheBufferEdgesAreClipped() {
        check(-5, 20, inner: 20, outer: 25, .blue)
        check(90, 75, inner: 0, outer: 40, .yellow)
        check(48, -30.4, inner: 35, outer: 40, .blue)
        check(48, 40, inner: 60, outer: 65, .blue)  // around the whole buffer
        check(48, 40, inner: 0, outer: 200, .yellow)  // covers it
        check(-500, 40, inner: 530, outer: 535, .blue)  // far left, its edge crossing
        check(200, 200, inner: 0, outer: 20, .blue)  // entirely outside
    }

    @Test func randomBandsMatchTheDefinition() {
        var rng = SplitMix64(seed: 8)
        for _ in 0..<60 {
            let outer = Double.random(in: 0..<1, using: &rng) * 60
            let inner = Double.random(in: 0..<1, using: &rng) < 0.3 ? 0 : outer - Double.random(in: 0..<1, using: &rng) * 8
            check(
                Double.random(in: 0..<1, using: &rng) * 140 - 20, Double.random(in: 0..<1, using: &rng) * 120 - 20, inner: inner,
                outer: outer, .blue)
        }
    }

    @Test func hugeOrInvalidCirclesDrawNothingOrTheirVisiblePart() {
        let b = Buffer(64, 48)
        let before = b.copy()
        b.view.band(cx: .nan, cy: 3, inner: 0, outer: 10, .blue)
        b.view.band(cx: 3, cy: 3, inner: 0, outer: .infinity, .blue)
        b.view.band(cx: 3e9, cy: 3, inner: 0, outer: 10, .blue)
        #expect((0..<(64 * 48)).allSatisfy { b.pixels[$0] == before.pixels[$0] })
        // A radius of ten million: only the screen's pixels are walked.
        check(32, 5_000_000, inner: 4_999_990, outer: 4_999_995, .blue, size: (64, 48))
    }
}
