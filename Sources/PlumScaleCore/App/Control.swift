/// What pressing a control does, whichever screen draws it: each scene's
/// elements carry theirs, the root finds the one under a press in what is
/// drawn (`control(at:)`), and the screen up turns it into its own action.
/// A touch that went down on one remembers it until it lifts, when it acts.
enum Control: Equatable, Sendable {
    case scale(ScaleAction)
    case calibration(CalibrationAction)
    case eccentricity(EccentricityAction)
    /// A key of the number pad (NumberPad.swift).
    case numberPad(NumberEntry.Action)
    case detail(DetailAction)
    /// A key of the kiosk's PIN pad.
    case pinPad(PinPadAction)
    /// A button of the kiosk's operator bar.
    case operatorBar(OperatorAction)
    /// The history table's Back.
    case historyBack
    /// A control dimmed under a modal pad: the press is the pad's, and does nothing.
    case dimmed
}

extension AppState {
    /// The control a press at `point` (layout pixels) lands on, found in the
    /// scene that is drawn, so a press acts on what a person sees there: the
    /// topmost element with a control, `.dimmed` for one under a modal pad.
    /// The one hit test of the screens with controls.
    func control(at point: Point) -> Control? {
        let scene = scene(drawing: false)
        if let element = scene.elements.last(where: { $0.control != nil && $0.rect.contains(point) }) { return element.control }
        if scene.dimmedElements.contains(where: { $0.control != nil && $0.rect.contains(point) }) { return .dimmed }
        return nil
    }

    /// The control under a touch or click normalised to the screen.
    func control(atNormalized x: Double, _ y: Double) -> Control? {
        guard x.isFinite, y.isFinite else { return nil }
        return control(at: layout.layoutPoint(normalizedX: x, normalizedY: y))
    }
}
