/// The scale's mode on screen: `m` cycles it, each contact's reading says
/// what the mode makes of it, and the footer gives the mode with the total.
extension AppState {
    /// `m`: the next of the modes the config offers, said in a notice.
    mutating func modeTapped() {
        guard !config.scaleModes.isEmpty else {
            show("No other mode: the config's scaleMode offers none (docs/configuration.md).", seconds: 4)
            return
        }
        scaleMode = scaleMode.next(in: config.scaleModes)
        countSample = nil
        product = nil
        productEntry = nil
        samplePieces = nil
        show("Mode: " + scaleMode.title, seconds: 2)
    }

    /// What the mode makes of each contact in grams (and not in overload).
    func applyMode(to shown: inout [ContactView], format: WeightFormat?) {
        guard scaleMode != .weigh, let format else { return }
        for i in shown.indices where shown[i].hasGrams && !shown[i].overload {
            shown[i].modeReading = ModeReading(scaleMode, grams: shown[i].shownGrams, format: format)
        }
    }

    /// The footer's line for the mode and the total, in the verdict's
    /// colour when there is one; nil in plain weighing.
    func modeLine(total: ScaleTotal) -> (text: String, color: Color)? {
        if let countSample { return (CountSample.prompt(typed: countSample.typed), .ink) }
        if let presetTareEntry { return (presetTarePrompt(typed: presetTareEntry.typed), .ink) }
        if let productEntry { return (productPrompt(productEntry), .ink) }
        guard scaleMode != .weigh else { return nil }
        guard source.mode == .force, let gramScale = scale.gramScale else {
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

extension AppState {
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

extension ScaleMode {
    /// "Check 150 g to 300 g", "Counting · 1 piece 12.5 g", "Percent of
    /// 420 g" in `format`; nil for plain weighing.
    func summary(format: WeightFormat) -> String? {
        func mass(_ grams: Double) -> String { format.text(grams: grams) ?? "?" }
        switch self {
        case .weigh: return nil
        case .check(let low, let high): return "Check \(mass(low)) to \(mass(high))"
        case .count(let piece): return "Counting · 1 piece " + AppState.pieceText(piece, unit: format.unit)
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
