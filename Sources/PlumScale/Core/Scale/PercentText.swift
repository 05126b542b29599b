import Foundation

/// C's "%.1f%%" without String(format:), which costs about 12,000
/// instructions a call (a callgrind profile of apply() + scene() put a third
/// of all time there). Exact: the tenths are rounded from the double's exact
/// binary value, ties to even, as glibc's printf does; the comparisons use
/// fma, whose single rounding keeps the sign of the exact difference.
enum PercentText {
    static func format(_ value: Double) -> String {
        let a = abs(value)
        // Out of the fast range (and NaN, infinities): the reference itself.
        guard a < 1e9 else { return String(format: "%.1f%%", value) }
        // q = floor(10a), exactly.
        var q = (a * 10).rounded(.down)
        if (-q).addingProduct(a, 10) < 0 { q -= 1 }
        if (-(q + 1)).addingProduct(a, 10) >= 0 { q += 1 }
        // 10a in [q, q + 1): compare 20a with 2q + 1.
        let s = (-(2 * q + 1)).addingProduct(a, 20)
        var n = Int(q)
        if s > 0 || (s == 0 && n % 2 == 1) { n += 1 }
        let negative = value.sign == .minus
        // The digits written once into the string's own storage (a small
        // string, at most 15 bytes below 1e9: no heap allocation).
        return String(unsafeUninitializedCapacity: 15) { buffer in
            var digits = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0) as (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int)
            var count = 0
            var whole = n / 10
            withUnsafeMutableBytes(of: &digits) { raw in
                let d = raw.bindMemory(to: Int.self)
                repeat {
                    d[count] = whole % 10
                    whole /= 10
                    count += 1
                } while whole > 0
            }
            var i = 0
            if negative { buffer[i] = UInt8(ascii: "-"); i += 1 }
            withUnsafeBytes(of: &digits) { raw in
                let d = raw.bindMemory(to: Int.self)
                for k in stride(from: count - 1, through: 0, by: -1) {
                    buffer[i] = UInt8(48 + d[k])
                    i += 1
                }
            }
            buffer[i] = UInt8(ascii: ".")
            buffer[i + 1] = UInt8(48 + n % 10)
            buffer[i + 2] = UInt8(ascii: "%")
            return i + 3
        }
    }
}
