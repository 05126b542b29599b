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
        guard a < 1e14 else { return String(format: "%.1f%%", value) }
        // q = floor(10a), exactly.
        var q = (a * 10).rounded(.down)
        if (-q).addingProduct(a, 10) < 0 { q -= 1 }
        if (-(q + 1)).addingProduct(a, 10) >= 0 { q += 1 }
        // 10a in [q, q + 1): compare 20a with 2q + 1.
        let s = (-(2 * q + 1)).addingProduct(a, 20)
        var n = Int(q)
        if s > 0 || (s == 0 && n % 2 == 1) { n += 1 }
        var text = value.sign == .minus ? "-" : ""
        text += String(n / 10)
        text += "."
        text += String(n % 10)
        text += "%"
        return text
    }
}
