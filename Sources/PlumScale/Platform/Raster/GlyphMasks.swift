import CSDL2
import PlumScaleCore

/// Glyph coverage masks for the software path, rasterised once per size and
/// orientation (portrait screens draw them turned 90 degrees clockwise) and
/// kept with their advance. A frame's text is looked up per face (one per
/// size in use) and then per character, ASCII from an array: the labels
/// change every frame, and hashing each character three times cost more than
/// drawing it.
final class GlyphMasks {
    /// A glyph's coverage, trimmed to its inked pixels: a rendered glyph is
    /// a whole line high, mostly empty. `offsetX`, `offsetY` place the mask
    /// in the untrimmed `fullWidth` x `fullHeight` box.
    final class Glyph {
        let width: Int, height: Int
        let advance: Int
        var offsetX = 0, offsetY = 0
        var fullWidth: Int, fullHeight: Int
        let alpha: UnsafeMutableBufferPointer<UInt8>
        /// Per row, the columns [start, end) that have ink (set by `trimRows`).
        let inked: UnsafeMutableBufferPointer<(start: Int32, end: Int32)>
        /// The mask as runs of full coverage and single partial pixels (set
        /// by `trimRows`): a glyph wholly on the buffer, in an opaque colour,
        /// is drawn from these with no test per pixel.
        private(set) var solidRuns: [(row: Int32, column: Int32, count: Int32)] = []
        private(set) var partials: [(row: Int32, column: Int32, coverage: UInt8)] = []

        init(width: Int, height: Int, advance: Int) {
            self.width = width
            self.height = height
            self.advance = advance
            fullWidth = width
            fullHeight = height
            alpha = .allocate(capacity: max(width * height, 1))
            alpha.initialize(repeating: 0)
            inked = .allocate(capacity: max(height, 1))
            inked.initialize(repeating: (0, Int32(width)))
        }

        deinit {
            alpha.deallocate()
            inked.deallocate()
        }

        /// Finds each row's inked columns, once the mask is filled.
        func trimRows() {
            for y in 0..<height {
                var start = 0
                var end = width
                while start < end && alpha[y * width + start] == 0 { start += 1 }
                while end > start && alpha[y * width + end - 1] == 0 { end -= 1 }
                inked[y] = (Int32(start), Int32(end))
                var x = start
                while x < end {
                    let a = alpha[y * width + x]
                    if a == 255 {
                        var n = 1
                        while x + n < end && alpha[y * width + x + n] == 255 { n += 1 }
                        solidRuns.append((Int32(y), Int32(x), Int32(n)))
                        x += n
                        continue
                    }
                    if a != 0 { partials.append((Int32(y), Int32(x), a)) }
                    x += 1
                }
            }
        }
    }

    /// The glyphs of one pixel size and orientation.
    final class Face {
        let size: Int
        let rotated: Bool
        let lineHeight: Int
        /// ASCII glyphs by code (a buffer, not an array: no exclusivity check per lookup).
        fileprivate let ascii = UnsafeMutableBufferPointer<Glyph?>.allocate(capacity: 128)
        fileprivate var others: [UInt32: Glyph] = [:]

        fileprivate init(size: Int, rotated: Bool, lineHeight: Int) {
            self.size = size
            self.rotated = rotated
            self.lineHeight = lineHeight
            ascii.initialize(repeating: nil)
        }

        deinit {
            _ = ascii.deinitialize()
            ascii.deallocate()
        }
    }

    let fonts: FontSet
    private var faces: [Face] = []
    /// The glyphs of the text being drawn (kept, so no allocation per text).
    private(set) var run: [Glyph] = []

    init(fonts: FontSet) { self.fonts = fonts }

    func face(size: Int, rotated: Bool) -> Face {
        for face in faces where face.size == size && face.rotated == rotated { return face }
        let height = (try? fonts.font(size: size)).map { Int(TTF_FontHeight($0)) } ?? size
        let face = Face(size: size, rotated: rotated, lineHeight: height)
        faces.append(face)
        return face
    }

    func glyph(_ scalar: Unicode.Scalar, in face: Face) -> Glyph {
        let v = scalar.value
        if v < 128, let glyph = face.ascii[Int(v)] { return glyph }
        if v >= 128, let glyph = face.others[v] { return glyph }
        let glyph = render(scalar, face: face)
        if v < 128 { face.ascii[Int(v)] = glyph } else { face.others[v] = glyph }
        return glyph
    }

    /// Looks up the glyphs of `text` into `run`; returns the width and line height.
    func layOut(_ text: String, in face: Face) -> (width: Double, height: Double) {
        run.removeAll(keepingCapacity: true)
        var width = 0
        for scalar in text.unicodeScalars {
            let g = glyph(scalar, in: face)
            run.append(g)
            width += g.advance
        }
        return (Double(width), Double(face.lineHeight))
    }

