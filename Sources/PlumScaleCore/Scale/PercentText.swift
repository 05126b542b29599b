import Foundation

/// C's "%.1f%%" (and "%.1f g") without String(format:), which costs about
/// 12,000 instructions a call (a callgrind profile of apply() + scene() put a
/// third of all time there). Exact: the tenths are rounded from the double's
/// exact binary value, ties to even, as glibc's printf does; the comparisons
/// use fma, whose single rounding keeps the sign of the exact difference.
enum PercentText {
    /// "%.1f%%". The labels of forces 0...1 ("0.0%" to "100.0%") are written
    /// once and looked up: a scene shows one per contact.
    static func format(_ value: Double) -> String {
        // Out of the fast range (and NaN, infinities): the reference itself.
        guard let (tenths, negative) = roundedTenths(value) else { return String(format: "%.1f%%", value) }
        if !negative, tenths < labels.count { return labels[tenths] }
        return write(tenths, negative: negative, suffix: "%")
    }

    /// "%.1f g".
    static func grams(_ value: Double) -> String {
        guard let (tenths, negative) = roundedTenths(value) else { return String(format: "%.1f g", value) }
        return write(tenths, negative: negative, suffix: " g")
    }

    /// "0.0%" ... "100.0%".
    private static let labels: [String] = (0...1000).map { write($0, negative: false, suffix: "%") }

    /// |value| × 10 rounded as printf rounds it, and the sign; nil from 1e9 on.
    private static func roundedTenths(_ value: Double) -> (tenths: Int, negative: Bool)? {
        let a = abs(value)
        guard a < 1e9 else { return nil }
        // Fast path: 10a computed is within 2^-20 of the exact product (its
        // ulp is at most 2^-19 below 1e10), so when it lies clearly closer to
        // one integer than to any half, that integer is the rounding.
        let t = a * 10
        let r = t.rounded(.toNearestOrEven)
        if abs(t - r) < 0.49999 { return (Int(r), value.sign == .minus) }
        // Near a half: q = floor(10a), exactly.
        var q = (a * 10).rounded(.down)
        if (-q).addingProduct(a, 10) < 0 { q -= 1 }
        if (-(q + 1)).addingProduct(a, 10) >= 0 { q += 1 }
        // 10a in [q, q + 1): compare 20a with 2q + 1.
        let s = (-(2 * q + 1)).addingProduct(a, 20)
        var n = Int(q)
        if s > 0 || (s == 0 && n % 2 == 1) { n += 1 }
        return (n, value.sign == .minus)
    }

    /// "-12.3" and the suffix, from whole tenths: small strings (at most 15
    /// bytes below 1e9), so no heap allocation.
    private static func write(_ n: Int, negative: Bool, suffix: String) -> String {
        (negative ? "-" : "") + String(n / 10) + "." + String(n % 10) + suffix
    }
}
