/// The contacts as the scale screen shows them (ContactView), their total
/// and the indicator: made from the scale's readings, the units and the
/// mode (ScaleFunctions), the source and the eccentricity test, which the
/// root alone holds together.
extension AppState {
    /// The contact at `index` of the board as shown. In `position` mode
    /// nothing is weighed: no numbers, no heaviest.
    func shownContact(at index: Int, mode: ForceMode, format: WeightFormat? = nil) -> ContactView {
        let contact = scale.board.contacts[index]
        var shown = ContactView(id: contact.id, position: contact.position, radius: Plum.baseRadius, mode: mode)
        guard mode != .position, let reading = scale.reading(at: index, now: now) else { return shown }
        shown.reading = reading
        shown.radius = Plum.radius(force: reading.displayed)
        if mode == .force, let grams = reading.grams, let gramScale = scale.gramScale {
            shown.hasGrams = true
            shown.shownGrams = grams
            shown.deviceFigure = gramScale.origin == .device
            shown.format = format ?? WeightFormat(unit: units, stepGrams: gramScale.stepGrams)
            // The eccentricity test reads the panel as it is: nothing corrected while it runs.
            if let map = scale.gainMap, screen.eccentricity == nil {
                let gain = map.gain(at: surfacePoint(contact.position))
                let preset = reading.presetTare ?? 0
                shown.shownGrams = (grams + preset) * gain - preset
                shown.gain = gain
            }
        }
        return shown
    }

    /// Every contact as shown, in the board's order (plain values: the
    /// array is freed without a pass over its elements), with its share.
    func shownContacts() -> [ContactView] { shownContactsAndTotal().contacts }

    /// The contacts as shown, in the board's order. In `position` mode
    /// nothing is weighed: no numbers, no heaviest.
    public var contactViews: [ContactView] { shownContacts() }

    /// Every contact as shown, and their total (ScaleTotal), made once.
    func shownContactsAndTotal() -> (contacts: [ContactView], total: ScaleTotal) {
        let count = scale.board.contacts.count
        let mode = source.mode
        var shown: [ContactView] = []
        shown.reserveCapacity(count)
        // One format for all: the same unit and step d.
        let format = scale.gramScale.map { WeightFormat(unit: units, stepGrams: $0.stepGrams) }
        for i in 0..<count { shown.append(shownContact(at: i, mode: mode, format: format)) }
        var total = ScaleTotal(shown, mode: mode)
        if let sum = total.value, sum > 0 {
            for i in shown.indices where shown[i].weighed { shown[i].share = shown[i].value / sum }
        }
        if mode == .force, screen.wizard == nil { scale.takeDeviceTotal(into: &total, shown: &shown, format: format, mode: mode) }
        if let format {
            for i in shown.indices where shown[i].hasGrams && !shown[i].overload {
                shown[i].belowMin = Indicator.isBelowMin(grams: shown[i].shownGrams, format: format)
            }
        }
        functions.applyMode(to: &shown, format: format)
        return (shown, total)
    }

    /// The total of everything on the scale (ScaleTotal), as shown.
    public var scaleTotal: ScaleTotal { shownContactsAndTotal().total }

    /// The scale screen's total line (ScaleTotal.line).
    public var totalText: String? { scaleTotal.line }

    /// The indicator of the scale as shown: nil without grams (force mode
    /// with a calibration or the device's own grams).
    func indicator(_ shown: [ContactView]) -> Indicator? {
        guard source.mode == .force, let gramScale = scale.gramScale else { return nil }
        var indicator = Indicator(gramScale: gramScale, format: WeightFormat(unit: units, stepGrams: gramScale.stepGrams), shown: shown)
        // As each label: the test reads the panel uncorrected while it runs.
        indicator.corrected = scale.gainMap != nil && screen.eccentricity == nil
        return indicator
    }

    /// The indicator of the scale now (the state document's `indicator`).
    public var currentIndicator: Indicator? { indicator(shownContacts()) }
}
