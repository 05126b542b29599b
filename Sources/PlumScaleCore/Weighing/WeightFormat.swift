/// The units a mass is shown in. Grams are what the scale computes and
/// stores; ounces and pounds are the avoirdupois ones, exactly defined.
public enum WeightUnit: String, CaseIterable, Equatable, Sendable {
    case g, oz, lb

    /// Grams in one of this unit.
    public var grams: Double {
        switch self {
        case .g: 1
        case .oz: 28.349523125
        case .lb: 453.59237
        }
    }

    /// The unit after this one: g → oz → lb → g (the `u` key, `unitsTapped`).
    public var next: WeightUnit {
        switch self {
        case .g: .oz
        case .oz: .lb
        case .lb: .g
        }
    }
}

/// How grams become a label: the unit, and the display step d in that unit,
/// 1, 2 or 5 × 10^n, never finer than the calibration supports. "123.5 g",
/// "4.35 oz", "0.271 lb". No String(format:): exact integer digits.
public struct WeightFormat: Equatable, Sendable {
    public var unit: WeightUnit
    /// d = mantissa × 10^exponent, mantissa 1, 2 or 5.
    public private(set) var mantissa: Int
    public private(set) var exponent: Int

    /// The coarsest d (1 × 10^6 of the unit) and finest (1 × 10^-6).
    static let exponents = -6...6

    /// The smallest 1, 2 or 5 × 10^n in `unit` that is at least `stepGrams`
    /// (a non-finite or non-positive floor gives the finest step).
    public init(unit: WeightUnit, stepGrams: Double) {
        self.unit = unit
        let floor = stepGrams / unit.grams
        mantissa = 1
        exponent = Self.exponents.upperBound
        guard floor.isFinite, floor > 0 else {
            exponent = Self.exponents.lowerBound
            return
        }
        search: for e in Self.exponents {
            for m in [1, 2, 5] where Double(m) * Self.power(e) >= floor * (1 - 1e-9) {
                (mantissa, exponent) = (m, e)
                break search
            }
        }
    }

    /// A stored weighing's format: `units` by name (grams if unknown) and
    /// d in them; without d, 0.1 g (what labels showed before d existed).
    public init(units: String, step: Double?) {
        let unit = WeightUnit(rawValue: units) ?? .g
        self.init(unit: unit, stepGrams: step.map { $0 * unit.grams } ?? 0.1)
    }

    /// d in the unit.
    public var step: Double { Double(mantissa) * Self.power(exponent) }

    /// d in grams.
    public var stepGrams: Double { step * unit.grams }

    /// Decimals shown: as many as d has.
    public var decimals: Int { max(0, -exponent) }

    /// 10^e, exact for the exponents used.
    static func power(_ e: Int) -> Double {
        e >= 0 ? (0..<e).reduce(1.0) { a, _ in a * 10 } : 1 / (0..<(-e)).reduce(1.0) { a, _ in a * 10 }
    }

    /// `grams` in the unit, rounded to d (half away from zero, as scales do).
    public func value(grams: Double) -> Double {
        (grams / unit.grams / step).rounded(.toNearestOrAwayFromZero) * step
    }

    /// "123.5 g": the mass rounded to d, with d's decimals, and the unit. Nil
    /// for a mass that is not finite or beyond 10^15 steps: never "nan g".
    public func text(grams: Double) -> String? {
        let steps = (grams / unit.grams / step).rounded(.toNearestOrAwayFromZero)
        let scaleUp = Double(mantissa) * Self.power(max(0, exponent))
        guard steps.isFinite, abs(steps) * scaleUp < 1e15 else { return nil }
        // The value in units of 10^-decimals: an integer.
        var digits = Int(abs(steps)) * mantissa
        if exponent > 0 { for _ in 0..<exponent { digits *= 10 } }
        var text = String(digits)
        let decimals = self.decimals
        if decimals > 0 {
            if text.count <= decimals { text = String(repeating: "0", count: decimals - text.count + 1) + text }
            text.insert(".", at: text.index(text.endIndex, offsetBy: -decimals))
        }
        return (steps < 0 ? "-" : "") + text + " " + unit.rawValue
    }
}
