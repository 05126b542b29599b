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
    /// The mass being typed (NumberEntry: digits and one decimal point).
    var massEntry = NumberEntry(decimals: true, maxLength: 8)
    /// The mass being typed, as typed.
    public internal(set) var massText: String {
        get { massEntry.typed }
        set { massEntry = NumberEntry(decimals: true, maxLength: 8, typed: newValue) }
    }
    public internal(set) var message: String
    /// Capture was pressed while the reading still moved: it is taken as
    /// soon as the reference is stable.
    public internal(set) var captureRequested = false
    /// Zeroed with a carrier on the glass: its raw force, taken off each
    /// reference's reading (the references lie on it). Nil without one.
    public internal(set) var carrierForce: Double?

    /// The device's own grams, when it has them and no calibration yet:
    /// each capture says how far its figure is from the reference.
    public let deviceGrams: DeviceGrams?
    /// The device's figure for the last reference captured, nil without one.
    public internal(set) var deviceCheck: DeviceCheck?

    /// What the device's own grams read for a reference of known mass.
    public struct DeviceCheck: Equatable, Sendable {
        public var referenceGrams: Double
        public var deviceGrams: Double
        /// The device's display step d: within it, the figure is right.
        public var stepGrams: Double

        public var difference: Double { deviceGrams - referenceGrams }
        public var withinStep: Bool { abs(difference) <= stepGrams + 1e-9 }

        /// "The device reads 208.9 g (-1.1 g, outside d 0.1 g)."
        var text: String {
            let sign = difference >= 0 ? "+" : "-"
            return "The device reads \(Plum.grams(deviceGrams)) (\(sign)\(Plum.grams(abs(difference))), "
                + (withinStep ? "within" : "outside") + " d \(Plum.grams(stepGrams)))."
        }
    }

    /// The device is calibrated: the first step offers the eccentricity
    /// test of that calibration (EccentricityRun.swift).
    public let offersEccentricity: Bool

    init(mode: ForceMode, deviceGrams: DeviceGrams? = nil, calibrated: Bool = false) {
        self.deviceGrams = mode == .force ? deviceGrams : nil
        offersEccentricity = mode == .force && calibrated
        if mode == .force {
            step = .clear
            message =
                (deviceGrams == nil ? "" : "This device weighs in grams itself: check it with references. ")
                + "Clear the screen, then press Zero; for references that do not register, "
                + "place a carrier alone and press Zero with carrier."
                + (calibrated ? " Or test its eccentricity (E)." : "")
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
        guard let action = NumberEntry.action(for: .character(character)) else { return }
        _ = massEntry.reduce(action)
    }

    mutating func deleteLastCharacter() {
        _ = massEntry.reduce(.backspacePressed)
    }

    /// The zero of the scale: no load reads force 0, which is 0 g. It is the
    /// first point of the fit (fitted like any other, not a constraint).
    public static let zeroPoint = CalibrationPoint(force: 0, grams: 0)

    /// The glass is clear, or holds only the carrier (`carrier`, its raw
    /// force): the zero becomes the fit's first point.
    mutating func recordZero(carrier: Double? = nil) {
        points = [Self.zeroPoint]
        carrierForce = carrier
        step = .place
        message =
            carrier == nil
            ? "Zero is point 1 of the fit (no load: force 0 = 0 g). "
                + "Place a reference of known mass, enter its mass or pick a coin, then press Capture."
            : "Zero with the carrier is point 1 of the fit. Keep the carrier still, put each reference on it, "
                + "enter its mass or pick a coin, then press Capture."
    }

    /// A reading that keeps falling while still: not captured.
    static let carrierFading =
        "The reading is fading (a metal carrier loses contact): not captured. Cancel, place the carrier afresh, zero again."

    /// Records (force, grams) for the reference. A reading equal to an
    /// earlier point, or one that would make a line the scale cannot trust
    /// (CalibrationFit.Limits), is refused with the reason, and the points
    /// so far are kept.
    mutating func capture(force reading: Double) {
        guard let mass else { return }
        captureRequested = false
        // On a carrier the reference's force is what it adds to the carrier's.
        let force = reading - (carrierForce ?? 0)
        guard force > 0 else {
            message = "The reading is not above the carrier's: put the reference on the carrier, then press Capture."
            return
        }
        if points.contains(where: { abs($0.force - force) < 1e-6 }) {
            message = "That reading equals an earlier point: use a different mass."
            return
        }
        let candidate = points + [CalibrationPoint(force: force, grams: mass)]
        if candidate.count >= 2 {
            let issues = CalibrationFit.issues(in: candidate)
            guard issues.isEmpty else {
                message =
                    "Refused \(Plum.grams(mass)) at \(Plum.formatPercent(force * 100)): "
                    + CalibrationError(issues: issues).description + "."
                return
            }
        }
        points = candidate
        massText = ""
        step = .captured
        deviceCheck = deviceGrams.map {
            DeviceCheck(referenceGrams: mass, deviceGrams: force * $0.gramsAtFullRange, stepGrams: $0.displayStepGrams)
        }
        // On a device with grams of its own, its check comes first.
        let captured = "Captured \(Plum.grams(mass)) at \(Plum.formatPercent(force * 100))."
        // On a device with grams of its own, its check is what matters; the
        // fit's figures wait for the review (the panel has three lines).
        if let deviceCheck {
            message = deviceCheck.text + " " + captured + " Remove it, then add another or finish."
            return
        }
        // What matters most first: the panel shows the start of the message.
        guard let fit else {
            message = captured + " Remove it, then add another."
            return
        }
        guard fit.linearityChecked else {
            message =
                "2 points: linearity not checked (a line fits any two). " + captured
                + " Remove it and add a third reference, or finish unchecked."
            return
        }
        message =
            String(format: "R² %.4f, max residual %.2f g over %d points. ", fit.rSquared, fit.maxResidualGrams, fit.pointCount)
            + captured + " Remove it, then add another or finish."
    }

    /// The message in lines of at most `width` characters, broken at
    /// spaces, for a panel that draws one line per text.
    public func messageLines(width: Int = 56) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in message.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The review of the fit before saving it.
    var reviewMessage: String? {
        guard let fit else { return nil }
        let zero = fit.hasZeroPoint ? "zero included as a point" : "no zero point"
        guard fit.linearityChecked else {
            return "Linearity not checked: a fit through 2 points (\(zero)); a third reference would check it. Save it?"
        }
        return String(
            format: "Fit: R² %.4f, max residual %.2f g over %d points (%@). Save it?",
            fit.rSquared, fit.maxResidualGrams, fit.pointCount, zero)
    }
}
