/// The scale's functions, as the keys of a weighing indicator set them: the
/// units, the mode (check-weighing, counting, percent), the counting
/// sample, a preset tare, check-weighing's products, the carrier guide, and
/// the number or name being typed for one of them. They are the station's,
/// not one screen's (every screen weighs in them): the root holds them and
/// the scale screen's buttons and keys change them, through this reducer
/// (ScaleFunctionsReducer.swift).
struct ScaleFunctions: Equatable, Sendable {
    /// What masses are shown in: the config's `units`, cycled by `u`.
    var units: WeightUnit
    /// What the scale says beside each mass: the config's first
    /// `scaleMode`, cycled by `m` (ScaleMode.swift).
    var scaleMode: ScaleMode
    /// Asked for by `n` in counting mode: the pieces of a sample being typed.
    var countSample: CountSample?
    /// The pieces of the sample the counting mode's piece was taken from;
    /// nil when the piece came from the config.
    var samplePieces: Int?
    /// Asked for by `p`: a preset tare being typed, in the shown units.
    var presetTareEntry: NumberEntry?
    /// Check-weighing's saved products: the config's, then those saved since.
    var products: [Product]
    /// The name of the product whose limits are in use (check mode), nil
    /// for the config's own limits.
    var product: String?
    /// Asked for by `l`: a new product's limits and name being typed.
    var productEntry: ProductEntry?
    /// The carrier guide (Use carrier), nil while not in use.
    var carrier: CarrierGuide?

    init(config: Config) {
        units = config.units
        scaleMode = config.scaleModes.first ?? .weigh
        products = config.products
    }

    /// Whether a number or a name is being typed: the keys are its.
    var isTyping: Bool { countSample != nil || presetTareEntry != nil || productEntry != nil }

    /// The most characters of a mass typed (a preset tare, a product's
    /// limit): "99999.9".
    static let typedMassLength = 7
}

/// What a person does to the scale's functions: a function's button or
/// key, a key typed into what is asked for (the number pad's keys are the
/// keyboard's), and what the scale did that the carrier guide follows.
enum ScaleFunctionAction: Equatable, Sendable {
    case unitsTapped
    case modeTapped
    case sampleTapped
    case presetTareTapped
    case referenceTapped
    case productTapped
    case newProductTapped
    case useCarrierTapped
    /// A key typed while a number or a name is asked for.
    case keyTyped(Key, Modifiers)
    /// Tare was tapped and the scale took its tares.
    case tared
    /// An object went off the glass.
    case objectLifted

    /// The function a scale button or key stands for, nil for the
    /// station's own actions (record, tare, the screens, quit).
    init?(_ action: ScaleAction) {
        switch action {
        case .unitsTapped: self = .unitsTapped
        case .modeTapped: self = .modeTapped
        case .sampleTapped: self = .sampleTapped
        case .presetTareTapped: self = .presetTareTapped
        case .referenceTapped: self = .referenceTapped
        case .productTapped: self = .productTapped
        case .newProductTapped: self = .newProductTapped
        case .useCarrierTapped: self = .useCarrierTapped
        case .recordTapped, .historyTapped, .tareTapped, .clearTareTapped, .calibrateTapped, .quitPressed: return nil
        }
    }

    /// Whether it reads what the scale shows (a sample's total, the
    /// reference object): the root then lends it in the context.
    var readsTheScale: Bool {
        switch self {
        case .referenceTapped, .keyTyped: true
        default: false
        }
    }
}

/// What the functions ask of the station: a notice, the preset tare set on
/// the scale, a product saved in the config file.
enum ScaleFunctionRequest: Equatable, Sendable {
    /// A notice on the screen that is up, for `seconds`.
    case say(String, seconds: Double)
    /// The notice of the screen that is up goes (a pad covers it).
    case clearScreenNotice
    case setPresetTare(grams: Double)
    case perform(Effect)
}

/// What the functions' reducer is lent of the station.
struct ScaleFunctionContext {
    /// What the source measures: force, area or position.
    var sourceMode: ForceMode
    /// The calibration's display step d in grams, nil without a calibration.
    var gramStep: Double?
    /// The modes the config offers, in order (`m` cycles them).
    var modes: [ScaleMode]
    /// Nothing lies on the glass.
    var scaleIsEmpty: Bool
    /// The contacts as shown and their total, for the actions that read
    /// the scale (`readsTheScale`); nil for the others.
    var reading: (contacts: [ContactView], total: ScaleTotal)?
}

extension ScaleFunctions {
    /// The format of the masses shown, nil without grams.
    func gramFormat(_ context: ScaleFunctionContext) -> WeightFormat? {
        guard context.sourceMode == .force, let step = context.gramStep else { return nil }
        return WeightFormat(unit: units, stepGrams: step)
    }

    /// Why `u` changes nothing: no grams to show in other units.
    static func unitsNeedGrams(_ mode: ForceMode) -> String {
        mode == .force
            ? "Units need grams: calibrate the scale first (k), then u cycles g, oz and lb."
            : "Units need grams, and this device gives \(mode.rawValue) only: no grams."
    }

    /// A piece's mass to 1/1000 of itself, trailing zeros dropped ("0.5 g"):
    /// shown to d it could read "1 g" for 0.5 g.
    static func pieceText(_ grams: Double, unit: WeightUnit) -> String {
        guard let text = WeightFormat(unit: unit, stepGrams: grams / 1000).text(grams: grams) else { return "?" }
        guard let space = text.firstIndex(of: " "), text[..<space].contains(".") else { return text }
        var number = text[..<space]
        while number.last == "0" { number.removeLast() }
        if number.last == "." { number.removeLast() }
        return String(number + text[space...])
    }
}
