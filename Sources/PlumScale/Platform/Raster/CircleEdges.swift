/// The partly covered pixels of a circle band: walked over one octant
/// (i >= j: i columns and j rows from the centre's corner), each coverage
/// blended into the eight mirror images of its pixel. The images mostly lie
/// over the same colour (the background), so the first image's blend is
/// reused for every image over that colour.
extension PixelBuffer {
    func blendEdges(_ circle: CircleBand, _ color: Color) {
        let ix = circle.ix, iy = circle.iy
        // Entirely inside the buffer: no clipping per pixel.
        if ix - circle.reach >= 0 && ix + circle.reach <= width && iy - circle.reach >= 0 && iy + circle.reach <= height {
            blendEdges(circle, color, clip: false)
        } else {
            blendEdges(circle, color, clip: true)
        }
    }

    @inline(__always)
    private func blendEdges(_ circle: CircleBand, _ color: Color, clip: Bool) {
        let opaque = color.a == 255
        let ix = circle.ix, iy = circle.iy
        let w = UInt(bitPattern: width), h = UInt(bitPattern: height)
        // Octant rows j that can put a pixel on the buffer: its images lie on
        // rows iy + j, iy - 1 - j and columns ix + j, ix - 1 - j; and a pixel
        // (j, j) with any coverage has 2(2j + 1)² <= outer4.
        let last = CircleBand.Boundary(circle.outer4 / 2, first: 0).i
        let rowRanges = CircleBand.merge(
            CircleBand.offsets(around: iy, within: height, below: last + 1)
                + CircleBand.offsets(around: ix, within: width, below: last + 1), below: last + 1)
        for rows in rowRanges {
            let first = CircleBand.odd(rows.lowerBound)
            var end = CircleBand.Boundary(circle.outer4, first: first)
            var hole = CircleBand.Boundary(circle.hole4, first: first)
            var solidRuns = circle.solidRuns(from: rows.lowerBound)
            for j in rows {
                let cj = CircleBand.odd(j)
                // From (j, j), out of the hole, to the outer edge, around the solid run.
                var i = max(j, hole.next(cj) + 1)
                let last = end.next(cj)
                let solidRun = solidRuns.next(cj)
                let xr = ix + j, xl = ix - 1 - j, yd = iy + j, yu = iy - 1 - j
                while i <= last {
                    if i >= solidRun.lo && i <= solidRun.hi {
                        i = solidRun.hi + 1
                        continue
                    }
                    let coverage = circle.coverage(CircleBand.odd(i) &+ cj)
                    let a = opaque ? coverage : coverage &* Int(color.a) / 255
                    if a > 0 {
                        var mix = Mix(color, alpha: a)
                        @inline(__always) func put(_ x: Int, _ y: Int) {
                            guard !clip || (UInt(bitPattern: x) < w && UInt(bitPattern: y) < h) else { return }
                            mix.apply(base + (y &* stride &+ x))
                        }
                        let xi = ix + i, xil = ix - 1 - i, yi = iy + i, yiu = iy - 1 - i
                        put(xi, yd)
                        put(xil, yd)
                        put(xi, yu)
                        put(xil, yu)
                        if i != j {
                            put(xr, yi)
                            put(xl, yi)
                            put(xr, yiu)
                            put(xl, yiu)
                        }
                    }
                    i += 1
                }
            }
        }
    }
}

/// One colour at one alpha blended over pixels, remembering the last
/// destination and its result (the eight images of an edge pixel are mostly
/// over the same colour).
struct Mix {
    let color: Color
    let alpha: Int
    private var lastDestination: UInt32
    private var lastResult: UInt32

    @inline(__always) init(_ color: Color, alpha: Int) {
        self.color = color
        self.alpha = alpha
        // White, the usual background, blended up front.
        lastDestination = 0xffff_ffff
        var white = lastDestination
        PixelBuffer.blend(&white, color, alpha: alpha)
        lastResult = white
    }

    @inline(__always) mutating func apply(_ p: UnsafeMutablePointer<UInt32>) {
        let d = p.pointee
        if d == lastDestination {
            p.pointee = lastResult
            return
        }
        PixelBuffer.blend(p, color, alpha: alpha)
        lastDestination = d
        lastResult = p.pointee
    }
}
