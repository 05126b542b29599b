import Foundation

/// What the eccentricity test reads of the station when it acts.
struct EccentricityContext {
    /// The device the correction is for.
    var device: String
    /// Who saves it, for the calibration log.
    var role: CalibrationRole
}

/// The glass as the test sees it when time passes.
struct EccentricityGlass {
    /// The reference: the heaviest contact on the glass, nil with none.
    var reference: ContactView?
    var contactsOnGlass: Int
    /// Where the reference lies, normalised to the device's surface.
    var referencePoint: (x: Double, y: Double)
    /// The grams of an untared force through the calibration, uncorrected;
    /// nil without a calibration.
    var grams: ((Double) -> Double?)?
    /// How grams are shown (the units, the display step).
    var format: WeightFormat
}

/// What the test asks of the station.
enum EccentricityRequest: Equatable {
    case close
    /// A fresh test, from the centre.
    case startAgain
    /// The shell's work (the gain map saved).
    case perform(Effect)
}

/// The eccentricity test's reducer: each place read once the reference lies
/// there alone and stable, then the result and its save.
extension EccentricityRun: ScreenReducer {
    static func reduce(into run: inout EccentricityRun, action: EccentricityAction, context: EccentricityContext)
        -> [EccentricityRequest]
    {
        switch action {
        case .cancelTapped:
            return [.close]
        case .againTapped:
            return [.startAgain]
        case .saveTapped:
            guard run.offersSave, let result = run.result else { return [] }
            let test = EccentricityRecord(
                readings: run.test.readings, largestDifferenceGrams: result.largestDifferenceGrams, inD: result.inD)
            return [.perform(.saveEccentricity(device: context.device, map: result.map, test: test, role: context.role))]
        }
    }

    /// Time passed: the place asked for is read once the reference lies
    /// there, alone, stable and not fading (its grams through the
    /// calibration, uncorrected). `glass` is looked at only while a place waits.
    static func readingSettled(into run: inout EccentricityRun, glass: () -> EccentricityGlass) {
        guard let place = run.place else { return }
        let glass = glass()
        guard glass.contactsOnGlass == 1, let reference = glass.reference, lies(glass.referencePoint, at: place),
            reference.stable, !reference.fading, let force = reference.force,
            let grams = glass.grams?(force + reference.tare), grams > 0
        else { return }
        run.read(grams, format: glass.format)
    }

    /// Whether a point of the surface is on `place`, within reach.
    static func lies(_ point: (x: Double, y: Double), at place: EccentricityTest.Place) -> Bool {
        hypot(point.x - place.point.x, point.y - place.point.y) <= reach
    }
}
