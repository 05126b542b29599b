/// What the wizard reads of the station when it acts.
struct CalibrationContext {
    /// The reference: the heaviest contact on the glass, nil with none.
    var reference: ContactView?
    /// How many contacts lie on the glass.
    var contactsOnGlass: Int
    /// The device the calibration is for.
    var device: String
    /// Who saves it, for the calibration log.
    var role: CalibrationRole
}

/// What the wizard asks of the station.
enum CalibrationRequest: Equatable {
    /// Back to the scale.
    case close
    /// Forget the scale's tares: the zero is taken afresh.
    case clearTares
    /// On to the eccentricity test of the calibration in use.
    case openEccentricity
    /// The shell's work (the calibration saved).
    case perform(Effect)
}

/// The calibration wizard's reducer: zero, references captured once stable,
/// the review, the save.
extension CalibrationWizard: ScreenReducer {
    static func reduce(into wizard: inout CalibrationWizard, action: CalibrationAction, context: CalibrationContext)
        -> [CalibrationRequest]
    {
        switch action {
        case .cancelTapped:
            return [.close]
        case .zeroTapped:
            guard context.contactsOnGlass == 0 else {
                wizard.message = "Something is still on the glass: clear it, then press Zero (or Zero with carrier)."
                return []
            }
            wizard.recordZero()
            return [.clearTares]
        case .zeroWithCarrierTapped:
            return wizard.zeroWithCarrier(context)
        case .anotherTapped:
            wizard.step = .place
            wizard.message = "Place the next reference, then enter its mass."
        case .finishTapped:
            guard let review = wizard.reviewMessage else { return [] }
            wizard.step = .review
            wizard.message = review
        case .saveTapped:
            return [.perform(.saveCalibration(device: context.device, points: wizard.points, role: context.role))]
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
            wizard.requestCapture(context.reference)
        case .eccentricityTapped:
            guard wizard.step == .clear, wizard.offersEccentricity else { return [] }
            return [.openEccentricity]
        }
        return []
    }

    /// Time passed: the reading the user confirmed is taken once the
    /// reference is stable, never before the mass is confirmed (a first
    /// digit typed is not a mass).
    /// `reference` is looked for only when a capture waits for it.
    static func readingSettled(into wizard: inout CalibrationWizard, reference: () -> ContactView?) {
        guard wizard.step == .place, wizard.captureRequested, let reference = reference(), reference.stable,
            let force = reference.force
        else { return }
        if reference.fading {
            wizard.message = carrierFading
        } else {
            wizard.capture(force: force + reference.tare)
        }
    }

    /// Capture was pressed: it needs a mass and a reference; the reading is
    /// taken at once when stable, else by the tick that finds it stable.
    private mutating func requestCapture(_ reference: ContactView?) {
        guard step == .place else { return }
        guard let mass else {
            message = "Enter the reference's mass (or pick a coin) first, then press Capture."
            return
        }
        guard let reference, let force = reference.force else {
            message = "Place the \(Plum.grams(mass)) reference on the glass, then press Capture."
            return
        }
        guard reference.stable else {
            captureRequested = true
            message = "Waiting for a stable reading of \(Plum.grams(mass))…"
            return
        }
        guard !reference.fading else {
            message = Self.carrierFading
            return
        }
        capture(force: force + reference.tare)
    }

    /// Zero with the carrier: one still contact on the glass, whose reading
    /// is the zero the references' are taken from.
    private mutating func zeroWithCarrier(_ context: CalibrationContext) -> [CalibrationRequest] {
        guard let reference = context.reference, let force = reference.force, context.contactsOnGlass == 1 else {
            message = "Place the carrier alone (a fingertip or a metal plate), hold it still, then press Zero with carrier."
            return []
        }
        guard reference.stable, !reference.fading else {
            message = "Hold the carrier still until its dot turns green, then press Zero with carrier."
            return []
        }
        recordZero(carrier: force + reference.tare)
        return [.clearTares]
    }

    /// After the mass changed: nothing is captured until it is confirmed.
    mutating func promptForCapture() {
        captureRequested = false
        message =
            mass.map { "Mass \(Plum.grams($0)). With the reference on the glass, press Capture (Enter)." }
            ?? "Enter the reference's mass."
    }
}
