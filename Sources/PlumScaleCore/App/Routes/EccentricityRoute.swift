import Foundation

/// The root's side of the eccentricity test's screen: the scale as usual,
/// plus its panel. The root turns input into the test's actions and carries
/// out what its reducer asks (Calibration/EccentricityReducer.swift).
extension AppState {
    /// Opened from the wizard: needs a calibration (its grams are tested).
    mutating func openEccentricity() {
        guard scale.fit != nil, let gramScale = scale.gramScale else { return }
        screen = .eccentricity(EccentricityRun(stepGrams: gramScale.stepGrams, correcting: scale.gainMap != nil))
    }

    /// A layout point as normalised device-surface coordinates: on the
    /// surface's rect where it has one, else on the screen (the layout of a
    /// portrait screen is turned: the device is not).
    func surfacePoint(_ p: Point) -> (x: Double, y: Double) {
        func clamp(_ v: Double) -> Double { min(max(v.isFinite ? v : 0.5, 0), 1) }
        if let r = surfaceRect, r.width > 0, r.height > 0 { return (clamp((p.x - r.x) / r.width), clamp((p.y - r.y) / r.height)) }
        let screen = layout.screenPoint(p)
        let logical = layout.logicalScreen
        return (clamp(screen.x / logical.width), clamp(screen.y / logical.height))
    }

    /// A place of the test in layout coordinates.
    func layoutPoint(of place: EccentricityTest.Place) -> Point {
        let (x, y) = place.point
        guard let r = surfaceRect else { return layout.layoutPoint(normalizedX: x, normalizedY: y) }
        return Point(r.x + x * r.width, r.y + y * r.height)
    }

    /// Whether the reference lies on the place asked for.
    func lies(_ view: ContactView, at place: EccentricityTest.Place) -> Bool {
        EccentricityRun.lies(surfacePoint(view.position), at: place)
    }

    mutating func applyOnEccentricity(_ event: InputEvent) {
        guard case .eccentricity(let run) = screen else { return }
        let press = PanelPress(
            panel: { $0.eccentricityLayout(run).panel },
            action: {
                if case .eccentricity(let action) = $0 { action } else { nil }
            })
        if applyPress(event, press, perform: { $0.perform($1) }) { return }
        switch event.kind {
        case .keyDown(.escape, _):
            perform(EccentricityAction.cancelTapped)
        case .keyDown(.enter, _) where run.offersSave:
            perform(EccentricityAction.saveTapped)
        case .tick:
            scale.advance(to: now)
            guard case .eccentricity(var run) = screen else { return }
            EccentricityRun.readingSettled(into: &run) { glass }
            screen = .eccentricity(run)
        case .keyDown(let key, _) where ScaleAction(key: key) != nil:
            // The scale's keys are not the test's (as in the wizard).
            break
        default:
            applyOnScale(event)
        }
    }

    /// The glass as the test reads it.
    private var glass: EccentricityGlass {
        let reference = reference
        let gramScale = scale.gramScale
        return EccentricityGlass(
            reference: reference, contactsOnGlass: scale.board.contacts.count,
            referencePoint: reference.map { surfacePoint($0.position) } ?? (x: -1, y: -1),
            grams: gramScale.map { gramScale in { gramScale.grams(forForce: $0, tare: nil) } },
            format: WeightFormat(unit: units, stepGrams: gramScale?.stepGrams ?? 1))
    }

    /// Does what the operator asked for in the test, when the gate allows it.
    public mutating func perform(_ action: EccentricityAction) {
        guard case .eccentricity(var run) = screen, allows(action.adminWork) else { return }
        let context = EccentricityContext(device: source.deviceName, role: calibrationRole)
        let requests = EccentricityRun.reduce(into: &run, action: action, context: context)
        screen = .eccentricity(run)
        for request in requests {
            switch request {
            case .close: screen = .scale
            case .startAgain: openEccentricity()
            case .perform(let effect): outbox.append(effect)
            }
        }
    }

    /// The map is in the config file: every reading is corrected by it from now on.
    mutating func eccentricitySaved(_ map: GainMap?) {
        scale.gainMap = map
        screen = .scale
        show(map == nil ? "Eccentricity correction removed" : "Eccentricity correction saved for \(source.deviceName)", on: "scale")
    }

    /// What the panel says under the message: where the reference is.
    func eccentricityStatus(_ run: EccentricityRun) -> String {
        guard let place = run.place else { return "largest difference: \(String(format: "%.1f", run.result?.inD ?? 0)) d" }
        guard let reference else { return "waiting for the reference (\(place.shortName))" }
        guard scale.board.contacts.count == 1 else { return "only the reference on the glass, please" }
        guard lies(reference, at: place) else { return "not on the marked spot yet" }
        return "stable: \(Int((reference.stable ? 1 : reference.stableProgress) * 100))%"
    }

    /// The test's layout now (the scene and the hit tests share it).
    func eccentricityLayout(_ run: EccentricityRun) -> EccentricityLayout {
        let format = WeightFormat(unit: units, stepGrams: run.stepGrams)
        return EccentricityLayout(
            run: run, target: run.place.map { layoutPoint(of: $0) }, size: layout.size, metrics: metrics,
            status: eccentricityStatus(run), format: format)
    }
}
