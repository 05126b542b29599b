/// One contact as it is shown: what the scene draws, the state document
/// reports and the tests read, made once from the scale's reading. A plain
/// value (no strings, no references), so the scene gathers the contacts in
/// an array freed without a pass over its elements; the label texts are
/// made when asked for.
public struct ContactView: Equatable, Sendable {
    public var id: Int
    public var position: Point
    public var radius: Double
    /// What the source measures: the labels are said in its terms.
    var mode: ForceMode
    /// What the scale read of it (Scale.reading): nil in `position` mode
    /// and before its first force. Kept whole, not copied field by field:
    /// the accessors below read it.
    var reading: ContactReading?
    /// The grams, unrounded, net of the tare; meaningful only when `hasGrams`.
    var shownGrams = 0.0
    /// Grams are shown, with the percentage under them (force mode, calibrated).
    var hasGrams = false
    /// The grams are the device's own figure, not a calibration's.
    var deviceFigure = false
    /// This object's part of the scale's total (ScaleTotal), 0...1 when
    /// nothing reads below zero; nil without a total.
    public internal(set) var share: Double?
    /// The unit and display step of the grams.
    var format = WeightFormat.tenthGram
    /// The grams read above zero and below Min (20 d): "below Min" under them.
    public internal(set) var belowMin = false
    /// What the scale's mode makes of the grams (verdict, pieces, percent).
    var modeReading: ModeReading?
    /// The eccentricity map's gain where the contact lies, by which its
    /// grams were corrected; nil without a correction.
    var gain: Double?
    /// The gain the shown grams were corrected by; nil without a correction
    /// (and without grams, and in overload).
    public var eccentricityGain: Double? { grams == nil ? nil : gain }

    /// A reading exists (not in `position` mode, and after the first force).
    public var weighed: Bool { reading != nil }
    /// The displayed force (smoothed, minus the tare; may be negative);
    /// meaningful only when `weighed` (`force` is nil otherwise).
    var shownForce: Double { reading?.displayed ?? 0 }
    public var tare: Double { reading?.tare ?? 0 }
    /// The preset tare (grams) taken off the grams, nil without one.
    public var presetTare: Double? { reading?.presetTare }
    public var stableProgress: Double { reading?.stableProgress ?? 0 }
    public var stable: Bool { reading?.stable ?? false }
    public var heaviest: Bool { reading?.heaviest ?? false }
    public var tied: Bool { reading?.tied ?? false }
    public var overload: Bool { reading?.overload ?? false }
    /// Tared: the reading is net of the tare (the NET marker).
    public var net: Bool { reading?.net ?? false }
    /// The reading keeps falling while the object lies still ("fading").
    public var fading: Bool { reading?.fading ?? false }

    /// The displayed force; nil in `position` mode, where nothing was measured.
    public var force: Double? { weighed ? shownForce : nil }
    /// The grams, unrounded (net of the tare); nil without a calibration or
    /// the device's grams, and in overload.
    public var grams: Double? { weighed && hasGrams && !overload ? shownGrams : nil }
    /// "42.0%", "≈ 41%", or "123.4 g" (in the units, to the display step);
    /// "overload" instead of a number not to be trusted; nil without force.
    public var label: String? { label(mode: mode) }
    /// Under the label: "tie", "NET", the percentage beside grams, the
    /// device's figure, "fading", joined by " · " ("NET · 26.0%").
    public var secondaryLabel: String? { secondaryLabel(mode: mode) }
    /// Check-weighing's verdict, counting's pieces, the percentage of the
    /// reference: nil unless that mode is on (and the grams known).
    public var verdict: Verdict? { modeReading?.verdict }
    public var pieces: Int? { modeReading?.pieces }
    public var percent: Double? { modeReading?.percent }

    /// Whether a label is shown: grams, or a finite force (Plum.label).
    var labelled: Bool { weighed && (hasGrams || shownForce.isFinite) }

    /// The label: "123.5 g", "4.35 oz", "42.0%" or "≈ 41%"; "overload"
    /// instead of a number not to be trusted; nil without one.
    func label(mode: ForceMode) -> String? {
        guard weighed else { return nil }
        if overload { return Plum.overloadLabel }
        return hasGrams ? format.text(grams: shownGrams) ?? Plum.overloadLabel : Plum.label(force: shownForce, mode: mode)
    }

    /// Under the label: "tie" when the scale cannot tell it from the heaviest, "NET" when tared, the percentage beside grams, the
    /// device's figure, "corrected" (eccentricity), "fading"; joined by " · ", nil when none applies.
    func secondaryLabel(mode: ForceMode) -> String? {
        guard weighed, net || hasGrams || fading || showsTie else { return nil }
        var parts: [String] = []
        if showsTie { parts.append(Plum.tieLabel) }
        if net { parts.append(Plum.netLabel) }
        if hasGrams, !overload, let percent = Plum.label(force: shownForce, mode: mode) { parts.append(percent) }
        if hasGrams, deviceFigure { parts.append(Plum.deviceFigureLabel) }
        if hasGrams, !overload, gain != nil { parts.append(Plum.correctedLabel) }
        if fading { parts.append(Plum.fadingLabel) }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// The circle's fill: yellow for the heaviest, and for every contact
    /// tied with it: objects the scale cannot tell apart look the same.
    /// Nothing is crowned at about zero (after a tare, say).
    var fill: Color? { (heaviest || tied) && weighsSomething ? .yellow : nil }

    /// Tied with the heaviest, and weighing something: "tie" under the label.
    var showsTie: Bool { tied && weighsSomething }

    /// More than half a point of force (the least margin of the heaviest).
    var weighsSomething: Bool { weighed && (hasGrams ? shownGrams > 0 : true) && shownForce > 0.005 }

    /// The ring, red in overload, else the verdict's colour when check-weighing.
    var ringColor: Color { overload ? Color.overloadRed : modeReading?.verdict?.color ?? .blue }

    /// The line under the reading: the mode's word ("OVER", "12 pcs") and
    /// "below Min", in the verdict's colour; nil when neither applies.
    var noteLine: (text: String, color: Color)? {
        let mode = modeReading?.text
        guard mode != nil || belowMin else { return nil }
        let text = [mode, belowMin ? Indicator.belowMinMark : nil].compactMap { $0 }.joined(separator: " · ")
        return (text, modeReading?.verdict?.color ?? labelColor)
    }

    /// The reading's colour: pale while provisional, red in overload.
    var labelColor: Color { overload ? Color.overloadRed : stable ? .blue : Color.provisional }
}
