import Foundation

/// The on-screen calibration, usable with fingers only: clear and zero,
/// place a reference, enter its mass (keypad or a coin preset), wait for a
/// stable reading, capture; repeat; see the fit; save it.
public struct CalibrationWizard: Equatable, Sendable {
    public enum Step: String, Equatable, Sendable {
        case clear, place, captured, review, refused
    }

    /// Common coins and their standard masses.
    public static let presets = Coin.presets

    public internal(set) var step: Step
    public internal(set) var points: [CalibrationPoint] = []
    /// The mass being typed, as typed.
    public internal(set) var massText = ""
    public internal(set) var message: String

    init(mode: ForceMode) {
        if mode == .force {
            step = .clear
            message = "Clear the screen, then press Zero."
        } else {
            step = .refused
            message = "Calibration needs real pressure: this device gives \(mode.rawValue) only, so grams are refused."
        }
    }

    public var mass: Double? {
        guard let value = Double(massText), value.isFinite, value > 0 else { return nil }
        return value
    }

    /// The fit of the points so far, if they make one.
    public var fit: CalibrationFit? { try? CalibrationFit(points: points) }

    /// A digit (0...9) or the decimal point typed into the mass.
    mutating func type(_ character: Character) {
        if character == "." {
            if !massText.contains(".") { massText += massText.isEmpty ? "0." : "." }
        } else if massText.count < 8 {
            massText.append(character)
        }
    }

    mutating func deleteLastCharacter() {
        massText = String(massText.dropLast())
    }

    /// Records (force, grams) for the reference; the same force twice is refused.
    mutating func capture(force: Double) {
        guard let mass else { return }
        if points.contains(where: { abs($0.force - force) < 1e-6 }) {
            message = "That reading equals an earlier point: use a different mass."
            return
        }
        points.append(CalibrationPoint(force: force, grams: mass))
        massText = ""
        step = .captured
        message = "Captured \(Plum.grams(mass)) at \(Plum.formatPercent(force * 100)). Remove it, then add another or finish."
    }
}
