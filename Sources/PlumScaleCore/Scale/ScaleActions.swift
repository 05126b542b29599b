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

/// A touch that went down on a scale button. On a scale the whole surface
/// weighs: if it stays (longer than a tap) or slides, it is an object like
/// any other; only a short, still touch, a tap, presses the button.
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
            if scale.contact(id: sample.id) == nil, let button = buttonHit(sample.x, sample.y) {
                scaleScreen.touchesOnButtons[sample.id] = TouchOnButton(
                    action: button.action, start: now, origin: layoutPoint(sample.x, sample.y), latest: sample)
                return
            }
            place(sample)
        case .touchMove(let sample):
            if var held = scaleScreen.touchesOnButtons[sample.id] {
                held.latest = sample
                scaleScreen.touchesOnButtons[sample.id] = held
                guard held.origin.distance(to: layoutPoint(sample.x, sample.y)) > TouchOnButton.tapSlop else { return }
                scaleScreen.touchesOnButtons[sample.id] = nil
            }
            place(sample)
        case .touchUp(let id):
            if let held = scaleScreen.touchesOnButtons.removeValue(forKey: id) {
                if now - held.start < TouchOnButton.tapSeconds { perform(held.action) }
                return
            }
            lift(id)
        case .touchCancel(let id):
            if scaleScreen.touchesOnButtons.removeValue(forKey: id) != nil { return }
            lift(id)
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
            restOnButtons()
            scale.advance(to: now)
        case .keyUp:
            break
        case .pointerDown(let x, let y, let button, _) where button == 1:
            if let hit = buttonHit(x, y) { return perform(hit.action) }
            mouse?.apply(event.kind, time: now, layout: layout, scale: &scale)
        case .pointerDown, .pointerMove, .pointerUp, .wheel:
            mouse?.apply(event.kind, time: now, layout: layout, scale: &scale)
        }
    }

    /// Touches on buttons held past a tap are objects: they weigh from now.
    private mutating func restOnButtons() {
        // In the order they came down (then by id), never the dictionary's
        // hash order, which changes from run to run: the order they join is
        // the order their circles are drawn and labelled, and render and
        // the window must draw the same frame.
        let resting = scaleScreen.touchesOnButtons.filter { now - $0.value.start >= TouchOnButton.tapSeconds }
            .sorted { ($0.value.start, $0.key) < ($1.value.start, $1.key) }
        for (id, held) in resting {
            scaleScreen.touchesOnButtons[id] = nil
            place(held.latest)
        }
    }

    /// When a touch on a button stops being a tap.
    var nextRestOnButton: Double? {
        scaleScreen.touchesOnButtons.values.map { $0.start + TouchOnButton.tapSeconds }.min()
    }

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
