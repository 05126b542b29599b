import Foundation

/// `products`: check-weighing's limits saved per product, `{"NAME": {"low":
/// G, "high": G}, ...}`, in the file's order. Products are picked in check
/// mode, so the config must offer one (`scaleMode`).
extension ConfigReader {
    mutating func products(_ value: JSONValue, at path: ConfigKeyPath, modes: [ScaleMode]) -> [Product] {
        guard let keys = members(value, at: path, known: nil), case .object(let list) = value else { return [] }
        var products: [Product] = []
        var seen = Set<String>()
        // In the file's order; a duplicate was reported by `members`.
        for member in list where keys[member.key] != nil && seen.insert(member.key).inserted {
            let productPath = path.quotedKey(member.key)
            if let problem = Product.nameProblem(member.key) { fail(productPath, problem) }
            guard let limits = members(member.value, at: productPath, known: ["low", "high"]) else { continue }
            let before = issues.count
            let low = massGrams(limits["low"], at: productPath.key("low"), what: "the lower limit")
            let high = massGrams(limits["high"], at: productPath.key("high"), what: "the upper limit")
            if issues.count == before, low > high {
                fail(productPath.key("high"), "must be at least low (\(JSONValue.format(low))), got \(JSONValue.format(high))")
            }
            if issues.count == before { products.append(Product(name: member.key, low: low, high: high)) }
        }
        let checks = modes.contains { $0.name == "check" }
        if !list.isEmpty, !checks {
            fail(path, "products are picked in check-weighing: add {\"mode\": \"check\", ...} to scaleMode")
        }
        return products
    }
}

extension Config {
    /// `products` as the file writes it, in order.
    static func productsJSON(_ products: [Product]) -> JSONValue {
        .object(products.map { JSONMember($0.name, .fields([("low", .number($0.low)), ("high", .number($0.high))])) })
    }
}
