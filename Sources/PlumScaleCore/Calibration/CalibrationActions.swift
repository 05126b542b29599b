import Foundation

/// A reference of standard mass that most people have in a pocket.
public struct Coin: Equatable, Hashable, Sendable {
    public var name: String
    public var grams: Double

    /// Common coins and their standard masses, in grams.
    public static let presets = [
        Coin(name: "1 € coin", grams: 7.50), Coin(name: "2 € coin", grams: 8.50),
        Coin(name: "US quarter", grams: 5.670), Coin(name: "US nickel", grams: 5.000),
        Coin(name: "UK £1 coin", grams: 8.75), Coin(name: "US penny", grams: 2.500),
    ]
}

/// What a person can do in the calibration wizard.
public enum CalibrationAction: Equatable, Sendable {
    case cancelTapped
    case zeroTapped
    /// Zero with the carrier on the glass: references are then put on it.
    case zeroWithCarrierTapped
    case digitTyped(Int)
    case decimalPointTyped
    case backspaceTapped
    case presetChosen(Coin)
    /// The mass is confirmed (Capture, or Enter on a keyboard): the reading
    /// is taken now if stable, else as soon as it is.
    case captureTapped
    case anotherTapped
    case finishTapped
    case saveTapped
    /// The eccentricity test of the calibration in use (once there is one).
    case eccentricityTapped

    /// The name the state document gives its control.
    var elementName: String {
        switch self {
        case .cancelTapped: "cancel"
        case .zeroTapped: "zero"
        case .zeroWithCarrierTapped: "zero-carrier"
        case .digitTyped(let digit): "key-\(digit)"
        case .decimalPointTyped: "key-."
        case .backspaceTapped: "key-⌫"
        case .presetChosen(let coin): "preset-\(Coin.presets.firstIndex(of: coin) ?? 0)"
        case .captureTapped: "capture"
        case .anotherTapped: "another"
        case .finishTapped: "finish"
        case .saveTapped: "save"
        case .eccentricityTapped: "eccentricity"
        }
    }

    /// What a keypad key shows.
    var keyTitle: String {
        switch self {
        case .digitTyped(let digit): String(digit)
        case .decimalPointTyped: "."
        case .backspaceTapped: "⌫"
        default: elementName
        }
    }
}

/// The calibration screen: the scale as usual, plus the wizard's panel.
extension AppState {
    mutating func openCalibration() {
        // A pad that weighs in grams by itself: the wizard checks its figure
        // with each reference, and a saved fit refines it.
        let device = scale.fit == nil ? scale.deviceGrams : nil
        screen = .calibration(CalibrationWizard(mode: source.mode, deviceGrams: device, calibrated: scale.fit != nil))
    }

    /// The reference object: the heaviest contact on the glass, untared force.
    var reference: ContactView? {
        contactViews.compactMap { view in view.force.map { (view, $0 + view.tare) } }.max { $0.1 < $1.1 }?.0
    }

    mutating func applyOnCalibration(_ event: InputEvent) {
        guard case .calibration(let wizard) = screen else { return }
        let placed = calibrationLayout(wizard)
        let press = PanelPress(
            panel: placed.panel, controls: placed.controls.map { ($0.rect, $0.action) }, pressed: PressedControl.calibration
        ) {
            if case .calibration(let action) = $0 { action } else { nil }
        }
        if applyPress(event, press, perform: { $0.perform($1) }) { return }
        switch event.kind {
        case .keyDown(.escape, _):
            perform(CalibrationAction.cancelTapped)
        case .keyDown(.character("w"), _) where wizard.step == .clear:
            perform(.zeroWithCarrierTapped)
        case .keyDown(.character("e"), _) where wizard.step == .clear && wizard.offersEccentricity:
            perform(.eccentricityTapped)
        case .keyDown(let key, _) where wizard.step == .place && (key.digit != nil || key == .character(".")):
            perform(key.digit.map { .digitTyped($0) } ?? .decimalPointTyped)
        case .keyDown(.backspace, _) where wizard.step == .place:
            perform(.backspaceTapped)
        case .keyDown(.enter, _) where wizard.step == .place:
            perform(.captureTapped)
        case .tick:
            scale.advance(to: now)
            captureWhenStable()
        default:
            applyOnScale(event)
        }
    }

