/// Rings and discs as horizontal spans: solid runs are filled directly and
/// only pixels within half a pixel of an edge get coverage, from the distance
/// of the pixel centre to the circle's centre (a one-pixel feathered edge).
///
/// Each row is split once into intervals (solid left, hole, solid right) and
/// the pixels between them are edge pixels, walked in a tight loop with no
/// per-pixel classification or bounds checks. (A callgrind profile of the
/// first version, which classified every pixel and blended through the
/// checked `blend(x:y:)`, put two thirds of a frame's instructions there.)
extension PixelBuffer {
    /// A band between radii `inner` and `outer`; inner 0 makes a disc.
    func band(cx: Double, cy: Double, inner: Double, outer: Double, _ color: Color) {
        guard cx.isFinite, cy.isFinite, outer.isFinite, outer > 0 else { return }
        let outerEdge = outer + 0.5
        let y0 = max(Int((cy - outerEdge).rounded(.down)), 0)
        let y1 = min(Int((cy + outerEdge).rounded(.up)), height - 1)
        guard y0 <= y1 else { return }
        let solid = Self.argb(color)
        let opaque = color.a == 255
        let solidOuter = outer - 0.5, solidInner = inner + 0.5, holeEdge = inner - 0.5
        let ring = inner > 0
        for y in y0...y1 {
            let dy = Double(y) + 0.5 - cy
            let dy2 = dy * dy
            guard dy2 < outerEdge * outerEdge else { continue }
            let half = (outerEdge * outerEdge - dy2).squareRoot()
            // |dx| ranges, for pixel centres: solid in [solidLow, solidHigh], empty below hole.
            let solidHigh = solidOuter > 0 && dy2 <= solidOuter * solidOuter ? (solidOuter * solidOuter - dy2).squareRoot() : -1
            let solidLow = ring && dy2 < solidInner * solidInner ? (solidInner * solidInner - dy2).squareRoot() : 0
            let hole = ring && holeEdge > 0 && dy2 < holeEdge * holeEdge ? (holeEdge * holeEdge - dy2).squareRoot() : -1
            // Only centres strictly inside the outer edge (|dx| < half) have any
            // coverage: the pixels just outside, which the first version
            // walked on every row, cost a third of the edge pixels.
            let start = max(Int((cx - half - 0.5).rounded(.down)) + 1, 0)
            let end = min(Int((cx + half - 0.5).rounded(.up)), width)
            guard start < end else { continue }
            let row = base + y * stride

            // Pixel x has its centre at x + 0.5: the intervals in pixel indices, half-open.
            var intervals: (Int, Int, Bool, Int, Int, Bool, Int, Int, Bool) = (0, 0, true, 0, 0, false, 0, 0, true)
            var count = 0
            func add(_ lo: Int, _ hi: Int, fill: Bool) {
                let item = (lo, hi, fill)
                switch count {
                case 0: (intervals.0, intervals.1, intervals.2) = item
                case 1: (intervals.3, intervals.4, intervals.5) = item
                default: (intervals.6, intervals.7, intervals.8) = item
                }
                count += 1
            }
            let hasSolid = opaque && solidHigh >= 0 && solidHigh >= solidLow
            if hasSolid {
                let leftLo = Int((cx - solidHigh - 0.5).rounded(.up)), leftHi = Int((cx - solidLow - 0.5).rounded(.down)) + 1
                let rightLo = Int((cx + solidLow - 0.5).rounded(.up)), rightHi = Int((cx + solidHigh - 0.5).rounded(.down)) + 1
                if !ring || leftHi >= rightLo {
                    add(leftLo, rightHi, fill: true)
                } else {
                    add(leftLo, leftHi, fill: true)
                    if hole > 0 { add(Int((cx - hole - 0.5).rounded(.down)) + 1, Int((cx + hole - 0.5).rounded(.up)), fill: false) }
                    add(rightLo, rightHi, fill: true)
                }
            } else if hole > 0 {
                add(Int((cx - hole - 0.5).rounded(.down)) + 1, Int((cx + hole - 0.5).rounded(.up)), fill: false)
            }

            var x = start
            func edges(to limit: Int) {
                let stop = min(limit, end)
                while x < stop {
                    let adx = abs(Double(x) + 0.5 - cx)
                    let d = (adx * adx + dy2).squareRoot()
                    let outerCoverage = outer + 0.5 - d
                    let innerCoverage = d - inner + 0.5
                    // Branch-free: coverage flips between 0, partial and 1
                    // unpredictably along an edge, and the blend is exact at
                    // alpha 0 (the pixel) and 255 (the colour).
                    var c = ring && innerCoverage < outerCoverage ? innerCoverage : outerCoverage
                    c = c < 0 ? 0 : c
                    c = c > 1 ? 1 : c
                    let coverage = Int(c * 255 + 0.5)
                    Self.blend(row + x, color, alpha: opaque ? coverage : coverage &* Int(color.a) / 255)
                    x += 1
                }
            }
            func interval(_ lo: Int, _ hi: Int, _ fill: Bool) {
                let lo = max(lo, x), hi = min(hi, end)
                guard lo < hi else { return }
                edges(to: lo)
                if fill { (row + lo).update(repeating: solid, count: hi - lo) }
                x = hi
            }
            if count > 0 { interval(intervals.0, intervals.1, intervals.2) }
            if count > 1 { interval(intervals.3, intervals.4, intervals.5) }
            if count > 2 { interval(intervals.6, intervals.7, intervals.8) }
            edges(to: end)
        }
    }
}
