/// An opaque ARGB8888 frame in memory (a surface's or a texture's pixels),
/// drawn on directly: the software path touches only the pixels a scene
/// covers, with coverage computed for edge pixels alone.
struct PixelBuffer {
    let base: UnsafeMutablePointer<UInt32>
    let width: Int
    let height: Int
    /// Row length in pixels (pitch / 4).
    let stride: Int

    static func argb(_ c: Color) -> UInt32 {
        0xff00_0000 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
    }

    func fill(_ color: Color) {
        let value = Self.argb(color)
        for y in 0..<height {
            (base + y * stride).update(repeating: value, count: width)
        }
    }

    /// Fills [x0, x1) on row y, clipped.
    @inline(__always)
    func span(y: Int, from x0: Int, to x1: Int, _ value: UInt32) {
        guard y >= 0, y < height else { return }
        let a = max(x0, 0), b = min(x1, width)
        guard a < b else { return }
        (base + y * stride + a).update(repeating: value, count: b - a)
    }

    /// Blends `color` over one pixel with coverage 0...255 (times the colour's alpha).
    @inline(__always)
    func blend(x: Int, y: Int, _ color: Color, coverage: Int) {
        guard x >= 0, x < width, y >= 0, y < height, coverage > 0 else { return }
        let a = coverage * Int(color.a) / 255
        let p = base + y * stride + x
        if a >= 255 { p.pointee = Self.argb(color); return }
        let d = p.pointee
        let inv = 255 - a
        let r = (Int(color.r) * a + Int((d >> 16) & 0xff) * inv + 127) / 255
        let g = (Int(color.g) * a + Int((d >> 8) & 0xff) * inv + 127) / 255
        let b = (Int(color.b) * a + Int(d & 0xff) * inv + 127) / 255
        p.pointee = 0xff00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }

    /// Fills a rectangle, blending if the colour is translucent.
    func fillRect(x: Double, y: Double, width w: Double, height h: Double, _ color: Color) {
        let x0 = Int(x.rounded()), y0 = Int(y.rounded())
        let x1 = Int((x + w).rounded()), y1 = Int((y + h).rounded())
        for row in max(y0, 0)..<max(min(y1, height), max(y0, 0)) {
            if color.a == 255 {
                span(y: row, from: x0, to: x1, Self.argb(color))
            } else {
                for col in max(x0, 0)..<max(min(x1, width), max(x0, 0)) { blend(x: col, y: row, color, coverage: 255) }
            }
        }
    }
}
