import CSDL2
import PlumScaleCore

/// Glyphs rasterised once per size and kept as white textures; text is drawn
/// by copying them, tinted with a colour mod. Labels change at touch rate, the
/// font is never rasterised per frame.
final class GlyphCache {
    struct Glyph {
        var texture: OpaquePointer?
        var width: Int32
        var height: Int32
    }

    private let renderer: OpaquePointer
    let fonts: FontSet
    private var glyphs: [GlyphKey: Glyph] = [:]

    init(renderer: OpaquePointer, fonts: FontSet) {
        self.renderer = renderer
        self.fonts = fonts
    }

    deinit {
        for glyph in glyphs.values where glyph.texture != nil { SDL_DestroyTexture(glyph.texture) }
    }

    func glyph(_ scalar: Unicode.Scalar, size: Int) -> Glyph {
        let key = GlyphKey(scalar: scalar.value, size: size)
        if let glyph = glyphs[key] { return glyph }
        var glyph = Glyph(texture: nil, width: 0, height: 0)
        if let surface = fonts.renderGlyph(scalar, size: size) {
            glyph.width = surface.pointee.w
            glyph.height = surface.pointee.h
            glyph.texture = SDL_CreateTextureFromSurface(renderer, surface)
            SDL_FreeSurface(surface)
            if let texture = glyph.texture { SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND) }
        }
        glyphs[key] = glyph
        return glyph
    }

    /// Draws `text` with its line box's top-left corner at (x, y), in output pixels.
    func draw(_ text: String, x: Double, y: Double, size: Int, color: SDL_Color) {
        var penX = x.rounded()
        let top = y.rounded()
        for scalar in text.unicodeScalars {
            let glyph = glyph(scalar, size: size)
            if let texture = glyph.texture {
                SDL_SetTextureColorMod(texture, color.r, color.g, color.b)
                SDL_SetTextureAlphaMod(texture, color.a)
                var dst = SDL_FRect(x: Float(penX), y: Float(top), w: Float(glyph.width), h: Float(glyph.height))
                SDL_RenderCopyF(renderer, texture, nil, &dst)
            }
            penX += Double(fonts.advance(scalar, size: size))
        }
    }
}
