import PlumScaleCore

/// A box blur in two passes (rows, then columns), with running sums so the
/// cost does not grow with the radius. Two box passes look close to a
/// Gaussian for a short-lived effect like the Peek & Pop hint.
extension PixelBuffer {
    func boxBlur(radius: Int) {
        guard radius > 0, width > 1, height > 1 else { return }
        let line = UnsafeMutablePointer<UInt32>.allocate(capacity: max(width, height))
        defer { line.deallocate() }
        for y in 0..<height {
            Self.blurLine(start: base + y * stride, count: width, step: 1, radius: radius, scratch: line)
        }
        for x in 0..<width {
            Self.blurLine(start: base + x, count: height, step: stride, radius: radius, scratch: line)
        }
    }

    /// One row or column, copied into `scratch` first: each pixel becomes
    /// the mean of the 2r + 1 around it, the ends repeated beyond the edge.
    /// The sums are kept per channel, and the clamps are plain comparisons: a
    /// hint frame is blurred every frame, in the tests' debug build too,
    /// where a generic min or an array's subscript is a call per pixel (46
    /// ms for 800x480 there before, with the same arithmetic).
    private static func blurLine(
        start: UnsafeMutablePointer<UInt32>, count: Int, step: Int, radius: Int, scratch: UnsafeMutablePointer<UInt32>
    ) {
        for i in 0..<count { scratch[i] = start[i &* step] }
        let r = radius < count - 1 ? radius : count - 1
        let window = UInt32(truncatingIfNeeded: 2 * r + 1)
        var red: UInt32 = 0
        var green: UInt32 = 0
        var blue: UInt32 = 0
        // The window starts centred on pixel 0: r + 1 times the first pixel, then the r after it.
        for k in -r...r {
            let p = scratch[k > 0 ? k : 0]
            red = red &+ (p >> 16) & 0xff
            green = green &+ (p >> 8) & 0xff
            blue = blue &+ p & 0xff
        }
        let last = count - 1
        for i in 0..<count {
            start[i &* step] = 0xff00_0000 | (red / window) << 16 | (green / window) << 8 | blue / window
            let entering = scratch[i + r + 1 <= last ? i + r + 1 : last]
            let leaving = scratch[i >= r ? i - r : 0]
            red = red &+ (entering >> 16) & 0xff &- (leaving >> 16) & 0xff
            green = green &+ (entering >> 8) & 0xff &- (leaving >> 8) & 0xff
            blue = blue &+ entering & 0xff &- leaving & 0xff
        }
    }
}
