/// What a weighing indicator shows beside the number (after OIML R76 and
/// NIST Handbook 44): the instrument's Max, Min and d, the zero and stable
/// marks, NET or GROSS with the tare. Only in grams mode: without grams
/// there is no d, so no Max, Min or zero band.
public struct Indicator: Equatable, Sendable {
    /// The unit and display step d of every mass shown.
    public var format: WeightFormat
    /// Max: the grams at 98% of the force range (where overload begins),
    /// rounded down to d, so that a reading at Max is never in overload.
    public var maxGrams: Double
    /// Gross within ±¼ d of zero, and stable (the →0← mark).
    public var zero: Bool
    /// Every reading stable (nothing on the glass is stable too).
    public var stable: Bool
    /// A tare is in use: the readings are net of it.
    public var net: Bool
    /// The tares in use, in grams (the gross at each tared contact's zero),
    /// 0 when gross.
    public var tareGrams: Double
    /// The preset tare (PT) in use, in grams: typed, one for every object.
    public var presetTare: Double?
    /// The eccentricity test's gain map corrects every reading ("corrected").
    public var corrected = false

    /// Min is 20 d, as R76's class III lower limit for a scale of this d.
    public static let minSteps = 20.0
    /// The zero band: ±¼ d of gross zero (R76 4.5.2, "centre of zero").
    public static let zeroBand = 0.25

    /// d in grams.
    public var stepGrams: Double { format.stepGrams }
    /// Min: 20 d, in grams.
    public var minGrams: Double { Self.minSteps * format.stepGrams }

    /// The indicator for these contacts as shown, through `gramScale`.
    init(gramScale: GramScale, format: WeightFormat, shown: [ContactView]) {
        self.format = format
        let steps = (gramScale.grams(forForce: Overload.threshold, tare: nil) ?? 0) / format.stepGrams
        // Down to d, but not a whole d down for a quotient a rounding short of it.
        maxGrams = steps.isFinite ? (steps + 1e-9).rounded(.down) * format.stepGrams : 0
        var gross = 0.0
        var stable = true
        var net = false
        var tare = 0.0
        var overload = false
        for i in shown.indices where shown[i].weighed {
            let contact = shown[i]
            gross += gramScale.grams(forForce: contact.shownForce + contact.tare, tare: nil) ?? .nan
            if !contact.stable { stable = false }
            if contact.overload { overload = true }
            if let preset = contact.presetTare { presetTare = preset }
            if contact.net {
                net = true
                tare += contact.presetTare ?? gramScale.grams(forForce: contact.tare, tare: nil) ?? .nan
            }
        }
        self.stable = stable
        self.net = net
        tareGrams = tare
        zero = stable && !overload && gross.isFinite && abs(gross) <= Self.zeroBand * format.stepGrams
    }

    /// Whether `grams` reads above zero but below Min (rounded to d, as shown).
    public func isBelowMin(grams: Double) -> Bool { Self.isBelowMin(grams: grams, format: format) }

    /// Whether `grams` shown in `format` reads above zero but below 20 d.
    static func isBelowMin(grams: Double, format: WeightFormat) -> Bool {
        let steps = (grams / format.stepGrams).rounded(.toNearestOrAwayFromZero)
        return steps > 0 && steps < minSteps
    }

    /// A mass rounded to d in the shown units, for the state document.
    func shown(_ grams: Double) -> Double { format.value(grams: grams) }
}

extension Indicator {
    /// The zero mark: DejaVu Sans (the bundled font) draws both arrows.
    public static let zeroMark = "→0←"
    public static let stableMark = "STABLE"
    public static let netMark = "NET"
    public static let grossMark = "GROSS"
    /// Always in grams mode: a touchscreen is no verified instrument.
    public static let notLegalMark = "not legal for trade"
    /// Beside a reading above zero and below Min.
    public static let belowMinMark = "below Min"
    /// While the eccentricity correction is in use, as each label says.
    public static let correctedMark = "corrected"

    /// "Max 980 g", "Min 2.0 g", "d = 0.1 g": the instrument's figures.
    var figures: [String] {
        [
            "Max " + (format.text(grams: maxGrams) ?? "?"),
            "Min " + (format.text(grams: minGrams) ?? "?"),
            "d = " + (format.text(grams: stepGrams) ?? "?"),
        ]
    }

    /// "Tare 12.0 g" while net, else nil.
    /// "Tare 50 g"; "PT 12 g" for a preset tare (its mass once, as typed:
    /// every object reads net of it).
    var tareText: String? {
        if let presetTare { return "PT " + (format.text(grams: presetTare) ?? "?") }
        return net ? "Tare " + (format.text(grams: tareGrams) ?? "?") : nil
    }
}
