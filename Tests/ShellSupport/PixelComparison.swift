import PlumScale

/// Pixels of `a` with no pixel within 1 px in `b` within `tolerance` per channel.
func unmatchedPixels(_ a: Image, _ b: Image, tolerance: Int) -> Int {
    func close(_ p: UInt32, _ q: UInt32) -> Bool {
        for shift in [16, 8, 0] where abs(Int((p >> UInt32(shift)) & 0xff) - Int((q >> UInt32(shift)) & 0xff)) > tolerance {
            return false
        }
        return true
    }
    var count = 0
    for y in 0..<a.height {
        for x in 0..<a.width {
            let p = a.pixels[y * a.width + x]
            if close(p, b.pixels[y * b.width + x]) { continue }
            var found = false
            search: for ny in max(y - 1, 0)...min(y + 1, b.height - 1) {
                for nx in max(x - 1, 0)...min(x + 1, b.width - 1) where close(p, b.pixels[ny * b.width + nx]) {
                    found = true
                    break search
                }
            }
            if !found { count += 1 }
        }
    }
    return count
}
