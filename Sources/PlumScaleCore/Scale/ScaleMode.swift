/// What the scale says of each object beside its mass (config `scaleMode`):
/// plain weighing, check-weighing against limits, counting pieces, or a
/// percentage of a reference. Every mode but `weigh` needs grams.
public enum ScaleMode: Equatable, Sendable {
    case weigh
    /// UNDER below `low` grams, OVER above `high`, OK between (both included).
    case check(low: Double, high: Double)
    /// Pieces: the grams over one piece's, rounded.
    case count(pieceGrams: Double)
    /// The grams as a percentage of a reference's.
    case percent(referenceGrams: Double)

    /// The state document's `scale_mode` and the config's `mode`.
    public var name: String {
        switch self {
        case .weigh: "weigh"
        case .check: "check"
        case .count: "count"
        case .percent: "percent"
        }
    }

    /// The names `scaleMode.mode` accepts.
    public static let names = ["weigh", "check", "count", "percent"]

    /// Its settings as the history stores them: check's limits, or the
    /// piece's or the reference's grams (the other nil).
    public var stored: (low: Double?, high: Double?, grams: Double?) {
        switch self {
        case .weigh: (nil, nil, nil)
        case .check(let low, let high): (low, high, nil)
        case .count(let piece): (nil, nil, piece)
        case .percent(let reference): (nil, nil, reference)
        }
    }

    /// A mode as the history stored it; plain weighing when its settings
    /// are missing (a row from before modes existed says "weigh").
    public init(stored name: String, low: Double?, high: Double?, grams: Double?) {
        switch (name, low, high, grams) {
        case ("check", let low?, let high?, _): self = .check(low: low, high: high)
        case ("count", _, _, let grams?): self = .count(pieceGrams: grams)
        case ("percent", _, _, let grams?): self = .percent(referenceGrams: grams)
        default: self = .weigh
        }
    }

    /// The modes `m` cycles through: those configured, in the file's
    /// order, then plain weighing when the file did not list it.
    static func cycle(_ configured: [ScaleMode]) -> [ScaleMode] {
        configured.contains(.weigh) ? configured : configured + [.weigh]
    }

    /// The mode after `self` in the cycle of `configured`.
    func next(in configured: [ScaleMode]) -> ScaleMode {
        let cycle = Self.cycle(configured)
        // A piece taken from a sample is still the configured counting mode.
        guard let index = cycle.firstIndex(of: self) ?? cycle.firstIndex(where: { $0.name == name }) else { return cycle[0] }
        return cycle[(index + 1) % cycle.count]
    }
}

/// A check-weighing verdict: said in words and in colour, never colour alone.
public enum Verdict: String, Equatable, Sendable, Codable {
    case under, ok, over

    /// "UNDER", "OK", "OVER".
    public var text: String { rawValue.uppercased() }

    /// The verdict of a mass shown in `format` (rounded to d first: the
    /// verdict agrees with the number the operator reads), within [low, high].
    public static func of(grams: Double, low: Double, high: Double, format: WeightFormat) -> Verdict {
        let shown = format.value(grams: grams) * format.unit.grams
        // A shown value equal to a limit, up to the unit conversion's rounding, is within it.
        let slack = 1e-9 * max(1, abs(low), abs(high))
        if shown < low - slack { return .under }
        if shown > high + slack { return .over }
        return .ok
    }

    /// At 4.5:1 or more on white and on the heaviest's yellow.
    var color: Color {
        switch self {
        case .under: Color(150, 75, 0)
        case .ok: Color(0, 110, 40)
        case .over: Color(190, 20, 20)
        }
    }
}

/// What the mode says of one mass: the verdict, the pieces or the percentage.
struct ModeReading: Equatable, Sendable {
    var verdict: Verdict?
    var pieces: Int?
    var percent: Double?

    init(_ mode: ScaleMode, grams: Double, format: WeightFormat) {
        switch mode {
        case .weigh: break
        case .check(let low, let high): verdict = Verdict.of(grams: grams, low: low, high: high, format: format)
        case .count(let piece):
            let pieces = (grams / piece).rounded(.toNearestOrAwayFromZero)
            // Beyond Int's range is no count (a config check keeps pieces ≥ 1 mg).
            self.pieces = pieces.isFinite && abs(pieces) < 1e15 ? Int(pieces) : nil
        case .percent(let reference):
            let percent = grams / reference * 100
            self.percent = percent.isFinite ? percent : nil
        }
    }

    /// "OVER", "12 pcs", "87.5% of ref"; nil in plain weighing.
    var text: String? {
        if let verdict { return verdict.text }
        if let pieces { return pieces == 1 ? "1 pc" : "\(pieces) pcs" }
        if let percent { return Plum.formatPercent(percent) + " of ref" }
        return nil
    }

    /// The colour of `text`: the verdict's, else ink.
    var color: Color { verdict?.color ?? .ink }
}
