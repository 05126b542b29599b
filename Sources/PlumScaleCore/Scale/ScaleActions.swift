/// What a person can do on the scale screen, by button or by key.
public enum ScaleAction: String, CaseIterable, Equatable, Sendable {
    case recordTapped = "record"
    case historyTapped = "history"
    case tareTapped = "tare"
    case clearTareTapped = "untare"
    case calibrateTapped = "calibrate"
    /// Cycles the units: g → oz → lb → g.
    case unitsTapped = "units"
    /// Weighs on a conductive carrier: place it, tare it, then the object.
    case useCarrierTapped = "carrier"
    /// The next of the modes the config offers (ScaleMode.swift).
    case modeTapped = "mode"
    /// Counting by sample: place N pieces, type N, Enter (CountSample.swift).
    case sampleTapped = "sample"
    /// A preset tare (PT): a mass typed, not weighed (PresetTare.swift).
    case presetTareTapped = "preset-tare"
    /// Percent mode: the object on the scale (the heaviest of several)
    /// becomes the reference that reads 100% (PercentReference.swift).
    case referenceTapped = "reference"
    /// Check-weighing: the next saved product's limits (Product, `o`).
    case productTapped = "product"
    /// Check-weighing: limits and a name typed, saved as a product (New product, `l`).
    case newProductTapped = "new-product"
    case quitPressed = "quit"

    /// The key that does the same.
    public var key: Key {
        switch self {
        case .recordTapped: .space
        case .historyTapped: .character("h")
        case .tareTapped: .character("t")
        case .clearTareTapped: .character("z")
        case .calibrateTapped: .character("k")
        case .unitsTapped: .character("u")
        case .useCarrierTapped: .character("w")
        case .modeTapped: .character("m")
        case .sampleTapped: .character("n")
        case .presetTareTapped: .character("p")
        case .referenceTapped: .character("r")
        case .productTapped: .character("o")
        case .newProductTapped: .character("l")
        case .quitPressed: .escape
        }
    }

    /// The action a key stands for on the scale screen.
    public init?(key: Key) {
        guard let action = Self.allCases.first(where: { $0.key == key }) else { return nil }
        self = action
    }
}

/// A touch that went down on a scale button, until it proves a tap or an
/// object (ScaleScreenState's reducer decides).
struct TouchOnButton: Equatable, Sendable {
    static let tapSeconds = 0.5
    /// Logical pixels a tap may wander.
    static let tapSlop = 10.0

    var action: ScaleAction
    var start: Double
    var origin: Point
    var latest: TouchSample
}

/// The scale screen: touches weigh, buttons and keys act.
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
            // A sample being typed takes the keys (Esc cancels it, not the program).
            if countSample != nil { return sampleKeyPressed(key) }
            if presetTareEntry != nil { return presetTareKeyPressed(key) }
            if productEntry != nil { return productKeyPressed(key, modifiers: modifiers) }
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
        switch action {
        case .recordTapped: record()
        case .historyTapped: openHistory()
        case .tareTapped:
            if let refusal = scale.tareRefusal(at: now) {
                show(refusal)
            } else {
                scale.tareAll()
                carrierTared()
            }
        case .clearTareTapped: scale.clearTares()
        case .unitsTapped:
            // Units convert grams: without them there is nothing to convert.
            guard source.mode == .force, scale.gramScale != nil else {
                show(Self.unitsNeedGrams(source.mode), seconds: 4)
                break
            }
            units = units.next
            show("Units: \(units.rawValue)", seconds: 2)
        case .calibrateTapped: openCalibration()
        case .useCarrierTapped: useCarrierTapped()
        case .modeTapped: modeTapped()
        case .sampleTapped: sampleTapped()
        case .presetTareTapped: presetTareTapped()
        case .referenceTapped: referenceTapped()
        case .productTapped: productTapped()
        case .newProductTapped: newProductTapped()
        case .quitPressed: quit()
        }
    }

    /// Why `u` changes nothing: no grams to show in other units.
    static func unitsNeedGrams(_ mode: ForceMode) -> String {
        mode == .force
            ? "Units need grams: calibrate the scale first (k), then u cycles g, oz and lb."
            : "Units need grams, and this device gives \(mode.rawValue) only: no grams."
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
        carrierMayHaveLifted()
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
