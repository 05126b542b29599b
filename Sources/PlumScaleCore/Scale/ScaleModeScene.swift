/// The scale's mode on screen: `m` cycles it, each contact's reading says
/// what the mode makes of it, and the footer gives the mode with the total.
extension ScaleFunctions {
    /// What the mode makes of each contact in grams (and not in overload).
    func applyMode(to shown: inout [ContactView], format: WeightFormat?) {
        guard scaleMode != .weigh, let format else { return }
        for i in shown.indices where shown[i].hasGrams && !shown[i].overload {
            shown[i].modeReading = ModeReading(scaleMode, grams: shown[i].shownGrams, format: format)
        }
    }

    /// The footer's line for the mode and the total, in the verdict's
    /// colour when there is one; nil in plain weighing. `gramScale`: the
    /// scale's grams, which a mode needs (force mode only).
    func modeLine(total: ScaleTotal, gramScale: GramScale?) -> (text: String, color: Color)? {
        if let countSample { return (CountSample.prompt(typed: countSample.typed), .ink) }
        if let presetTareEntry { return (presetTarePrompt(typed: presetTareEntry.typed), .ink) }
        if let productEntry { return (productPrompt(productEntry), .ink) }
        guard scaleMode != .weigh else { return nil }
        guard let gramScale else {
            return (scaleMode.title + ": needs grams; calibrate the scale first (k)", .grey)
        }
        let format = WeightFormat(unit: units, stepGrams: gramScale.stepGrams)
        guard var text = scaleMode.summary(format: format) else { return nil }
        if case .check = scaleMode, let product { text = "\(product) · " + text }
        if case .count(let piece) = scaleMode, piece < format.stepGrams {
            text += " · a piece is below d (\(format.text(grams: format.stepGrams) ?? "?")): the count may be off by more than 1"
        }
        guard !total.overload, let grams = total.grams, total.count > 0 else { return (text, .grey) }
        let reading = ModeReading(scaleMode, grams: grams, format: format)
        guard let said = reading.text else { return (text, .grey) }
        if let warning = sampleWarning(pieces: reading.pieces, format: format) { text += warning }
        return (text + " · total " + said, reading.verdict?.color ?? .grey)
    }
}

extension ScaleMode {
    /// "Check 150 g to 300 g", "Counting · 1 piece 12.5 g", "Percent of
    /// 420 g" in `format`; nil for plain weighing.
    func summary(format: WeightFormat) -> String? {
        func mass(_ grams: Double) -> String { format.text(grams: grams) ?? "?" }
        switch self {
        case .weigh: return nil
        case .check(let low, let high): return "Check \(mass(low)) to \(mass(high))"
        case .count(let piece): return "Counting · 1 piece " + ScaleFunctions.pieceText(piece, unit: format.unit)
        case .percent(let reference): return "Percent of \(mass(reference))"
        }
    }

    /// "Check-weighing", "Counting", "Percent", "Weighing".
    var title: String {
        switch self {
        case .weigh: "Weighing"
        case .check: "Check-weighing"
        case .count: "Counting"
        case .percent: "Percent of a reference"
        }
    }
}
