import PlumScaleCore

/// A circle band on the pixel grid: its centre on the corner (ix, iy), and
/// its radii as thresholds on 4d² = (2i + 1)² + (2j + 1)², where a pixel is
/// i columns and j rows from that corner (counting from 0 on each side).
struct CircleBand {
    let ix: Int, iy: Int
    let inner: Double, outer: Double
    let ring: Bool
    /// Integer 4d² thresholds: a pixel has coverage up to `outer4`, is solid
    /// up to `solidOuter4` (negative: no solid pixels) and from
    /// `solidInner4`, and empty up to `hole4` (negative: no hole).
    let outer4: Int, solidOuter4: Int, solidInner4: Int, hole4: Int
    /// Rows and columns past the centre's corner that can have coverage.
    let reach: Int

    init(cx: Double, cy: Double, inner: Double, outer: Double) {
        ix = Int(cx.rounded())
        iy = Int(cy.rounded())
        self.inner = inner
        self.outer = outer
        ring = inner > 0
        // For an integer v: v < x is v <= ceil(x) - 1, and v <= x is v <= floor(x).
        func below(_ x: Double) -> Int { Int(x.rounded(.up)) - 1 }
        func upTo(_ x: Double) -> Int { Int(x.rounded(.down)) }
        outer4 = below(4 * (outer + 0.5) * (outer + 0.5))
        solidOuter4 = outer > 0.5 ? upTo(4 * (outer - 0.5) * (outer - 0.5)) : -1
        solidInner4 = ring ? below(4 * (inner + 0.5) * (inner + 0.5)) : -1
        hole4 = ring && inner > 0.5 ? upTo(4 * (inner - 0.5) * (inner - 0.5)) : -1
        reach = Int(outer + 0.5) + 1
    }

    @inline(__always) static func odd(_ k: Int) -> Int { (2 &* k &+ 1) &* (2 &* k &+ 1) }

    /// Coverage 0...255 of a pixel at 4d² = `d4`.
    @inline(__always)
    func coverage(_ d4: Int) -> Int {
        let d = Double(d4).squareRoot() * 0.5
        var c = outer + 0.5 - d
        if ring { c = min(c, d - inner + 0.5) }
        c = c < 0 ? 0 : c > 1 ? 1 : c
        return Int(c * 255 + 0.5)
    }

    /// The largest i >= 0 with (2i + 1)² + c <= `limit`, -1 if none (or if
    /// the limit is negative). Rows are walked with c growing, so it only
    /// moves down: a square root for the first row, then integer steps,
    /// (2i - 1)² being (2i + 1)² - 8i.
    struct Boundary {
        let limit: Int
        private(set) var i: Int
        private var odd: Int

        init(_ limit: Int, first c: Int) {
            self.limit = limit
            let room = Double(limit - c)
            i = room > 1 ? Int((room.squareRoot() - 1) / 2) : 0
            while CircleBand.odd(i + 1) &+ c <= limit { i += 1 }
            odd = CircleBand.odd(i)
            _ = next(c)
        }

        @inline(__always) mutating func next(_ c: Int) -> Int {
            while i >= 0 && odd &+ c > limit {
                odd &-= 8 &* i
                i &-= 1
            }
            return i
        }
    }

    /// Solid columns lo...hi on successive rows (lo > hi: none).
    struct SolidRuns {
        var outer: Boundary
        var inner: Boundary
        let ring: Bool
        @inline(__always) mutating func next(_ c: Int) -> (lo: Int, hi: Int) {
            let hi = outer.next(c)
            return (ring ? inner.next(c) + 1 : 0, hi)
        }
    }

    func solidRuns(from k: Int) -> SolidRuns {
        let c = Self.odd(k)
        return SolidRuns(outer: Boundary(solidOuter4, first: c), inner: Boundary(solidInner4, first: c), ring: ring)
    }

    /// Offsets k in 0..<limit that put centre + k or centre - 1 - k in
    /// 0..<size (and, with `also`, the same for a second centre and size).
    static func offsets(around centre: Int, within size: Int, also: (Int, Int)? = nil, below limit: Int) -> Offsets {
        let (c, n) = also ?? (0, 0)
        return Offsets((-centre)..<(size - centre), (centre - size)..<centre, (-c)..<(n - c), (c - n)..<c, below: limit)
    }

    /// Up to four ranges of offsets, walked as their union in increasing
    /// order without building it.
    struct Offsets: Sequence, IteratorProtocol {
        private let r0: Range<Int>, r1: Range<Int>, r2: Range<Int>, r3: Range<Int>
        private var from = 0

        init(_ a: Range<Int>, _ b: Range<Int>, _ c: Range<Int>, _ d: Range<Int>, below limit: Int) {
            let all = 0..<Swift.max(limit, 0)
            (r0, r1, r2, r3) = (a.clamped(to: all), b.clamped(to: all), c.clamped(to: all), d.clamped(to: all))
        }

        /// The next run of offsets at or after `from`, merged across the ranges.
        mutating func next() -> Range<Int>? {
            var start = Int.max
            var end = Int.min
            let from = self.from
            each { r in
                let s = Swift.max(r.lowerBound, from)
                if r.upperBound > from, !r.isEmpty, s < start { (start, end) = (s, r.upperBound) }
            }
            guard start != Int.max else { return nil }
            var grew = true
            while grew {
                grew = false
                each { r in
                    if !r.isEmpty, r.lowerBound <= end, r.upperBound > end {
                        end = r.upperBound
                        grew = true
                    }
                }
            }
            self.from = end
            return start..<end
        }

        @inline(__always) private func each(_ body: (Range<Int>) -> Void) {
            body(r0)
            body(r1)
            body(r2)
            body(r3)
        }
    }
}
