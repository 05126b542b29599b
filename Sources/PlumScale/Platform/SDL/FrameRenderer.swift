import CSDL2
import PlumScaleCore

/// Draws scenes into the window's renderer by the fastest path that looks
/// the same: on the software renderer, spans straight into the window's
/// surface, the very pixels SDL_RenderPresent shows (SDL's per-triangle setup
/// is slow there, and a streaming texture costs a full-frame copy), else into
/// a streaming texture; SDL_RenderGeometry on a GPU.
package final class FrameRenderer {
    private let renderer: OpaquePointer
    private let geometry: GeometryRenderer?
    private let raster: RasterRenderer?
    private var texture: OpaquePointer?
    private var textureSize = (w: Int32(0), h: Int32(0))
    package let pathName: String
    /// Software renderer: draw into the window's surface (false: the
    /// streaming texture, kept for the bench's comparison).
    package var directSurface = true

    package init(renderer: OpaquePointer, rendererName: String, fonts: FontSet) {
        self.renderer = renderer
        if rendererName == "software" {
            raster = RasterRenderer(fonts: fonts)
            geometry = nil
            pathName = "spans (software renderer)"
        } else {
            geometry = GeometryRenderer(renderer: renderer, fonts: fonts)
            raster = nil
            pathName = "geometry (\(rendererName))"
        }
    }

    deinit {
        if let texture { SDL_DestroyTexture(texture) }
    }

    /// Draws `scene` into the back buffer; the caller presents it.
    package func draw(_ scene: Scene) throws {
        if let geometry { return try geometry.draw(scene) }
        guard let raster else { return }
        if directSurface, let surface = windowSurface() {
            if plum_must_lock(surface) != 0 { SDL_LockSurface(surface) }
            let s = surface.pointee
            raster.draw(
                scene,
                into: PixelBuffer(
                    base: s.pixels.assumingMemoryBound(to: UInt32.self), width: Int(s.w), height: Int(s.h),
                    stride: Int(s.pitch) / 4))
            if plum_must_lock(surface) != 0 { SDL_UnlockSurface(surface) }
            return
        }
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        if texture == nil || textureSize != (w, h) {
            if let texture { SDL_DestroyTexture(texture) }
            texture = SDL_CreateTexture(renderer, plum_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), w, h)
            guard texture != nil else { throw SDLError("SDL_CreateTexture (frame)") }
            textureSize = (w, h)
        }
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(texture, nil, &pixels, &pitch) == 0, let pixels else { throw SDLError("SDL_LockTexture") }
        let buffer = PixelBuffer(
            base: pixels.assumingMemoryBound(to: UInt32.self), width: Int(w), height: Int(h), stride: Int(pitch) / 4)
        raster.draw(scene, into: buffer)
        SDL_UnlockTexture(texture)
        SDL_RenderCopy(renderer, texture, nil, nil)
    }

    /// The software renderer's target: its window's surface, when that is
    /// 32-bit xRGB (what PixelBuffer writes). SDL_RenderPresent on the
    /// software renderer is SDL_UpdateWindowSurface of this very surface.
    private func windowSurface() -> UnsafeMutablePointer<SDL_Surface>? {
        guard let window = SDL_RenderGetWindow(renderer), let surface = SDL_GetWindowSurface(window),
            surface.pointee.pixels != nil || plum_must_lock(surface) != 0,
            let format = surface.pointee.format?.pointee,
            format.BytesPerPixel == 4, format.Rmask == 0x00ff_0000, format.Gmask == 0x0000_ff00,
            format.Bmask == 0x0000_00ff
        else { return nil }
        return surface
    }
}
