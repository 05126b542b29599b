/// Check-weighing's limits saved under a product's name (config
/// `products`): an operator picks a product instead of typing its limits
/// again, and each weighing in check mode keeps the product's name.
public struct Product: Equatable, Sendable {
    public var name: String
    /// UNDER below `low` grams, OVER above `high`, OK between (both included).
    public var low: Double
    public var high: Double

    public init(name: String, low: Double, high: Double) {
        self.name = name
        self.low = low
        self.high = high
    }

    /// The most characters of a name (what the footer and the history have room for).
    public static let maxNameLength = 32

    /// Why `name` cannot name a product, nil when it can: not empty, not
    /// too long, no control characters (it is drawn and written to a CSV).
    public static func nameProblem(_ name: String) -> String? {
        if name.trimmingCharacters(in: .whitespaces).isEmpty { return "a product's name must not be empty" }
        if name.count > maxNameLength { return "a product's name is at most \(maxNameLength) characters, got \(name.count)" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "a product's name must not contain control characters"
        }
        return nil
    }

    /// The check mode its limits make.
    public var mode: ScaleMode { .check(low: low, high: high) }
}

extension [Product] {
    /// The same list with `product` in place of the one of its name, or after the others.
    func saving(_ product: Product) -> [Product] {
        guard let index = firstIndex(where: { $0.name == product.name }) else { return self + [product] }
        var list = self
        list[index] = product
        return list
    }

    /// "Product 3": the first such name not taken yet.
    var freeName: String {
        var n = count + 1
        while contains(where: { $0.name == "Product \(n)" }) { n += 1 }
        return "Product \(n)"
    }
}
