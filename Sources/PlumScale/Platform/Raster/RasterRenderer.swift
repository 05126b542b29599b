import PlumScaleCore

/// The software drawing path: a Scene straight into a pixel buffer, with the
/// layout turned onto the screen as it is drawn (no full-frame copy).
package final class RasterRenderer {
    private let masks: GlyphMasks
    /// Per colour and background: the blend at each coverage. A frame uses
    /// a handful, so they are found by a linear search (hashing a key for
    /// each of a 50-contact frame's 250 shapes cost 3% of the frame).
    private var backdrops: [(key: UInt64, backdrop: Backdrop)] = []

    package init(fonts: FontSet) { self.masks = GlyphMasks(fonts: fonts) }

    deinit {
        for entry in backdrops { entry.backdrop.table.deallocate() }
    }

    private func backdrop(_ color: Color, over background: Color) -> Backdrop {
        let pixel = PixelBuffer.argb(background)
        let key = UInt64(PixelBuffer.argb(color) & 0x00ff_ffff | UInt32(color.a) << 24) << 32 | UInt64(pixel)
        for entry in backdrops where entry.key == key { return entry.backdrop }
        let table = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: 256)
        for coverage in 0..<256 {
            // What PixelBuffer.blendInside makes of a background pixel.
            var value = pixel
            let a = coverage * Int(color.a) / 255
            if a >= 255 { value = PixelBuffer.argb(color) } else if a > 0 { PixelBuffer.blend(&value, color, alpha: a) }
            table[coverage] = value
        }
        let backdrop = Backdrop(pixel: pixel, table: table)
        backdrops.append((key, backdrop))
        return backdrop
    }

    package func draw(_ scene: Scene, into buffer: PixelBuffer) {
        let layout = scene.layout
        let s = layout.logicalScreen.width > 0 ? Double(buffer.width) / layout.logicalScreen.width : 1
        let rotated = layout.rotation == 90
        func screen(_ p: Point) -> Point {
            let q = layout.screenPoint(p)
            return Point(q.x * s, q.y * s)
        }
        buffer.fill(scene.background)
        for shape in scene.shapes {
            switch shape {
            case .ring(let c, let radius, let width, let color):
                let p = screen(c)
                guard Self.drawable(p.x, p.y, radius * s, width * s) else { continue }
                buffer.band(
                    cx: p.x, cy: p.y, inner: (radius - width / 2) * s, outer: (radius + width / 2) * s, color,
                    over: backdrop(color, over: scene.background))
            case .disc(let c, let radius, let color):
                let p = screen(c)
                guard Self.drawable(p.x, p.y, radius * s) else { continue }
                buffer.band(cx: p.x, cy: p.y, inner: 0, outer: radius * s, color, over: backdrop(color, over: scene.background))
            case .rect(let r, let color):
                let a = screen(Point(r.x, r.y))
                let b = screen(Point(r.x + r.width, r.y + r.height))
                guard Self.drawable(a.x, a.y, b.x, b.y) else { continue }
                buffer.fillRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y), color)
            case .text(let text, let at, let anchor, let size, let color):
                drawText(
                    text, at: at, anchor: anchor, size: size, color: color, scale: s, rotated: rotated, layout: layout,
                    into: buffer, over: backdrop(color, over: scene.background))
            case .blur(let radius):
                guard Self.drawable(radius * s) else { continue }
                buffer.boxBlur(radius: min(Int((radius * s).rounded()), 64))
            }
        }
    }

    /// Coordinates beyond this (or NaN, infinite) cannot be on any screen:
    /// such a shape is skipped rather than trapping in an Int conversion.
    package static let coordinateLimit = 1e7
    /// Text taller than this is skipped (a glyph mask would need gigabytes).
    package static let maxTextPixels = 4096.0

    @inline(__always) static func drawable(_ v: Double) -> Bool { v.isFinite && abs(v) < coordinateLimit }
    package static func drawable(_ a: Double, _ b: Double, _ c: Double) -> Bool { drawable(a) && drawable(b) && drawable(c) }
    package static func drawable(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Bool { drawable(a, b, c) && drawable(d) }

    private func drawText(
        _ text: String, at: Point, anchor: TextAnchor, size: Double, color: Color, scale s: Double, rotated: Bool,
        layout: Layout, into buffer: PixelBuffer, over backdrop: Backdrop
    ) {
        guard Self.drawable(at.x * s, at.y * s, size * s), size * s <= Self.maxTextPixels else { return }
        let px = max(Int((size * s).rounded()), 1)
        let face = masks.face(size: px, rotated: rotated)
        let box = masks.layOut(text, in: face)
        // The line box in scaled layout pixels, then each glyph turned onto the screen.
        let origin = textOrigin(box: box, at: Point(at.x * s, at.y * s), anchor: anchor)
        var pen = origin.x.rounded()
        let top = origin.y.rounded()
        let screenWidth = layout.logicalScreen.width * s
        for glyph in masks.run {
            if rotated {
                // Layout rect [pen, pen+h'] x [top, top+w'] lands at x = W - (top + glyph height).
                let x = Int(screenWidth - top) - glyph.fullWidth + glyph.offsetX
                buffer.draw(glyph, x: x, y: Int(pen) + glyph.offsetY, color, over: backdrop)
            } else {
                buffer.draw(glyph, x: Int(pen) + glyph.offsetX, y: Int(top) + glyph.offsetY, color, over: backdrop)
            }
            pen += Double(glyph.advance)
        }
    }
}
