/// A preset tare (PT) on the scale screen: `p`, the mass typed in the units
/// shown, Enter. Every weighed object then reads net of it (a container of
/// known mass under each); a tare weighed (`t`) or cleared (`z`) replaces
/// it, and 0 clears it.
extension ScaleFunctions {
    /// `p`: a preset tare is asked for (with grams only: it is a mass).
    mutating func presetTareTapped(_ context: ScaleFunctionContext) -> [ScaleFunctionRequest] {
        guard context.sourceMode == .force, context.gramStep != nil else {
            return [.say("A preset tare is a mass: calibrate the scale first (k).", seconds: 4)]
        }
        countSample = nil
        productEntry = nil
        presetTareEntry = NumberEntry(decimals: true, maxLength: Self.typedMassLength)
        return []
    }

    /// A key while a preset tare is typed.
    mutating func presetTareKeyPressed(_ key: Key, _ context: ScaleFunctionContext) -> [ScaleFunctionRequest] {
        guard var entry = presetTareEntry, let action = NumberEntry.action(for: key) else { return [] }
        switch entry.reduce(action) {
        case .typing:
            presetTareEntry = entry
            return []
        case .cancelled:
            presetTareEntry = nil
            return []
        case .confirmed(let value):
            presetTareEntry = nil
            // To d, as every mass the scale shows (OIML R76 rounds a preset tare so).
            let step = context.gramStep ?? 0
            let grams = step > 0 ? (value * units.grams / step).rounded() * step : value * units.grams
            guard grams <= CalibrationFit.Limits.maximumGrams else {
                return [.say("A preset tare is at most \(Self.pieceText(CalibrationFit.Limits.maximumGrams, unit: units)).", seconds: 4)]
            }
            let format = WeightFormat(unit: units, stepGrams: step > 0 ? step : 0.1)
            return [
                .setPresetTare(grams: grams),
                .say(grams > 0 ? "Preset tare " + (format.text(grams: grams) ?? "?") : "Preset tare cleared", seconds: 3),
            ]
        }
    }

    /// The footer's line while a preset tare is typed.
    func presetTarePrompt(typed: String) -> String {
        "Preset tare: type it in \(units.rawValue) (\(typed)_) · Enter sets · 0 clears · Esc cancels"
    }
}
