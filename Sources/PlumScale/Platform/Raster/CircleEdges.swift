import PlumScaleCore

/// A circle band walked over one octant (i >= j: i columns and j rows from
/// the centre's corner): each edge pixel's coverage is blended into the
/// eight mirror images of its pixel, and, when `withSolid`, each row's solid
/// run is filled as four horizontal and four vertical runs (a thin ring's
/// solid pixels then cost no rows of their own). The images mostly lie over
/// the same colour (the background), so the first image's blend is reused
/// for every image over that colour.
extension PixelBuffer {
    func octant(_ circle: CircleBand, _ color: Color, withSolid: Bool, over backdrop: Backdrop?) {
        let ix = circle.ix
        let iy = circle.iy
        // Entirely inside the buffer: no clipping per pixel.
        let inside =
            ix - circle.reach >= 0 && ix + circle.reach <= width && iy - circle.reach >= 0
            && iy + circle.reach <= height
        switch (inside, withSolid) {
        case (true, true): octant(circle, color, clip: false, withSolid: true, over: backdrop)
        case (true, false): octant(circle, color, clip: false, withSolid: false, over: backdrop)
        case (false, true): octant(circle, color, clip: true, withSolid: true, over: backdrop)
        case (false, false): octant(circle, color, clip: true, withSolid: false, over: backdrop)
        }
    }

    @inline(__always)
    private func octant(_ circle: CircleBand, _ color: Color, clip: Bool, withSolid: Bool, over backdrop: Backdrop?) {
        let opaque = color.a == 255
        let solidPixel = Self.argb(color)
        let ix = circle.ix
        let iy = circle.iy
        let w = UInt(bitPattern: width)
        let h = UInt(bitPattern: height)
        // Octant rows j that can put a pixel on the buffer: its images lie on
        // rows iy + j, iy - 1 - j and columns ix + j, ix - 1 - j; and a pixel
        // (j, j) with any coverage has 2(2j + 1)² <= outer4.
        let last = CircleBand.Boundary(circle.outer4 / 2, first: 0).i
        let rowRanges = CircleBand.offsets(around: iy, within: height, also: (ix, width), below: last + 1)
        // Row pointers may point outside the buffer when clipping; only
        // pixels checked to be inside are touched.
        @inline(__always) func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { base + y &* stride }
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
                let xr = ix &+ j
                let xl = ix &- 1 &- j
                let yd = iy &+ j
                let yu = iy &- 1 &- j
                let rowD = row(yd)
                let rowU = row(yu)
                let downOK = UInt(bitPattern: yd) < h
                let upOK = UInt(bitPattern: yu) < h
                let rightOK = UInt(bitPattern: xr) < w
                let leftOK = UInt(bitPattern: xl) < w
                if withSolid {
                    let lo = max(solidRun.lo, j)
                    let hi = solidRun.hi
                    // The pixel (j, j) is its own vertical image: not twice.
                    let top = max(lo, j + 1)
                    // Runs wholly on the buffer (always, unless clipping) take no checks.
                    let runsFit = !clip || (ix &- 1 &- hi >= 0 && ix &+ hi < width && iy &- 1 &- hi >= 0 && iy &+ hi < height)
                    if lo <= hi && runsFit && opaque {
                        // Columns ix + lo...ix + hi and, mirrored, ix - 1 - hi...ix - 1 - lo.
                        let right = ix &+ lo
                        let left = ix &- 1 &- hi
                        for k in 0..<(hi &- lo &+ 1) {
                            rowD[right &+ k] = solidPixel
                            rowD[left &+ k] = solidPixel
                            rowU[right &+ k] = solidPixel
                            rowU[left &+ k] = solidPixel
                        }
                        if top <= hi {
                            var below = row(iy &+ top)
                            var above = row(iy &- 1 &- top)
                            for _ in top...hi {
                                below[xr] = solidPixel
                                below[xl] = solidPixel
                                above[xr] = solidPixel
                                above[xl] = solidPixel
                                below += stride
                                above -= stride
                            }
                        }
                    } else if lo <= hi {
                        fillSpan(yd, from: ix + lo, to: ix + hi + 1, solidPixel, color, opaque)
                        fillSpan(yd, from: ix - 1 - hi, to: ix - lo, solidPixel, color, opaque)
                        fillSpan(yu, from: ix + lo, to: ix + hi + 1, solidPixel, color, opaque)
                        fillSpan(yu, from: ix - 1 - hi, to: ix - lo, solidPixel, color, opaque)
                        if top <= hi {
                            fillColumn(xr, from: iy + top, to: iy + hi + 1, solidPixel, color, opaque)
                            fillColumn(xl, from: iy + top, to: iy + hi + 1, solidPixel, color, opaque)
                            fillColumn(xr, from: iy - 1 - hi, to: iy - top, solidPixel, color, opaque)
                            fillColumn(xl, from: iy - 1 - hi, to: iy - top, solidPixel, color, opaque)
                        }
                    }
                }
                while i <= last {
                    if i >= solidRun.lo && i <= solidRun.hi {
                        i = solidRun.hi + 1
                        continue
                    }
                    let coverage = circle.coverage(CircleBand.odd(i) &+ cj)
                    let a = opaque ? coverage : coverage &* Int(color.a) / 255
                    if a > 0 {
                        var mix = Mix(color, alpha: a, coverage: coverage, over: backdrop)
                        let xi = ix &+ i
                        let xil = ix &- 1 &- i
                        let rowI = row(iy &+ i)
                        let rowIU = row(iy &- 1 &- i)
                        // All eight images on the buffer (i >= j): no check per image.
                        if !clip || (xil >= 0 && xi < width && iy &- 1 &- i >= 0 && iy &+ i < height) {
                            mix.apply(rowD + xi)
                            mix.apply(rowD + xil)
                            mix.apply(rowU + xi)
                            mix.apply(rowU + xil)
                            if i != j {
                                mix.apply(rowI + xr)
                                mix.apply(rowI + xl)
                                mix.apply(rowIU + xr)
                                mix.apply(rowIU + xl)
                            }
                        } else {
                            // Clipped: rows yd, yu and columns xr, xl were checked for the row.
                            let xiOK = UInt(bitPattern: xi) < w
                            let xilOK = UInt(bitPattern: xil) < w
                            if downOK {
                                if xiOK { mix.apply(rowD + xi) }
                                if xilOK { mix.apply(rowD + xil) }
                            }
                            if upOK {
                                if xiOK { mix.apply(rowU + xi) }
                                if xilOK { mix.apply(rowU + xil) }
                            }
                            if i != j {
                                let yiOK = UInt(bitPattern: iy &+ i) < h
                                let yiuOK = UInt(bitPattern: iy &- 1 &- i) < h
                                if rightOK {
                                    if yiOK { mix.apply(rowI + xr) }
                                    if yiuOK { mix.apply(rowIU + xr) }
                                }
                                if leftOK {
                                    if yiOK { mix.apply(rowI + xl) }
                                    if yiuOK { mix.apply(rowIU + xl) }
                                }
                            }
                        }
                    }
                    i += 1
                }
            }
        }
    }
}

