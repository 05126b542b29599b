import PlumScale

/// Whether two pixels are within `tolerance` levels in each of red, green and blue.
func levelsClose(_ p: UInt32, _ q: UInt32, tolerance: Int) -> Bool {
    Image.channelDistance(p, q) <= tolerance
}

/// Pixels of `a` with no pixel within 1 px in `b` within `tolerance` per channel.
func unmatchedPixels(_ a: Image, _ b: Image, tolerance: Int) -> Int {
    func close(_ p: UInt32, _ q: UInt32) -> Bool { levelsClose(p, q, tolerance: tolerance) }
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

/// Where two pictures of one size differ by more than `tolerance` levels
/// (x, y, width, height), nil where they do not: said when a comparison
/// fails, so a log alone tells a torn frame from a stale reading.
func differingBox(_ a: Image, _ b: Image, tolerance: Int) -> (Int, Int, Int, Int)? {
    var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
    for y in 0..<min(a.height, b.height) {
        for x in 0..<min(a.width, b.width) {
            let p = a.pixels[y * a.width + x]
            let q = b.pixels[y * b.width + x]
            guard !levelsClose(p, q, tolerance: tolerance) else { continue }
            (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
        }
    }
    return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
}
