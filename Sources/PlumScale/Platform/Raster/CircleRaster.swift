/// Rings and discs as horizontal spans: solid runs are filled directly and
/// only pixels within half a pixel of an edge get coverage, from the distance
/// of the pixel centre to the circle's centre (a one-pixel feathered edge).
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
        for y in y0...y1 {
            let dy = Double(y) + 0.5 - cy
            let dy2 = dy * dy
            guard dy2 < outerEdge * outerEdge else { continue }
            let half = (outerEdge * outerEdge - dy2).squareRoot()
            // |dx| ranges, for pixel centres: solid in [solidLow, solidHigh], empty below hole.
            let solidHigh = solidOuter > 0 && dy2 <= solidOuter * solidOuter ? (solidOuter * solidOuter - dy2).squareRoot() : -1
            let solidLow = inner > 0 && dy2 < solidInner * solidInner ? (solidInner * solidInner - dy2).squareRoot() : 0
            let hole = inner > 0 && holeEdge > 0 && dy2 < holeEdge * holeEdge ? (holeEdge * holeEdge - dy2).squareRoot() : -1
            var x = max(Int((cx - half - 0.5).rounded(.down)), 0)
            let xEnd = min(Int((cx + half + 0.5).rounded(.up)), width)
            while x < xEnd {
                let px = Double(x) + 0.5
                let adx = abs(px - cx)
                if adx < hole {
                    // Jump over the hole to the first centre at or past cx + hole.
                    x = max(x + 1, Int((cx + hole - 0.5).rounded(.up)))
                    continue
                }
                if opaque, adx >= solidLow, adx <= solidHigh {
                    // The run ends where |dx| leaves [solidLow, solidHigh].
                    let limit = px <= cx ? cx - solidLow : cx + solidHigh
                    let end = min(max(x + 1, Int((limit - 0.5).rounded(.down)) + 1), xEnd)
                    span(y: y, from: x, to: end, solid)
                    x = end
                    continue
                }
                let d = (adx * adx + dy2).squareRoot()
                let outerCoverage = outer + 0.5 - d
                let c = min(max(inner > 0 ? min(outerCoverage, d - inner + 0.5) : outerCoverage, 0), 1)
                blend(x: x, y: y, color, coverage: Int(c * 255 + 0.5))
                x += 1
            }
        }
    }
}
