import CSDL2
import PlumScaleCore

/// Draws a Scene with SDL_RenderGeometry: the path for hardware renderers. Portrait screens get the landscape layout drawn
/// into a texture that is then turned 90 degrees clockwise onto the screen.
package final class GeometryRenderer {
    package let renderer: OpaquePointer
    private let glyphs: GlyphCache
    private let fonts: FontSet
    private var geometry = RingGeometry()
    private var canvas: OpaquePointer?
    private var canvasSize = (w: Int32(0), h: Int32(0))

    package init(renderer: OpaquePointer, fonts: FontSet) {
        self.renderer = renderer
        self.fonts = fonts
        self.glyphs = GlyphCache(renderer: renderer, fonts: fonts)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    /// The size of what is being drawn on: the screen, or the rotation canvas.
    private var targetSize = (w: Int32(0), h: Int32(0))
    private var blurPixels: [UInt32] = []
    private var blurTexture: OpaquePointer?
    private var blurTextureSize = (w: Int32(0), h: Int32(0))

    deinit {
        if let blurTexture { SDL_DestroyTexture(blurTexture) }
        if let canvas { SDL_DestroyTexture(canvas) }
    }

    /// The renderer's size in pixels (larger than the window's on HiDPI).
    public var outputSize: (w: Int32, h: Int32) {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (w, h)
    }

    /// Clears and draws `scene`; the caller presents or reads the pixels.
    public func draw(_ scene: Scene) throws {
        let output = outputSize
        let scale = scene.layout.logicalScreen.width > 0 ? Double(output.w) / scene.layout.logicalScreen.width : 1
        let rotated = scene.layout.rotation == 90
        targetSize = output
        if rotated {
            let w = Int32((scene.layout.size.width * scale).rounded())
            let h = Int32((scene.layout.size.height * scale).rounded())
            try prepareCanvas(w: w, h: h)
            SDL_SetRenderTarget(renderer, canvas)
            targetSize = (w, h)
        }
        clear(scene.background)
        for shape in scene.shapes { draw(shape, scale: scale) }
        flushGeometry()
        if rotated {
            SDL_SetRenderTarget(renderer, nil)
            clear(scene.background)
            var dst = SDL_FRect(
                x: Float(output.w - canvasSize.w) / 2, y: Float(output.h - canvasSize.h) / 2,
                w: Float(canvasSize.w), h: Float(canvasSize.h))
            SDL_RenderCopyExF(renderer, canvas, nil, &dst, 90, nil, SDL_FLIP_NONE)
        }
    }

    private func prepareCanvas(w: Int32, h: Int32) throws {
        if canvas != nil, canvasSize == (w, h) { return }
        if let canvas { SDL_DestroyTexture(canvas) }
        canvas = SDL_CreateTexture(
            renderer, plum_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue), w, h)
        guard canvas != nil else { throw SDLError("SDL_CreateTexture (rotation canvas)") }
        canvasSize = (w, h)
    }

    private func clear(_ color: Color) {
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
        SDL_RenderClear(renderer)
    }

    private func draw(_ shape: Shape, scale s: Double) {
        switch shape {
        case .blur(let radius):
            flushGeometry()
            guard radius.isFinite else { return }
            blurTarget(radius: min(Int((radius * s).rounded()), 64))
        case .ring(let c, let radius, let width, let color):
            // Centred on the nearest pixel corner, as the span path draws them.
            geometry.appendBand(
                cx: (c.x * s).rounded(), cy: (c.y * s).rounded(), inner: (radius - width / 2) * s, outer: (radius + width / 2) * s,
                color: sdl(color))
        case .disc(let c, let radius, let color):
            geometry.appendDisc(cx: (c.x * s).rounded(), cy: (c.y * s).rounded(), radius: radius * s, color: sdl(color))
        case .rect(let rect, let color):
            flushGeometry()
            SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
            var r = SDL_FRect(x: Float(rect.x * s), y: Float(rect.y * s), w: Float(rect.width * s), h: Float(rect.height * s))
            SDL_RenderFillRectF(renderer, &r)
        case .text(let text, let at, let anchor, let size, let color):
            flushGeometry()
            let px = max(Int((size * s).rounded()), 1)
            let box = fonts.measure(text, size: px)
            let origin = textOrigin(box: box, at: Point(at.x * s, at.y * s), anchor: anchor)
            glyphs.draw(text, x: origin.x, y: origin.y, size: px, color: sdl(color))
        }
    }

    /// A GPU cannot be asked for a blur through SDL_Renderer: read the
    /// target back, blur it like the software path, and put it back. Only
    /// the Peek & Pop hint asks for it, for a moment.
    private func blurTarget(radius: Int) {
        let (w, h) = targetSize
        guard radius > 0, w > 0, h > 0 else { return }
        if blurPixels.count != Int(w) * Int(h) { blurPixels = [UInt32](repeating: 0, count: Int(w) * Int(h)) }
        if blurTexture == nil || blurTextureSize != (w, h) {
            if let blurTexture { SDL_DestroyTexture(blurTexture) }
            blurTexture = SDL_CreateTexture(renderer, plum_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), w, h)
            blurTextureSize = (w, h)
        }
        guard let texture = blurTexture else { return }
        blurPixels.withUnsafeMutableBufferPointer { pixels in
            guard let base = pixels.baseAddress,
                SDL_RenderReadPixels(renderer, nil, plum_pixelformat_argb8888(), base, w * 4) == 0
            else { return }
            PixelBuffer(base: base, width: Int(w), height: Int(h), stride: Int(w)).boxBlur(radius: radius)
            SDL_UpdateTexture(texture, nil, base, w * 4)
            SDL_RenderCopy(renderer, texture, nil, nil)
        }
    }

    /// Draws the batched rings and discs in one call, keeping paint order.
    private func flushGeometry() {
        guard !geometry.indices.isEmpty else { return }
        geometry.vertices.withUnsafeBufferPointer { v in
            geometry.indices.withUnsafeBufferPointer { i in
                _ = SDL_RenderGeometry(
                    renderer, nil, v.baseAddress, Int32(v.count), i.baseAddress, Int32(i.count))
            }
        }
        geometry.removeAll()
    }

    private func sdl(_ c: Color) -> SDL_Color { SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a) }
}
