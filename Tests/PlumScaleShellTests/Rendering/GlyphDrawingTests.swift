import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// Glyphs drawn from their runs (wholly on the buffer, opaque colour) or pixel
/// by pixel (clipped or translucent) give the pixels of the plain definition:
/// each mask value blended as coverage through the bounds-checked blend.
@Suite(.serialized) struct GlyphDrawingTests {
    func check(_ text: String, size: Int, rotated: Bool, at origin: (Int, Int), _ color: Color, background: Color?) throws {
        let masks = GlyphMasks(fonts: try FontSet(path: Paths.font))
        let face = masks.face(size: size, rotated: rotated)
        let fast = CircleRasterTests.Buffer(120, 60)
        let slow = CircleRasterTests.Buffer(120, 60)
        if let background {
            fast.view.fill(background)
            slow.view.fill(background)
        }
        let white = PixelBuffer.argb(.white)
        let table = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: 256)
        defer { table.deallocate() }
        for coverage in 0..<256 {
            var value = white
            let a = coverage * Int(color.a) / 255
            if a >= 255 { value = PixelBuffer.argb(color) } else if a > 0 { PixelBuffer.blend(&value, color, alpha: a) }
            table[coverage] = value
        }
        var pen = origin.0
        for scalar in text.unicodeScalars {
            let glyph = masks.glyph(scalar, in: face)
            let x = pen + glyph.offsetX
            let y = origin.1 + glyph.offsetY
            fast.view.draw(glyph, x: x, y: y, color, over: Backdrop(pixel: white, table: table))
            for row in 0..<glyph.height {
                for column in 0..<glyph.width {
                    slow.view.blend(x: x + column, y: y + row, color, coverage: Int(glyph.alpha[row * glyph.width + column]))
                }
            }
            pen += glyph.advance
        }
        let differing = (0..<(120 * 60)).filter { fast.pixels[$0] != slow.pixels[$0] }.count
        #expect(differing == 0, "\(text) at \(origin), \(rotated ? "rotated" : "upright"): \(differing) pixels differ")
    }

    @Test func labelsMatchTheMaskBlendedPixelByPixel() throws {
        for background in [Color.white, nil] {
            try check("42.7%", size: 28, rotated: false, at: (10, 10), .blue, background: background)
            try check("13.5 g", size: 18, rotated: true, at: (20, 5), Color(120, 120, 255), background: background)
            try check("42.7%", size: 28, rotated: false, at: (-7, -9), .blue, background: background)  // clipped
            try check("99.9%", size: 28, rotated: false, at: (95, 40), .blue, background: background)  // clipped
            try check("50%", size: 28, rotated: false, at: (10, 10), Color(0, 0, 0, 128), background: background)
        }
    }
}
