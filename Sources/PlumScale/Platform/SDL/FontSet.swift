import CSDL2
import PlumScaleCore

/// The UI font opened at each pixel size in use, with glyph advances cached.
package final class FontSet {
    package let path: String
    private var fonts: [Int: OpaquePointer] = [:]
    private var advances: [GlyphKey: Int32] = [:]

    package init(path: String) throws {
        try SDLLibrary.startTTF()
        self.path = path
        _ = try font(size: 16)  // fail now with a clear message, not mid-frame
    }

    deinit {
        for font in fonts.values { TTF_CloseFont(font) }
    }

    package func font(size: Int) throws -> OpaquePointer {
        if let font = fonts[size] { return font }
        guard let font = TTF_OpenFont(path, Int32(size)) else {
            throw RuntimeFailure("font \(path): cannot be opened (\(String(cString: SDL_GetError())))")
        }
        fonts[size] = font
        return font
    }

    package func advance(_ scalar: Unicode.Scalar, size: Int) -> Int32 {
        let key = GlyphKey(scalar: scalar.value, size: size)
        if let advance = advances[key] { return advance }
        var minX: Int32 = 0
        var maxX: Int32 = 0
        var minY: Int32 = 0
        var maxY: Int32 = 0
        var advance: Int32 = 0
        if let font = try? font(size: size), TTF_GlyphMetrics32(font, scalar.value, &minX, &maxX, &minY, &maxY, &advance) != 0 {
            advance = 0
        }
        advances[key] = advance
        return advance
    }

    /// Width and line height of `text` at `size` px.
    package func measure(_ text: String, size: Int) -> (width: Double, height: Double) {
        var width: Int32 = 0
        for scalar in text.unicodeScalars { width += advance(scalar, size: size) }
        let height = (try? font(size: size)).map { TTF_FontHeight($0) } ?? Int32(size)
        return (Double(width), Double(height))
    }

    /// The font's advances for the core's layout, measured at a large size
    /// (so rounding to whole pixels costs under 1% of a glyph).
    package func textMetrics() -> TextMetrics {
        let reference = 200
        let em = Double(reference)
        func advance(_ scalar: Unicode.Scalar) -> Double { Double(self.advance(scalar, size: reference)) / em }
        let latin = (0..<256).map { value -> Double in
            guard let scalar = Unicode.Scalar(UInt32(value)), value >= 0x20 else { return 0 }
            return advance(scalar)
        }
        var others: [UInt32: Double] = [:]
        for scalar in TextMetrics.uiScalars { others[scalar.value] = advance(scalar) }
        let height = (try? font(size: reference)).map { Double(TTF_FontHeight($0)) / em } ?? 1.17
        return TextMetrics(latin: latin, others: others, fallbackAdvance: advance("M"), lineHeight: height)
    }

    /// The glyph rendered white on transparent, or nil (a space, a missing glyph).
    package func renderGlyph(_ scalar: Unicode.Scalar, size: Int) -> UnsafeMutablePointer<SDL_Surface>? {
        guard let font = try? font(size: size) else { return nil }
        return TTF_RenderGlyph32_Blended(font, scalar.value, SDL_Color(r: 255, g: 255, b: 255, a: 255))
    }
}

package struct GlyphKey: Hashable {
    package var scalar: UInt32
    package var size: Int
}

/// Where a text's line box starts, given its anchor point.
func textOrigin(box: (width: Double, height: Double), at p: Point, anchor: TextAnchor) -> Point {
    switch anchor {
    case .center: return Point(p.x - box.width / 2, p.y - box.height / 2)
    case .topCenter: return Point(p.x - box.width / 2, p.y)
    case .topLeft: return p
    case .topRight: return Point(p.x - box.width, p.y)
    case .bottomLeft: return Point(p.x, p.y - box.height)
    case .bottomRight: return Point(p.x - box.width, p.y - box.height)
    }
}
