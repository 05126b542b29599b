import CSDL2

/// Draws scenes into the window's renderer by the fastest path that looks
/// the same: spans into a streaming texture on the software renderer (SDL's
/// per-triangle setup is slow there), SDL_RenderGeometry on a GPU.
final class FrameRenderer {
    private let renderer: OpaquePointer
    private let geometry: GeometryRenderer?
    private let raster: RasterRenderer?
    private var texture: OpaquePointer?
    private var textureSize = (w: Int32(0), h: Int32(0))
    let pathName: String

    init(renderer: OpaquePointer, rendererName: String, fonts: FontSet) {
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
    func draw(_ scene: Scene) throws {
        if let geometry { return try geometry.draw(scene) }
        var w: Int32 = 0, h: Int32 = 0
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
        raster!.draw(scene, into: buffer)
        SDL_UnlockTexture(texture)
        SDL_RenderCopy(renderer, texture, nil, nil)
    }
}
