/// The root's side of the scale screen: it turns input into the screen's
/// actions (ScaleScreenState's reducer decides a touch on a button), the
/// number pad's keys and the keyboard's into the functions' actions
/// (App/Routes/ScaleFunctionsRoute.swift), and performs the station's own actions
/// (record, tare, the screens, quit) once the kiosk's gate allows them.
extension AppState {
    mutating func applyOnScale(_ event: InputEvent) {
        if numberPadTakes(event) { return }
        switch event.kind {
        case .touchDown(let sample):
            var button: ScaleAction?
            if scale.contact(id: sample.id) == nil, case .scale(let action)? = control(atNormalized: sample.x, sample.y) { button = action }
            reduceScaleScreen(.touchWentDown(sample, at: layoutPoint(sample.x, sample.y), onButton: button))
        case .touchMove(let sample):
            reduceScaleScreen(.touchMoved(sample, to: layoutPoint(sample.x, sample.y)))
        case .touchUp(let id):
            reduceScaleScreen(.touchLifted(id: id))
        case .touchCancel(let id):
            reduceScaleScreen(.touchCancelled(id: id))
        case .resize, .quit, .deviceChanged, .history, .fleet, .deviceTotal:
            applyCommon(event)
        case .keyDown(let key, let modifiers):
            // A number or name being typed takes the keys (Esc cancels it, not the program).
            if functions.isTyping { return reduceFunctions(.keyTyped(key, modifiers)) }
            if let action = ScaleAction(key: key) { return perform(action) }
            mouse?.apply(.keyDown(key, modifiers: modifiers), time: now, layout: layout, scale: &scale)
        case .tick:
            reduceScaleScreen(.timePassed)
            scale.advance(to: now)
        case .keyUp:
            break
        case .pointerDown(let x, let y, let button, _) where button == 1:
            if case .scale(let action)? = control(atNormalized: x, y) { return perform(action) }
            mouse?.apply(event.kind, time: now, layout: layout, scale: &scale)
        case .pointerDown, .pointerMove, .pointerUp, .wheel:
            mouse?.apply(event.kind, time: now, layout: layout, scale: &scale)
        }
    }

    /// Runs the scale screen's reducer and does what it asks, in order.
    private mutating func reduceScaleScreen(_ action: ScaleScreenAction) {
        let requests = ScaleScreenState.reduce(into: &scaleScreen, action: action, context: .init(now: now))
        for request in requests {
            switch request {
            case .perform(let action): perform(action)
            case .place(let sample): place(sample)
            case .lift(let id): lift(id)
            }
        }
    }

    /// When a touch on a button stops being a tap.
    var nextRestOnButton: Double? { scaleScreen.nextRestOnButton }

    /// Does what the user asked for on the scale screen.
    public mutating func perform(_ action: ScaleAction) {
        // Calibrating and leaving are the operator's (Kiosk/KioskGate.swift).
        guard allows(action.adminWork) else { return }
        if let function = ScaleFunctionAction(action) { return reduceFunctions(function) }
        switch action {
        case .recordTapped: record()
        case .historyTapped: openHistory()
        case .tareTapped:
            if let refusal = scale.tareRefusal(at: now) {
                show(refusal)
            } else {
                scale.tareAll()
                reduceFunctions(.tared)
            }
        case .clearTareTapped: scale.clearTares()
        case .calibrateTapped: openCalibration()
        case .quitPressed: quit()
        case .unitsTapped, .useCarrierTapped, .modeTapped, .sampleTapped, .presetTareTapped, .referenceTapped, .productTapped,
            .newProductTapped:
            break  // the functions', above
        }
    }

    /// Saves what is on the scale now. Nothing on it: nothing saved, and say so.
    mutating func record() {
        let views = contactViews
        guard !views.isEmpty else {
            show("Nothing recorded: there is nothing on the scale.")
            return
        }
        let objects = views.enumerated().map { i, v in
            WeighedObject(
                index: i, x: v.position.x, y: v.position.y, force: v.force, grams: v.grams, stable: v.stable, tare: v.tare,
                verdict: v.verdict)
        }
        let step = source.mode == .force ? scale.gramScale.map { WeightFormat(unit: units, stepGrams: $0.stepGrams).step } : nil
        outbox.append(
            .save(
                device: source.deviceName, mode: source.mode, objects: objects, units: units, step: step, scaleMode: scaleMode,
                product: scaleMode.name == "check" ? product : nil))
        show("Saving…", seconds: 10)
    }

    /// A contact lifted or was cancelled (the carrier guide is told).
    private mutating func lift(_ id: Int) {
        scale.lift(id: id)
        reduceFunctions(.objectLifted)
    }

    mutating func place(_ sample: TouchSample) {
        guard sample.x.isFinite, sample.y.isFinite else { return }
        let x = min(max(sample.x, 0), 1)
        let y = min(max(sample.y, 0), 1)
        if source.detectsForce, source.mode == .position, let p = sample.pressure, p.isFinite, p != 0, p != 1 {
            source.mode = .force
            scale.fit = config.calibrationFit(forDevice: source.deviceName)
            scale.gainMap = scale.fit == nil ? nil : config.eccentricity[source.deviceName]
            scale.deviceGrams = source.deviceGrams
            refreshButtonPanel()  // grams now, perhaps: the Preset tare button
        }
        scale.place(
            id: sample.id, at: layout.layoutPoint(normalizedX: x, normalizedY: y),
            force: measuredForce(sample), time: now)
    }

    /// The force the current mode believes in: pressure, contact size, or nothing.
    private func measuredForce(_ sample: TouchSample) -> Double? {
        let value: Double?
        switch source.mode {
        case .force: value = sample.pressure
        case .area: value = sample.touchMajor
        case .position: value = nil
        }
        guard let value, value.isFinite else { return nil }
        return min(max(value, 0), 1)
    }
}

/// The number pad over the scale, while a number is typed.
extension AppState {
    /// While a number is typed: a touch or click on the pad's keys types
    /// (a touch when it lifts). Whether the pad took the event; what it
    /// leaves, the scale handles as usual (objects go on and off the glass).
    mutating func numberPadTakes(_ event: InputEvent) -> Bool {
        guard numberPadEntry != nil else { return false }
        switch event.kind {
        // The scale's buttons are dimmed under the pad, as under the PIN
        // pad: a press on one is taken and does nothing. Elsewhere the
        // glass still weighs (a counting sample is laid while typing).
        case .touchDown(let s) where scale.contact(id: s.id) == nil && s.x.isFinite && s.y.isFinite:
            switch control(at: layoutPoint(s.x, s.y)) {
            case .numberPad(let action)?: pressedControls[s.id] = .numberPad(action)
            case .dimmed?: pressedControls[s.id] = .dimmed
            default: return false
            }
            return true
        case .touchUp(let id):
            switch pressedControls.removeValue(forKey: id) {
            case .numberPad(let action)?: numberPadTapped(action)
            case .dimmed?: break
            default: return false
            }
            return true
        case .touchMove(let s) where pressedControls[s.id] != nil:
            return true
        case .pointerDown(let x, let y, 1, _) where x.isFinite && y.isFinite:
            switch control(at: layoutPoint(x, y)) {
            case .numberPad(let action)?:
                numberPadTapped(action)
                return true
            case .dimmed?: return true
            default: return false
            }
        default:
            return false
        }
    }

    /// A key of the pad tapped: as its key on the keyboard.
    mutating func numberPadTapped(_ action: NumberEntry.Action) {
        reduceFunctions(.keyTyped(action.key, []))
    }
}
