import Foundation

/// The on-screen calibration, usable with fingers only: clear and zero,
/// place a reference, enter its mass (keypad or a coin preset), wait for a
/// stable reading, capture; repeat; see the fit; save it.
public struct CalibrationWizard: Equatable, Sendable {
    public enum Step: String, Equatable, Sendable {
        case clear, place, captured, review, refused
    }

    /// Common coins and their standard masses, in grams.
    public static let presets: [(name: String, grams: Double)] = [
        ("1 € coin", 7.50), ("2 € coin", 8.50), ("US quarter", 5.670),
        ("US nickel", 5.000), ("UK £1 coin", 8.75), ("US penny", 2.500),
    ]

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

    mutating func type(_ key: String) {
        switch key {
        case "⌫": massText = String(massText.dropLast())
        case ".": if !massText.contains(".") { massText += massText.isEmpty ? "0." : "." }
        default: if massText.count < 8 { massText += key }
        }
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

/// Where the wizard's controls are: a panel on the right.
enum CalibrationLayout {
    static func panel(size: Size) -> Rect { Rect(x: size.width - 430, y: 0, width: 430, height: size.height) }

    /// Every control, by name, for the step.
    static func controls(for wizard: CalibrationWizard, size: Size) -> [(name: String, title: String, rect: Rect)] {
        let panel = panel(size: size)
        let x = panel.x + 15
        var controls: [(String, String, Rect)] = [("cancel", "Cancel", Rect(x: x, y: size.height - 60, width: 120, height: 48))]
        switch wizard.step {
        case .clear:
            controls.append(("zero", "Zero", Rect(x: x, y: 150, width: 400, height: 56)))
        case .place:
            let keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", ".", "0", "⌫"]
            for (i, key) in keys.enumerated() {
                controls.append(("key-" + key, key, Rect(x: x + Double(i % 3) * 92, y: 160 + Double(i / 3) * 62, width: 84, height: 54)))
            }
            for (i, preset) in CalibrationWizard.presets.enumerated() {
                controls.append(("preset-\(i)", "\(preset.name) \(String(format: "%.2f", preset.grams)) g",
                                 Rect(x: x + 285, y: 160 + Double(i) * 62, width: 130, height: 54)))
            }
        case .captured:
            controls.append(("another", "Add another", Rect(x: x, y: 150, width: 195, height: 56)))
            if wizard.fit != nil { controls.append(("finish", "Finish", Rect(x: x + 205, y: 150, width: 195, height: 56))) }
        case .review:
            controls.append(("save", "Save", Rect(x: x, y: 230, width: 195, height: 56)))
        case .refused:
            break
        }
        return controls
    }
}