/// One colour at one alpha blended over pixels, remembering the last
/// destination and its result: the eight images of an edge pixel are mostly
/// over the same colour, the backdrop's (its result from its table).
struct Mix {
    let color: Color
    let alpha: Int
    let colorPixel: UInt32
    private var lastDestination: UInt32
    private var lastResult: UInt32

    @inline(__always) init(_ color: Color, alpha: Int, coverage: Int, over backdrop: Backdrop?) {
        self.color = color
        self.alpha = alpha
        colorPixel = PixelBuffer.argb(color)
        if let backdrop {
            lastDestination = backdrop.pixel
            lastResult = backdrop.table[coverage]
        } else {
            lastDestination = 0xffff_ffff
            var white = lastDestination
            PixelBuffer.blend(&white, color, alpha: alpha)
            lastResult = white
        }
    }

    /// Pixels are xRGB: the top byte is not compared. A pixel already of
    /// the colour stays as it is (c·a + c·(255 - a) rounds back to c), as
    /// where rings overlap.
    @inline(__always) mutating func apply(_ p: UnsafeMutablePointer<UInt32>) {
        let d = p.pointee | 0xff00_0000
        if d == lastDestination {
            p.pointee = lastResult
            return
        }
        if d == colorPixel { return }
        PixelBuffer.blend(p, color, alpha: alpha)
        lastDestination = d
        lastResult = p.pointee
    }
}
