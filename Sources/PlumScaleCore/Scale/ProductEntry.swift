/// A new product typed on the scale screen (`l`, New product, in check
/// mode): its lower limit, then its upper, in the units shown (each first
/// offered as in use, so Enter keeps it), then its name on the keyboard
/// (OK with none typed names it "Product N"). Esc cancels at any step.
public struct ProductEntry: Equatable, Sendable {
    public enum Stage: String, Equatable, Sendable { case low, high, name }

    public private(set) var stage = Stage.low
    /// The limit being typed (low, high).
    private(set) var number: NumberEntry
    /// The name typed so far (name).
    public private(set) var name = ""
    /// The limits confirmed, in grams (low once past it, high once past it).
    public private(set) var low: Double
    public private(set) var high: Double
    /// The shown units' grams, to turn what is typed into grams.
    let unitGrams: Double
    let highTyped: String

    public enum Outcome: Equatable, Sendable {
        case typing
        case cancelled
        /// The upper limit typed is below the lower (typed again).
        case highBelowLow
        case confirmed(name: String?, low: Double, high: Double)
    }

    /// `low`, `high`: the limits in use (grams) and as shown (typed, in the units).
    init(low: Double, high: Double, typedLow: String, typedHigh: String, unitGrams: Double) {
        self.low = low
        self.high = high
        self.unitGrams = unitGrams
        highTyped = typedHigh
        number = NumberEntry(decimals: true, maxLength: ScaleFunctions.typedMassLength, typed: typedLow)
    }

    /// What is shown as typed: the limit's digits, or the name.
    public var typed: String { stage == .name ? name : number.typed }

    mutating func reduce(_ key: Key, shift: Bool) -> Outcome {
        guard stage == .name else { return reduceLimit(key) }
        switch key {
        case .escape: return .cancelled
        case .enter:
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            return .confirmed(name: trimmed.isEmpty ? nil : trimmed, low: low, high: high)
        case .backspace, .delete:
            if !name.isEmpty { name.removeLast() }
        case .space:
            if !name.isEmpty, name.count < Product.maxNameLength { name += " " }
        case .character(let c) where !c.isNewline && name.count < Product.maxNameLength:
            name += shift ? c.uppercased() : String(c)
        default: break
        }
        return .typing
    }

    private mutating func reduceLimit(_ key: Key) -> Outcome {
        guard let action = NumberEntry.action(for: key) else { return .typing }
        switch number.reduce(action) {
        case .typing: return .typing
        case .cancelled: return .cancelled
        case .confirmed(let value):
            let grams = value * unitGrams
            if stage == .low {
                low = grams
                stage = .high
                number = NumberEntry(decimals: true, maxLength: ScaleFunctions.typedMassLength, typed: highTyped)
                return .typing
            }
            guard grams >= low else {
                number = NumberEntry(decimals: true, maxLength: ScaleFunctions.typedMassLength)
                return .highBelowLow
            }
            high = grams
            stage = .name
            return .typing
        }
    }
}
