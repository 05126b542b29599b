/// The root's side of the scale's functions (Scale/ScaleFunctions.swift):
/// what it lends their reducer, what it does for them, and their state as
/// the station's public face reads it.
extension AppState {
    /// Runs the functions' reducer on `action` and does what it asks, in order.
    mutating func reduceFunctions(_ action: ScaleFunctionAction) {
        let context = ScaleFunctionContext(
            sourceMode: source.mode, gramStep: scale.gramScale?.stepGrams, modes: config.scaleModes, scaleIsEmpty: scale.isEmpty,
            reading: action.readsTheScale ? shownContactsAndTotal() : nil)
        for request in ScaleFunctions.reduce(into: &functions, action: action, context: context) {
            switch request {
            case .say(let text, let seconds): show(text, seconds: seconds)
            case .clearScreenNotice: if visibleNotice?.screen != nil { notice = nil }
            case .setPresetTare(let grams): scale.setPresetTare(grams)
            case .perform(let effect): outbox.append(effect)
            }
        }
    }

    /// What masses are shown in: `units` of the config, cycled by `u`.
    public internal(set) var units: WeightUnit {
        get { functions.units }
        set { functions.units = newValue }
    }
    /// What the scale says beside each mass: the config's first `scaleMode`,
    /// cycled by `m` (ScaleMode.swift).
    public internal(set) var scaleMode: ScaleMode {
        get { functions.scaleMode }
        set { functions.scaleMode = newValue }
    }
    /// Check-weighing's saved products: the config's, then those saved since.
    public internal(set) var products: [Product] {
        get { functions.products }
        set { functions.products = newValue }
    }
    /// The name of the product whose limits are in use (check mode).
    public internal(set) var product: String? {
        get { functions.product }
        set { functions.product = newValue }
    }
    /// The carrier guide (Use carrier), nil while not in use.
    public internal(set) var carrier: CarrierGuide? {
        get { functions.carrier }
        set { functions.carrier = newValue }
    }

    /// The carrier guide's line in the footer, nil while it is not in use.
    public var carrierText: String? {
        guard let carrier = functions.carrier else { return nil }
        return carrier.text(fading: carrier.step == .placeObject && contactViews.contains(where: \.fading))
    }

    /// The state document's `carrier`: {"step", "text"}, null while not in use.
    var carrierDocument: JSONValue {
        guard let carrier = functions.carrier else { return .null }
        return carrier.document(fading: carrier.step == .placeObject && contactViews.contains(where: \.fading))
    }

    /// The format of the masses shown, nil without grams.
    var gramFormat: WeightFormat? {
        guard source.mode == .force, let gramScale = scale.gramScale else { return nil }
        return WeightFormat(unit: units, stepGrams: gramScale.stepGrams)
    }
}