    private func render(_ scalar: Unicode.Scalar, face: Face) -> Glyph {
        let advance = Int(fonts.advance(scalar, size: face.size))
        if face.rotated { return Self.rotate(glyph(scalar, in: self.face(size: face.size, rotated: false))) }
        guard let surface = fonts.renderGlyph(scalar, size: face.size) else {
            return Glyph(width: 0, height: 0, advance: advance)
        }
        defer { SDL_FreeSurface(surface) }
        let glyph = Glyph(width: Int(surface.pointee.w), height: Int(surface.pointee.h), advance: advance)
        guard let converted = SDL_ConvertSurfaceFormat(surface, plum_pixelformat_argb8888(), 0) else { return glyph }
        defer { SDL_FreeSurface(converted) }
        let pitch = Int(converted.pointee.pitch)
        guard let pixels = converted.pointee.pixels else { return glyph }
        func alpha(_ x: Int, _ y: Int) -> UInt8 {
            UInt8((pixels + y * pitch).assumingMemoryBound(to: UInt32.self)[x] >> 24)
        }
        var x0 = glyph.width
        var x1 = 0
        var y0 = glyph.height
        var y1 = 0
        for y in 0..<glyph.height {
            for x in 0..<glyph.width where alpha(x, y) != 0 {
                (x0, x1, y0, y1) = (min(x0, x), max(x1, x + 1), min(y0, y), max(y1, y + 1))
            }
        }
        guard x0 < x1 else { return Glyph(width: 0, height: 0, advance: advance) }
        let trimmed = Glyph(width: x1 - x0, height: y1 - y0, advance: advance)
        (trimmed.offsetX, trimmed.offsetY) = (x0, y0)
        (trimmed.fullWidth, trimmed.fullHeight) = (glyph.width, glyph.height)
        for y in y0..<y1 {
            for x in x0..<x1 { trimmed.alpha[(y - y0) * trimmed.width + (x - x0)] = alpha(x, y) }
        }
        trimmed.trimRows()
        return trimmed
    }

    /// Turns a glyph 90 degrees clockwise (its advance is unchanged: it runs
    /// down the screen): (u, v) in the full box goes to (fullHeight - 1 - v, u).
    private static func rotate(_ g: Glyph) -> Glyph {
        let r = Glyph(width: g.height, height: g.width, advance: g.advance)
        (r.fullWidth, r.fullHeight) = (g.fullHeight, g.fullWidth)
        (r.offsetX, r.offsetY) = (g.fullHeight - g.offsetY - g.height, g.offsetX)
        for v in 0..<g.height {
            for u in 0..<g.width { r.alpha[u * r.width + (g.height - 1 - v)] = g.alpha[v * g.width + u] }
        }
        r.trimRows()
        return r
    }
}

extension PixelBuffer {
    /// Blends a glyph in `color` with its top-left corner at (x, y), clipped
    /// once per row rather than per pixel; pixels over the backdrop's colour
    /// take their result from its table.
    func draw(_ glyph: GlyphMasks.Glyph, x: Int, y: Int, _ color: Color, over backdrop: Backdrop) {
        let solid = Self.argb(color)
        let opaque = color.a == 255
        if opaque && x >= 0 && y >= 0 && x + glyph.width <= width && y + glyph.height <= height {
            let origin = base + (y * stride + x)
            for run in glyph.solidRuns {
                (origin + (Int(run.row) * stride + Int(run.column))).update(repeating: solid, count: Int(run.count))
            }
            for pixel in glyph.partials {
                let p = origin + (Int(pixel.row) * stride + Int(pixel.column))
                if p.pointee | 0xff00_0000 == backdrop.pixel {
                    p.pointee = backdrop.table[Int(pixel.coverage)]
                } else {
                    Self.blend(p, color, alpha: Int(pixel.coverage))
                }
            }
            return
        }
        let c0 = max(0, -x)
        let c1 = min(glyph.width, width - x)
        guard c0 < c1, let alpha = glyph.alpha.baseAddress else { return }
        for row in max(0, -y)..<max(min(glyph.height, height - y), max(0, -y)) {
            let source = alpha + row * glyph.width
            let target = base + (y + row) * stride + x
            let ink = glyph.inked[row]
            let start = max(c0, Int(ink.start))
            let end = min(c1, Int(ink.end))
            guard start < end else { continue }
            for col in start..<end {
                let coverage = Int(source[col])
                if coverage == 0 { continue }
                let p = target + col
                if coverage == 255 && opaque {
                    p.pointee = solid
                } else if p.pointee | 0xff00_0000 == backdrop.pixel {
                    p.pointee = backdrop.table[coverage]
                } else {
                    blendInside(p, color, solid: solid, coverage: coverage)
                }
            }
        }
    }
}

/// One colour blended at each coverage 0...255 over the frame's background,
/// computed once: most edge pixels of text lie over the background.
struct Backdrop {
    let pixel: UInt32
    let table: UnsafeMutableBufferPointer<UInt32>
}
