/// Check-weighing's products on the scale screen: `o` (Product) picks the
/// next saved product's limits, `l` (New product) types limits and a name
/// and saves them in the config file (`products`). In a kiosk both are
/// the operator's, as choosing the mode is.
extension ScaleFunctions {
    /// `o`: the next product's limits, after the last the config's own.
    mutating func productTapped(_ context: ScaleFunctionContext) -> [ScaleFunctionRequest] {
        guard case .check = scaleMode else {
            return [.say("Products are check-weighing's limits: choose check-weighing first (m).", seconds: 4)]
        }
        guard !products.isEmpty else {
            return [.say("No product saved yet: New product (l) saves limits under a name.", seconds: 4)]
        }
        let index = product.flatMap { name in products.firstIndex { $0.name == name } }
        let next = index.map { $0 + 1 } ?? 0
        guard next < products.count, let format = gramFormat(context) else {
            product = nil
            scaleMode = context.modes.first { $0.name == "check" } ?? scaleMode
            let limits = scaleMode.summary(format: gramFormat(context) ?? .tenthGram) ?? ""
            return [.say("No product: the config's limits · " + limits, seconds: 3)]
        }
        return use(products[next], format: format)
    }

    /// `l`: a new product's limits and name are asked for (grams only: they are masses).
    mutating func newProductTapped(_ context: ScaleFunctionContext) -> [ScaleFunctionRequest] {
        guard case .check(let low, let high) = scaleMode else {
            return [.say("A product holds check-weighing's limits: choose check-weighing first (m).", seconds: 4)]
        }
        guard let format = gramFormat(context) else {
            return [.say("A product's limits are masses: calibrate the scale first (k).", seconds: 4)]
        }
        countSample = nil
        presetTareEntry = nil
        productEntry = ProductEntry(
            low: low, high: high, typedLow: Self.typed(low, format), typedHigh: Self.typed(high, format), unitGrams: units.grams)
        // The pad covers the screen: what the last notice said (a product picked) is behind it.
        return [.clearScreenNotice]
    }

    /// A key while a product is typed.
    mutating func productKeyPressed(_ key: Key, modifiers: Modifiers = [], _ context: ScaleFunctionContext) -> [ScaleFunctionRequest] {
        guard var entry = productEntry else { return [] }
        switch entry.reduce(key, shift: modifiers.contains(.shift)) {
        case .typing:
            productEntry = entry
            return []
        case .cancelled:
            productEntry = nil
            return []
        case .highBelowLow:
            productEntry = entry
            return [.say("The upper limit must be at least the lower one.", seconds: 3)]
        case .confirmed(let name, let low, let high):
            productEntry = nil
            let most = CalibrationFit.Limits.maximumGrams
            guard high <= most, let format = gramFormat(context) else {
                return [.say("A limit is at most \(Self.pieceText(most, unit: units)).", seconds: 4)]
            }
            let saved = Product(name: name ?? products.freeName, low: low, high: high)
            if let problem = Product.nameProblem(saved.name) { return [.say("Not saved: \(problem).", seconds: 4)] }
            products = products.saving(saved)
            return use(saved, format: format) + [.perform(.saveProduct(saved))]
        }
    }

    /// The product's limits in use from now on, said in a notice.
    private mutating func use(_ chosen: Product, format: WeightFormat) -> [ScaleFunctionRequest] {
        product = chosen.name
        scaleMode = chosen.mode
        return [.say("Product \(chosen.name) · " + (chosen.mode.summary(format: format) ?? ""), seconds: 3)]
    }

    /// The footer's line while a product is typed.
    func productPrompt(_ entry: ProductEntry) -> String {
        switch entry.stage {
        case .low: "New product: lower limit in \(units.rawValue) (\(entry.typed)_) · Enter · Esc cancels"
        case .high: "New product: upper limit in \(units.rawValue) (\(entry.typed)_) · Enter · Esc cancels"
        case .name: "New product: its name (\(entry.typed)_) · Enter saves (none typed: \(products.freeName)) · Esc cancels"
        }
    }

    /// The pad's title while a product is typed.
    func productPadTitle(_ entry: ProductEntry) -> String {
        switch entry.stage {
        case .low: "Lower limit (\(units.rawValue))"
        case .high: "Upper limit (\(units.rawValue))"
        case .name: "Name (keyboard) · OK alone: \(products.freeName)"
        }
    }

    /// A limit as it would be typed: its number in the units, to d ("150").
    static func typed(_ grams: Double, _ format: WeightFormat) -> String {
        let text = format.text(grams: grams) ?? ""
        return String(text.prefix { $0 != " " })
    }

    /// The state document's `product`: {"name", "low", "high"} of the
    /// product in use (masses in `format`, to d), null without one. Beside
    /// it `products`, the names saved in order, and `product_entry`,
    /// {"stage", "typed"} while a new product is typed (null otherwise).
    func productDocument(format: WeightFormat) -> JSONValue {
        guard let inUse = product.flatMap({ name in products.first { $0.name == name } }) else { return .null }
        return .fields([
            ("name", .string(inUse.name)), ("low", .rounded(format.value(grams: inUse.low))),
            ("high", .rounded(format.value(grams: inUse.high))),
        ])
    }

    var productsDocument: JSONValue { .array(products.map { .string($0.name) }) }

    var productEntryDocument: JSONValue {
        guard let entry = productEntry else { return .null }
        return .fields([("stage", .string(entry.stage.rawValue)), ("typed", .string(entry.typed))])
    }
}
