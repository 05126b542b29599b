import CSDL2

/// Glyph coverage masks for the software path, rasterised once per size and
/// orientation (portrait screens draw them turned 90 degrees clockwise).
final class GlyphMasks {
    struct Mask {
        var width = 0
        var height = 0
        var alpha: [UInt8] = []
    }

    private struct Key: Hashable {
        var glyph: GlyphKey
        var rotated: Bool
    }

    let fonts: FontSet
    private var masks: [Key: Mask] = [:]

    init(fonts: FontSet) { self.fonts = fonts }

    func mask(_ scalar: Unicode.Scalar, size: Int, rotated: Bool) -> Mask {
        let key = Key(glyph: GlyphKey(scalar: scalar.value, size: size), rotated: rotated)
        if let mask = masks[key] { return mask }
        var mask = rotated ? Self.rotate(self.mask(scalar, size: size, rotated: false)) : Mask()
        if !rotated, let surface = fonts.renderGlyph(scalar, size: size) {
            mask = Self.alpha(of: surface)
            SDL_FreeSurface(surface)
        }
        masks[key] = mask
        return mask
    }

    private static func alpha(of surface: UnsafeMutablePointer<SDL_Surface>) -> Mask {
        let s = surface.pointee
        var mask = Mask(width: Int(s.w), height: Int(s.h), alpha: [UInt8](repeating: 0, count: Int(s.w * s.h)))
        guard let converted = SDL_ConvertSurfaceFormat(surface, plum_pixelformat_argb8888(), 0) else { return mask }
        defer { SDL_FreeSurface(converted) }
        let pitch = Int(converted.pointee.pitch)
        let pixels = converted.pointee.pixels!
        for y in 0..<mask.height {
            let row = (pixels + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<mask.width { mask.alpha[y * mask.width + x] = UInt8(row[x] >> 24) }
        }
        return mask
    }

    /// Turns a mask 90 degrees clockwise.
    private static func rotate(_ m: Mask) -> Mask {
        var r = Mask(width: m.height, height: m.width, alpha: [UInt8](repeating: 0, count: m.alpha.count))
        for v in 0..<m.height {
            for u in 0..<m.width { r.alpha[u * r.width + (m.height - 1 - v)] = m.alpha[v * m.width + u] }
        }
        return r
    }
}

extension PixelBuffer {
    /// Blends a coverage mask in `color` with its top-left corner at (x, y),
    /// clipped once per row rather than per pixel.
    func draw(_ mask: GlyphMasks.Mask, x: Int, y: Int, _ color: Color) {
        let solid = Self.argb(color)
        let c0 = max(0, -x), c1 = min(mask.width, width - x)
        guard c0 < c1 else { return }
        mask.alpha.withUnsafeBufferPointer { alpha in
            for row in max(0, -y)..<max(min(mask.height, height - y), max(0, -y)) {
                let source = alpha.baseAddress! + row * mask.width
                let target = base + (y + row) * stride + x
                for col in c0..<c1 {
                    let a = source[col]
                    if a != 0 { blendInside(target + col, color, solid: solid, coverage: Int(a)) }
                }
            }
        }
    }
}
