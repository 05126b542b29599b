import Foundation

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

    /// 0.1 g: what labels showed before d existed.
    public static let tenthGram = WeightFormat(unit: .g, mantissa: 1, exponent: -1)

    private init(unit: WeightUnit, mantissa: Int, exponent: Int) {
        self.unit = unit
        self.mantissa = mantissa
        self.exponent = exponent
    }

    /// The smallest 1, 2 or 5 × 10^n in `unit` that is at least `stepGrams`
    /// (a non-finite or non-positive floor gives the finest step), within
    /// 10^-6 ... 5 × 10^6 of the unit. No loops over ranges: a scene makes one.
    public init(unit: WeightUnit, stepGrams: Double) {
        self.unit = unit
        let floor = stepGrams / unit.grams * (1 - 1e-9)
        guard floor > Self.power(Self.exponents.lowerBound) else {  // NaN, ≤ 0 or tiny: the finest
            (mantissa, exponent) = (1, Self.exponents.lowerBound)
            return
        }
        guard floor.isFinite else {
            (mantissa, exponent) = (5, Self.exponents.upperBound)
            return
        }
        var e = Int(log10(floor).rounded(.down))
        e = min(max(e, Self.exponents.lowerBound), Self.exponents.upperBound)
        // floor lies in [10^e, 10^(e+1)) (up to log10's rounding): 1, 2 or 5 × 10^e, else 10^(e+1).
        let p = Self.power(e)
        if p >= floor {
            (mantissa, exponent) = (1, e)
        } else if 2 * p >= floor {
            (mantissa, exponent) = (2, e)
        } else if 5 * p >= floor || e == Self.exponents.upperBound {
            (mantissa, exponent) = (5, e)
        } else {
            (mantissa, exponent) = (1, e + 1)
        }
    }

    /// d in the unit.
    public var step: Double { Double(mantissa) * Self.power(exponent) }

    /// d in grams.
    public var stepGrams: Double { step * unit.grams }

    /// Decimals shown: as many as d has.
    public var decimals: Int { max(0, -exponent) }

    /// 10^e for the exponents used (exact: the literals are correctly rounded).
    static func power(_ e: Int) -> Double {
        switch e {
        case ...(-6): 1e-6
        case -5: 1e-5
        case -4: 1e-4
        case -3: 1e-3
        case -2: 1e-2
        case -1: 1e-1
        case 0: 1
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        default: 1e6
        }
    }

    /// A stored weighing's format: `units` by name (grams if unknown) and
    /// d in them; without d, 0.1 g (what labels showed before d existed).
    public init(units: String, step: Double?) {
        let unit = WeightUnit(rawValue: units) ?? .g
        self.init(unit: unit, stepGrams: step.map { $0 * unit.grams } ?? 0.1)
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
