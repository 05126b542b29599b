/// The scale screen as the root puts it together: what its view shows
/// (ScaleView), gathered from the scale, its functions, the source, the
/// kiosk and the config; its buttons, made again when the layout, the mode
/// or the kiosk's role changes; the number pad over it.
extension AppState {
    /// The scale screen drawn (ScaleView.scene). `withButtons` false: the
    /// wizard's panel is up, over `reserved`.
    func scaleScene(withButtons: Bool = true, reserved: [Rect] = []) -> Scene {
        scaleView(withFooter: withButtons).scene(withButtons: withButtons, reserved: reserved)
    }

    /// Where the banner, the legend and the indicator's row end on the
    /// scale screen with its buttons: the kiosk's operator bar goes under it.
    func scaleHeaderBottom() -> Double { scaleView(withFooter: false).headerBottom }

    /// What the scale screen shows now. `withFooter`: its footer's lines,
    /// which only the screen with its buttons draws.
    func scaleView(withFooter: Bool) -> ScaleView {
        let (shown, total) = shownContactsAndTotal()
        return ScaleView(
            layout: layout, metrics: metrics, panel: scaleScreen.buttonPanel,
            deviceNotice: deviceNotice, modeBanner: scaleScreen.modeBanner, sourceMode: source.mode,
            shown: shown, total: total, indicator: indicator(shown),
            asksForObjects: source.refusal == nil && screen.eccentricity == nil,
            pad: source.surface?.isPad == true ? surfaceRect : nil, operatorBar: showsOperatorBar,
            footer: withFooter ? footer(total: total) : nil)
    }

    /// The footer's hints besides the total.
    private func footer(total: ScaleTotal) -> ScaleView.Footer {
        ScaleView.Footer(
            fitSummary: scale.fitSummary, mouse: mouse.map { MouseEmulation.hint + " · force " + Plum.formatPercent($0.force * 100) },
            fleet: scaleScreen.fleetLine, due: calibrationDueLine(),
            mode: functions.modeLine(total: total, gramScale: source.mode == .force ? scale.gramScale : nil), carrier: carrierText)
    }

    /// The number being typed on the scale screen, if any (ScaleFunctions.numberPadEntry).
    var numberPadEntry: (title: String, typed: String, decimals: Bool)? { screen == .scale ? functions.numberPadEntry : nil }

    /// The number pad over the scale while a number is typed.
    func appendNumberPad(to scene: inout Scene) {
        guard let entry = numberPadEntry else { return }
        NumberPad.append(entry, size: layout.size, metrics: metrics, to: &scene)
    }

    public var scaleButtons: [ScaleButton] { scaleScreen.buttonPanel.buttons }

    /// The scale screen as the hit test sees it: its buttons alone.
    func scaleButtonsScene() -> Scene {
        var scene = Scene(layout: layout)
        scene.shapes = scaleScreen.buttonPanel.shapes
        scene.elements = scaleScreen.buttonPanel.elements
        return scene
    }

    /// A new panel when the layout, the mode or the kiosk's role has changed.
    mutating func refreshButtonPanel() {
        let size = layout.size
        let mode = source.mode
        let operatorActions = operatorActionsAllowed
        let quitHint = kiosk == nil
        let grams = scale.gramScale != nil
        let reading = legendReading
        if !scaleScreen.buttonPanel.fits(
            size: size, mode: mode, metrics: metrics, operatorActions: operatorActions, quitHint: quitHint, grams: grams, reading: reading)
        {
            scaleScreen.buttonPanel = ScaleButtonPanel(
                size: size, mode: mode, metrics: metrics, operatorActions: operatorActions, quitHint: quitHint,
                offersModes: !config.scaleModes.isEmpty, offersSample: config.offersCounting, offersPresetTare: grams, reading: reading)
        }
    }

    /// The legend's reading of the screen now.
    var legendReading: ScaleLegend {
        ScaleLegend(units: source.mode == .force && scale.gramScale != nil ? units : nil, mode: scaleMode.name)
    }

    /// Says what the hardware can measure, and how to get more.
    /// The banner's lines for a source in area or position mode (none for force).
    static func modeBannerLines(source: InputSource, config: Config) -> [String] {
        source.notice(calibrated: config.calibrationFit(forDevice: source.deviceName) != nil)
    }
}
