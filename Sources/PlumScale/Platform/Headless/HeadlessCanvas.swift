import CSDL2
import PlumScaleCore

/// Frames without a display: the software path drawing straight into an
/// SDL surface, saved as PNG through SDL2_image.
public final class HeadlessCanvas {
    public let width: Int
    public let height: Int
    private let surface: UnsafeMutablePointer<SDL_Surface>
    private let raster: RasterRenderer
    /// The font's advances, for the core's layout.
    public let metrics: TextMetrics

    public init(width: Int, height: Int, fontPath: String) throws {
        let fonts = try FontSet(path: fontPath)
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, plum_pixelformat_argb8888())
        else { throw SDLError("SDL_CreateRGBSurfaceWithFormat") }
        self.width = width
        self.height = height
        self.surface = surface
        self.raster = RasterRenderer(fonts: fonts)
        self.metrics = fonts.textMetrics()
    }

    deinit { SDL_FreeSurface(surface) }

    var buffer: PixelBuffer {
        PixelBuffer(
            base: surface.pointee.pixels.assumingMemoryBound(to: UInt32.self), width: width, height: height,
            stride: Int(surface.pointee.pitch) / 4)
    }

    public func render(_ scene: Scene) {
        raster.draw(scene, into: buffer)
    }

    /// Through OutputFile: atomic, never onto a link, FIFO or device.
    public func savePNG(_ path: String) throws {
        try PNGFile.write(surface, to: path)
    }

    /// With the system calls replaced (tests reach the full-disk path).
    func savePNG(_ path: String, calls: OutputCalls) throws {
        try PNGFile.write(surface, to: path, calls: calls)
    }

    /// The colour at a pixel of the last frame, for tests.
    public func pixel(x: Int, y: Int) -> Color {
        precondition(x >= 0 && x < width && y >= 0 && y < height)
        let argb = buffer.base[y * buffer.stride + x]
        return Color(UInt8((argb >> 16) & 0xff), UInt8((argb >> 8) & 0xff), UInt8(argb & 0xff))
    }
}
