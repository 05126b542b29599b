import CSDL2
import PlumScaleCore

/// An RGB picture in memory, for comparing frames with references.
public struct Image: Equatable, Sendable {
    public var width: Int
    public var height: Int
    /// 0xRRGGBB per pixel, row by row.
    public var pixels: [UInt32]

    public init(width: Int, height: Int, pixels: [UInt32]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public func color(x: Int, y: Int) -> Color {
        let v = pixels[y * width + x]
        return Color(UInt8((v >> 16) & 0xff), UInt8((v >> 8) & 0xff), UInt8(v & 0xff))
    }

    /// The part at (x, y) of `width` x `height`, clipped to the picture.
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> Image {
        let x0 = min(max(x, 0), self.width)
        let y0 = min(max(y, 0), self.height)
        let w = min(width, self.width - x0)
        let h = min(height, self.height - y0)
        var out: [UInt32] = []
        out.reserveCapacity(max(w, 0) * max(h, 0))
        for row in y0..<(y0 + max(h, 0)) { out += pixels[(row * self.width + x0)..<(row * self.width + x0 + max(w, 0))] }
        return Image(width: max(w, 0), height: max(h, 0), pixels: out)
    }

    /// Reads a PNG (or anything SDL2_image reads).
    public static func load(_ path: String) throws -> Image {
        guard let loaded = IMG_Load(path) else { throw SDLError("IMG_Load \(path)") }
        defer { SDL_FreeSurface(loaded) }
        guard let surface = SDL_ConvertSurfaceFormat(loaded, plum_pixelformat_argb8888(), 0) else {
            throw SDLError("SDL_ConvertSurfaceFormat")
        }
        defer { SDL_FreeSurface(surface) }
        return Image(surface: surface)
    }

    init(surface: UnsafeMutablePointer<SDL_Surface>) {
        let s = surface.pointee
        width = Int(s.w)
        height = Int(s.h)
        pixels = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            let row = (s.pixels + y * Int(s.pitch)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { pixels.append(row[x] & 0xff_ffff) }
        }
    }

    public func savePNG(_ path: String) throws {
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, plum_pixelformat_argb8888())
        else { throw SDLError("SDL_CreateRGBSurfaceWithFormat") }
        defer { SDL_FreeSurface(surface) }
        for y in 0..<height {
            let row = (surface.pointee.pixels + y * Int(surface.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { row[x] = 0xff00_0000 | pixels[y * width + x] }
        }
        try PNGFile.write(surface, to: path)
    }

    /// How many pixels differ by more than `tolerance` in any channel.
    public func differingPixels(from other: Image, tolerance: Int) -> Int {
        precondition(width == other.width && height == other.height)
        return zip(pixels, other.pixels).count { Image.channelDistance($0, $1) > tolerance }
    }

    /// The largest difference, in levels, between two 0xRRGGBB pixels in
    /// any one of red, green and blue.
    public static func channelDistance(_ a: UInt32, _ b: UInt32) -> Int {
        if a == b { return 0 }
        let red = abs(Int((a >> 16) & 0xff) - Int((b >> 16) & 0xff))
        let green = abs(Int((a >> 8) & 0xff) - Int((b >> 8) & 0xff))
        let blue = abs(Int(a & 0xff) - Int(b & 0xff))
        return max(red, green, blue)
    }
}

extension HeadlessCanvas {
    /// The last frame as an Image.
    public func image() -> Image {
        var pixels = [UInt32]()
        pixels.reserveCapacity(width * height)
        let b = buffer
        for y in 0..<height {
            for x in 0..<width { pixels.append(b.base[y * b.stride + x] & 0xff_ffff) }
        }
        return Image(width: width, height: height, pixels: pixels)
    }
}
