import Foundation
import PlumScaleCore

extension ConfigFile {
    /// Stores a check-weighing product's limits under its name in
    /// `products` (in place of one of that name, else after the others),
    /// keeping every other key as it was. The file is written atomically.
    public static func saveProduct(_ product: Product, to path: String) throws(ConfigError) {
        let productPath = ConfigKeyPath.root.key("products").quotedKey(product.name)
        var problems: [ConfigIssue] = []
        if let problem = Product.nameProblem(product.name) { problems.append(ConfigIssue(path: productPath.text, message: problem)) }
        let most = CalibrationFit.Limits.maximumGrams
        if !(product.low >= 0 && product.low <= product.high && product.high <= most) {
            problems.append(ConfigIssue(path: productPath.text, message: "limits from 0 to \(Int(most)) g, low ≤ high"))
        }
        if !problems.isEmpty { throw ConfigError(file: path, issues: problems) }
        var root = try editableRoot(at: path)
        var products = JSONValue.object([])
        if let saved = root["products"], case .object = saved { products = saved }
        let limits = JSONValue.fields([("low", .number(product.low)), ("high", .number(product.high))])
        root = root.setting("products", to: products.setting(product.name, to: limits))
        try writeAtomically(root.pretty() + "\n", to: path)
    }
}