    /// Takes the reading the user confirmed, once the reference is stable:
    /// never before the mass is confirmed (a first digit typed is not a mass).
    private mutating func captureWhenStable() {
        guard case .calibration(var wizard) = screen, wizard.step == .place, wizard.captureRequested, let reference,
            reference.stable, let force = reference.force
        else { return }
        if reference.fading {
            wizard.message = CalibrationWizard.carrierFading
        } else {
            wizard.capture(force: force + reference.tare)
        }
        screen = .calibration(wizard)
    }

    /// Does what the user asked for in the wizard.
    public mutating func perform(_ action: CalibrationAction) {
        guard case .calibration(var wizard) = screen, allows(action.adminWork) else { return }
        switch action {
        case .cancelTapped:
            screen = .scale
            return
        case .zeroTapped:
            if scale.isEmpty {
                scale.clearTares()
                wizard.recordZero()
            } else {
                wizard.message = "Something is still on the glass: clear it, then press Zero (or Zero with carrier)."
            }
        case .zeroWithCarrierTapped:
            zeroWithCarrier(&wizard)
        case .anotherTapped:
            wizard.step = .place
            wizard.message = "Place the next reference, then enter its mass."
        case .finishTapped:
            guard let review = wizard.reviewMessage else { return }
            wizard.step = .review
            wizard.message = review
        case .saveTapped:
            outbox.append(.saveCalibration(device: source.deviceName, points: wizard.points, role: calibrationRole))
        case .digitTyped(let digit):
            wizard.type(Character(String(digit)))
            wizard.promptForCapture()
        case .decimalPointTyped:
            wizard.type(".")
            wizard.promptForCapture()
        case .backspaceTapped:
            wizard.deleteLastCharacter()
            wizard.promptForCapture()
        case .presetChosen(let coin):
            wizard.massText = String(coin.grams)
            wizard.promptForCapture()
        case .captureTapped:
            requestCapture(&wizard)
        case .eccentricityTapped:
            guard wizard.step == .clear, wizard.offersEccentricity else { return }
            openEccentricity()
            return
        }
        screen = .calibration(wizard)
    }

    /// Capture was pressed: it needs a mass and a reference; the reading is
    /// taken at once when stable, else by the tick that finds it stable.
    private mutating func requestCapture(_ wizard: inout CalibrationWizard) {
        guard wizard.step == .place else { return }
        guard let mass = wizard.mass else {
            wizard.message = "Enter the reference's mass (or pick a coin) first, then press Capture."
            return
        }
        guard let reference, let force = reference.force else {
            wizard.message = "Place the \(Plum.grams(mass)) reference on the glass, then press Capture."
            return
        }
        guard reference.stable else {
            wizard.captureRequested = true
            wizard.message = "Waiting for a stable reading of \(Plum.grams(mass))…"
            return
        }
        guard !reference.fading else {
            wizard.message = CalibrationWizard.carrierFading
            return
        }
        wizard.capture(force: force + reference.tare)
    }

    /// Zero with the carrier: one still contact on the glass, whose reading
    /// is the zero the references' are taken from.
    private mutating func zeroWithCarrier(_ wizard: inout CalibrationWizard) {
        guard let reference, let force = reference.force, scale.board.contacts.count == 1 else {
            wizard.message =
                "Place the carrier alone (a fingertip or a metal plate), hold it still, then press Zero with carrier."
            return
        }
        guard reference.stable, !reference.fading else {
            wizard.message = "Hold the carrier still until its dot turns green, then press Zero with carrier."
            return
        }
        scale.clearTares()
        wizard.recordZero(carrier: force + reference.tare)
    }

    /// The saved calibration is used from now on.
    /// `logProblem`: why it is not in the calibration log (said for longer).
    mutating func calibrationSaved(_ points: [CalibrationPoint], logProblem: String? = nil) {
        scale.fit = try? CalibrationFit(points: points)
        // The file dropped the eccentricity map with the old points (ConfigFile.saveCalibration).
        scale.gainMap = nil
        refreshButtonPanel()  // grams now: the Preset tare button
        screen = .scale
        guard let logProblem else { return show("Calibration saved for \(source.deviceName)", on: "scale") }
        show("Calibration saved for \(source.deviceName), but not in the calibration log: \(logProblem)", seconds: 10, on: "scale")
    }
}

extension CalibrationWizard {
    /// After the mass changed: nothing is captured until it is confirmed.
    mutating func promptForCapture() {
        captureRequested = false
        message =
            mass.map { "Mass \(Plum.grams($0)). With the reference on the glass, press Capture (Enter)." }
            ?? "Enter the reference's mass."
    }
}
