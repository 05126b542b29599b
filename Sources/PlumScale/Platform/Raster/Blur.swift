import PlumScaleCore

/// A box blur in two passes (rows, then columns), with running sums so the
/// cost does not grow with the radius. Two box passes look close to a
/// Gaussian for a short-lived effect like the Peek & Pop hint.
extension PixelBuffer {
    func boxBlur(radius: Int) {
        guard radius > 0, width > 1, height > 1 else { return }
        var line = [UInt32](repeating: 0, count: max(width, height))
        for y in 0..<height {
            blurLine(start: base + y * stride, count: width, step: 1, radius: radius, scratch: &line)
        }
        for x in 0..<width {
            blurLine(start: base + x, count: height, step: stride, radius: radius, scratch: &line)
        }
    }

    private func blurLine(start: UnsafeMutablePointer<UInt32>, count: Int, step: Int, radius: Int, scratch: inout [UInt32]) {
        for i in 0..<count { scratch[i] = start[i * step] }
        let r = min(radius, count - 1)
        let window = 2 * r + 1
        var sr = 0
        var sg = 0
        var sb = 0
        // The window starts centred on pixel 0, edges repeated.
        for k in -r...r {
            let p = scratch[min(max(k, 0), count - 1)]
            sr += Int((p >> 16) & 0xff)
            sg += Int((p >> 8) & 0xff)
            sb += Int(p & 0xff)
        }
        for i in 0..<count {
            start[i * step] = 0xff00_0000 | UInt32(sr / window) << 16 | UInt32(sg / window) << 8 | UInt32(sb / window)
            let leaving = scratch[max(i - r, 0)]
            let entering = scratch[min(i + r + 1, count - 1)]
            sr += Int((entering >> 16) & 0xff) - Int((leaving >> 16) & 0xff)
            sg += Int((entering >> 8) & 0xff) - Int((leaving >> 8) & 0xff)
            sb += Int(entering & 0xff) - Int(leaving & 0xff)
        }
    }
}
