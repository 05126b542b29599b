import Foundation

/// The eccentricity test on screen (issue 28), opened from the calibration
/// wizard once the device is calibrated: one reference is put at the
/// centre, then near each corner, each place read once the reference lies
/// there alone and is stable; then the largest difference in grams and in
/// d, and, when it exceeds d, the gain map to save.
///
/// The centre's reading is the reference's mass: the calibration holds
/// there, and the corners are brought to it (no mass to type, so any
/// object of about a third of the range will do).
public struct EccentricityRun: Equatable, Sendable {
    public internal(set) var test = EccentricityTest(referenceGrams: 0)
    /// The display step d, grams.
    public let stepGrams: Double
    /// Whether a correction is in use: a test within d then offers to remove it.
    public let correcting: Bool
    public internal(set) var message: String

    /// How near a place (normalised surface units) the reference must lie to be read there.
    public static let reach = 0.12

    init(stepGrams: Double, correcting: Bool) {
        self.stepGrams = stepGrams
        self.correcting = correcting
        message = Self.prompt(.centre)
    }

    /// The place to read next, nil once all five are read.
    public var place: EccentricityTest.Place? { test.nextPlace }

    /// The outcome, once the five places are read.
    public var result: EccentricityTest.Result? { test.result(step: stepGrams) }

    /// What Save does at the result: save the map fitted, remove the map in
    /// use (within d now), or nothing to save.
    public var offersSave: Bool { result.map { $0.map != nil || ($0.refusal == nil && correcting) } ?? false }

    static func prompt(_ place: EccentricityTest.Place) -> String {
        "Put one reference \(place.words), on the marked spot, alone on the glass: it is read once stable."
    }

    /// The reference read `grams` (uncorrected) at the place asked for.
    mutating func read(_ grams: Double, format: WeightFormat) {
        guard let place else { return }
        if place == .centre { test.referenceGrams = grams }
        test.readings[place] = grams
        let read = "Read \(format.text(grams: grams) ?? "?") \(place.words)."
        if let next = self.place {
            message = read + " Now move it \(next.words), on the marked spot."
        } else if let result {
            let save =
                result.map != nil ? " Save applies it to every reading." : offersSave ? " Save removes the correction in use." : ""
            message = result.text(format: format) + "." + save
        }
    }

    /// Each place read so far, or still to read: "top-left: 206 g".
    func readingLines(format: WeightFormat) -> [String] {
        EccentricityTest.Place.allCases.map { place in
            "\(place.shortName): " + (test.readings[place].flatMap { format.text(grams: $0) } ?? "–")
        }
    }
}

extension EccentricityTest.Place {
    /// "centre", "top-left".
    var shortName: String {
        switch self {
        case .centre: "centre"
        case .topLeft: "top-left"
        case .topRight: "top-right"
        case .bottomLeft: "bottom-left"
        case .bottomRight: "bottom-right"
        }
    }
}

/// What the operator can do in the eccentricity test.
public enum EccentricityAction: CaseIterable, Equatable, Sendable {
    case cancelTapped
    /// Start again from the centre.
    case againTapped
    /// Save the map fitted (or remove the one in use) with the calibration.
    case saveTapped

    /// The name the state document gives its control.
    var elementName: String {
        switch self {
        case .cancelTapped: "cancel"
        case .againTapped: "again"
        case .saveTapped: "save"
        }
    }
}

extension Plum {
    /// Under grams corrected by the eccentricity map.
    public static let correctedLabel = "corrected"
}
