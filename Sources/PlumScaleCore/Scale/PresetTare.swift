/// A preset tare (PT) on the scale screen: `p`, the mass typed in the units
/// shown, Enter. Every weighed object then reads net of it (a container of
/// known mass under each); a tare weighed (`t`) or cleared (`z`) replaces
/// it, and 0 clears it.
extension AppState {
    /// The most characters of a preset tare: "99999.9".
    static let presetTareLength = 7

    /// `p`: a preset tare is asked for (with grams only: it is a mass).
    mutating func presetTareTapped() {
        guard source.mode == .force, scale.gramScale != nil else {
            show("A preset tare is a mass: calibrate the scale first (k).", seconds: 4)
            return
        }
        countSample = nil
        productEntry = nil
        presetTareEntry = NumberEntry(decimals: true, maxLength: Self.presetTareLength)
    }

    /// A key while a preset tare is typed.
    mutating func presetTareKeyPressed(_ key: Key) {
        guard var entry = presetTareEntry, let action = NumberEntry.action(for: key) else { return }
        switch entry.reduce(action) {
        case .typing:
            presetTareEntry = entry
        case .cancelled:
            presetTareEntry = nil
        case .confirmed(let value):
            presetTareEntry = nil
            // To d, as every mass the scale shows (OIML R76 rounds a preset tare so).
            let step = scale.gramScale?.stepGrams ?? 0
            let grams = step > 0 ? (value * units.grams / step).rounded() * step : value * units.grams
            guard grams <= CalibrationFit.Limits.maximumGrams else {
                show("A preset tare is at most \(Self.pieceText(CalibrationFit.Limits.maximumGrams, unit: units)).", seconds: 4)
                return
            }
            scale.setPresetTare(grams)
            let format = WeightFormat(unit: units, stepGrams: step > 0 ? step : 0.1)
            show(grams > 0 ? "Preset tare " + (format.text(grams: grams) ?? "?") : "Preset tare cleared", seconds: 3)
        }
    }

    /// The footer's line while a preset tare is typed.
    func presetTarePrompt(typed: String) -> String {
        "Preset tare: type it in \(units.rawValue) (\(typed)_) · Enter sets · 0 clears · Esc cancels"
    }
}
