/// Check-weighing's products on the scale screen: `o` (Product) picks the
/// next saved product's limits, `l` (New product) types limits and a name
/// and saves them in the config file (`products`). In a kiosk both are
/// the operator's, as choosing the mode is.
extension AppState {
    /// `o`: the next product's limits, after the last the config's own.
    mutating func productTapped() {
        guard case .check = scaleMode else {
            show("Products are check-weighing's limits: choose check-weighing first (m).", seconds: 4)
            return
        }
        guard !products.isEmpty else {
            show("No product saved yet: New product (l) saves limits under a name.", seconds: 4)
            return
        }
        let index = product.flatMap { name in products.firstIndex { $0.name == name } }
        let next = index.map { $0 + 1 } ?? 0
        guard next < products.count, let format = gramFormat else {
            product = nil
            scaleMode = config.scaleModes.first { $0.name == "check" } ?? scaleMode
            show("No product: the config's limits · " + (scaleMode.summary(format: gramFormat ?? .tenthGram) ?? ""), seconds: 3)
            return
        }
        use(products[next], format: format)
    }

    /// `l`: a new product's limits and name are asked for (grams only: they are masses).
    mutating func newProductTapped() {
        guard case .check(let low, let high) = scaleMode else {
            show("A product holds check-weighing's limits: choose check-weighing first (m).", seconds: 4)
            return
        }
        guard let format = gramFormat else {
            show("A product's limits are masses: calibrate the scale first (k).", seconds: 4)
            return
        }
        countSample = nil
        presetTareEntry = nil
        // The pad covers the screen: what the last notice said (a product picked) is behind it.
        if visibleNotice?.screen != nil { notice = nil }
        productEntry = ProductEntry(
            low: low, high: high, typedLow: Self.typed(low, format), typedHigh: Self.typed(high, format), unitGrams: units.grams)
    }

    /// A key while a product is typed.
    mutating func productKeyPressed(_ key: Key, modifiers: Modifiers = []) {
        guard var entry = productEntry else { return }
        switch entry.reduce(key, shift: modifiers.contains(.shift)) {
        case .typing:
            productEntry = entry
        case .cancelled:
            productEntry = nil
        case .highBelowLow:
            productEntry = entry
            show("The upper limit must be at least the lower one.", seconds: 3)
        case .confirmed(let name, let low, let high):
            productEntry = nil
            let most = CalibrationFit.Limits.maximumGrams
            guard high <= most, let format = gramFormat else {
                show("A limit is at most \(Self.pieceText(most, unit: units)).", seconds: 4)
                return
            }
            let saved = Product(name: name ?? products.freeName, low: low, high: high)
            if let problem = Product.nameProblem(saved.name) { return show("Not saved: \(problem).", seconds: 4) }
            products = products.saving(saved)
            use(saved, format: format)
            outbox.append(.saveProduct(saved))
        }
    }

    /// The product's limits in use from now on, said in a notice.
    private mutating func use(_ chosen: Product, format: WeightFormat) {
        product = chosen.name
        scaleMode = chosen.mode
        show("Product \(chosen.name) · " + (chosen.mode.summary(format: format) ?? ""), seconds: 3)
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

    /// The format of the masses shown, nil without grams.
    var gramFormat: WeightFormat? {
        guard source.mode == .force, let gramScale = scale.gramScale else { return nil }
        return WeightFormat(unit: units, stepGrams: gramScale.stepGrams)
    }

    /// A limit as it would be typed: its number in the units, to d ("150").
    static func typed(_ grams: Double, _ format: WeightFormat) -> String {
        let text = format.text(grams: grams) ?? ""
        return String(text.prefix { $0 != " " })
    }

    /// The state document's `product`: {"name", "low", "high"} of the
    /// product in use (masses in the units, to d), null without one. Beside
    /// it `products`, the names saved in order, and `product_entry`,
    /// {"stage", "typed"} while a new product is typed (null otherwise).
    var productDocument: JSONValue {
        let format = gramFormat ?? .tenthGram
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
