import Foundation

/// One calibration measurement: a known mass and the force it read.
public struct CalibrationPoint: Equatable, Sendable {
    /// Smoothed force 0...1 read with the mass on the screen.
    public var force: Double
    /// The known mass, in grams.
    public var grams: Double

    public init(force: Double, grams: Double) {
        self.force = force
        self.grams = grams
    }
}

/// Why a set of calibration points cannot be fitted, or why the line they
/// make cannot be trusted (`CalibrationFit.Limits` has the numbers).
public enum CalibrationIssue: Equatable, Sendable, CustomStringConvertible {
    /// Fewer than 2 points (the count given).
    case tooFewPoints(Int)
    /// Point `index` has the same force as an earlier point `firstIndex`.
    case duplicateForce(index: Int, firstIndex: Int, force: Double)
    /// Point `index` has a negative mass.
    case negativeGrams(index: Int, grams: Double)
    /// Point `index` has a NaN or infinite `field` ("force" or "grams").
    case nonFinite(index: Int, field: String)
    /// Point `index` has a force outside 0...1, the device's range.
    case forceOutOfRange(index: Int, force: Double)
    /// Point `index` was read in overload (at or above `Overload.threshold`
    /// of the range), where the device may clip: not a trustworthy reading.
    case forceInOverload(index: Int, force: Double)
    /// Point `index` has a mass above `Limits.maximumGrams`.
    case gramsTooLarge(index: Int, grams: Double)
    /// The forces span less than `Limits.minimumForceSpan` of the range: the
    /// line would be extrapolated far beyond what was measured.
    case forcesTooClose(span: Double)
    /// The fitted slope or intercept is NaN or infinite.
    case nonFiniteFit
    /// The fit says more mass reads less (or the same) force.
    case nonPositiveSlope(Double)
    /// The fit reads more than `Limits.maximumGrams` at full range.
    case capacityTooLarge(grams: Double)
    /// The fit reads only `grams` at full range: less than a milligram
    /// (`Limits.minimumCapacityGrams`) or less than one display step
    /// `step`, so every load would read 0.
    case capacityTooSmall(grams: Double, step: Double)
    /// The fit reads `grams` at zero force, more than
    /// `Limits.maximumZeroOffset` of its full range `capacity`.
    case zeroOffsetTooLarge(grams: Double, capacity: Double)

    public var description: String {
        switch self {
        case .tooFewPoints(let count):
            return "needs at least 2 points, got \(count)"
        case .duplicateForce(let index, let firstIndex, let force):
            return "point \(index) repeats the force \(force) of point \(firstIndex)"
        case .negativeGrams(let index, let grams):
            return "point \(index) has negative grams \(grams)"
        case .nonFinite(let index, let field):
            return "point \(index) has a non-finite \(field)"
        case .forceOutOfRange(let index, let force):
            return "point \(index) has the force \(force), outside the device's range 0...1"
        case .forceInOverload(let index, let force):
            return "point \(index) was read in overload (force \(force), at or above \(Overload.threshold) of the range, "
                + "where the device may clip): use a lighter reference"
        case .gramsTooLarge(let index, let grams):
            return "point \(index) has \(grams) g, more than the \(CalibrationFit.Limits.maximumGrams / 1000) kg a touchscreen can carry"
        case .forcesTooClose(let span):
            return "the forces span only \(Self.short(span)) of the device's range (at least \(CalibrationFit.Limits.minimumForceSpan) "
                + "needed): the line would be extrapolated far beyond the references; use a heavier reference"
        case .nonFiniteFit:
            return "the fitted line has non-finite coefficients (the points are too extreme to fit)"
        case .nonPositiveSlope(let slope):
            return "a heavier reference must read more force, but the fit has a slope of \(Self.short(slope)) g "
                + "per unit of force: check the masses"
        case .capacityTooLarge(let grams):
            return "the fit reads \(Self.short(grams)) g at full range, more than the \(CalibrationFit.Limits.maximumGrams / 1000) kg "
                + "a touchscreen can carry: use heavier references"
        case .capacityTooSmall(let grams, let step):
            let floor =
                grams < CalibrationFit.Limits.minimumCapacityGrams
                ? "less than a milligram" : "less than one display step (\(Self.short(step)) g)"
            return "the fit reads only \(Self.short(grams)) g at full range, \(floor): every load would read 0 g; "
                + "check the masses (grams, not kilograms) and use heavier references"
        case .zeroOffsetTooLarge(let grams, let capacity):
            return "the fit reads \(Self.short(grams)) g at zero force, more than \(Int(CalibrationFit.Limits.maximumZeroOffset * 100))% "
                + "of its full range (\(Self.short(capacity)) g): add the zero point (force 0, 0 g), as the wizard's Zero step does"
        }
    }

    /// A number in a message: 4 significant digits.
    public static func short(_ value: Double) -> String { String(format: "%.4g", value) }
}

/// All the issues found in a set of calibration points.
public struct CalibrationError: Error, Equatable, Sendable, CustomStringConvertible {
    public var issues: [CalibrationIssue]
    public var description: String { issues.map(\.description).joined(separator: "; ") }
}

/// A least-squares line grams = slope·force + intercept through calibration
/// points, with its quality of fit. Only a line a scale can trust is made:
/// `init(points:)` refuses the rest with the reasons (`Limits`).
public struct CalibrationFit: Equatable, Sendable {
    /// Grams per unit of force (a).
    public var slope: Double
    /// Grams at zero force (b).
    public var intercept: Double
    /// Coefficient of determination, 1 for a perfect line (and for points
    /// whose grams are all equal and exactly fitted). Meaningless with 2
    /// points (a line fits any two): see `linearityChecked`.
    public var rSquared: Double
    /// The largest |measured − fitted| over the points, in grams.
    public var maxResidualGrams: Double
    /// How many points were fitted.
    public var pointCount: Int
    /// Whether one point is the zero: force 0 read as 0 g (the wizard's Zero
    /// step), so the line was fitted through the scale's zero as a point.
    public var hasZeroPoint: Bool

    /// What a calibration must satisfy to be used. A pressure touchscreen is
    /// no truck scale, and a line measured over a sliver of the range says
    /// nothing about the rest of it.
    public enum Limits {
        /// The most a point, or the fit at full range, may weigh: 100 kg.
        public static let maximumGrams = 100_000.0
        /// The least the points' forces must spread over: 1% of the range.
        public static let minimumForceSpan = 0.01
        /// The most the fit may read at zero force, as a fraction of what it
        /// reads at full range (10%): a scale's zero is near 0 g.
        public static let maximumZeroOffset = 0.1
        /// The finest display step, as a fraction of full range: 0.1 point
        /// of force, the resolution of the percentage label (1000 divisions).
        public static let finestStepFraction = 0.001
        /// The least the fit may read at full range: a milligram.
        public static let minimumCapacityGrams = 0.001
    }

    /// Whether there are enough points (3) for R² and the residuals to say
    /// anything about linearity.
    public var linearityChecked: Bool { pointCount >= 3 }

    /// Grams at full range (force 1): the most this calibration can weigh.
    public var capacityGrams: Double { slope + intercept }

    /// The display step's floor in grams: no finer than the largest residual
    /// (what the fit is off by at its own points), nor than 0.1 point of
    /// force. `WeightFormat` rounds it up to 1, 2 or 5 × 10^n in the unit.
    public var displayStepGrams: Double {
        max(maxResidualGrams, slope * Limits.finestStepFraction)
    }

    /// The fit's quality, as the scale screen shows it (one short line,
    /// under 60 characters, beside the buttons).
    public var summary: String {
        let zero = hasZeroPoint ? "" : ", no zero"
        guard linearityChecked else {
            return "Calibrated, \(pointCount) points\(zero): linearity not checked (add a third)"
        }
        return String(
            format: "Calibrated: R² %.4f, max residual %.2f g, %d pts%@",
            rSquared, maxResidualGrams, pointCount, zero)
    }

    /// Grams for a force.
    public func grams(forForce force: Double) -> Double {
        slope * force + intercept
    }

    /// Grams of a tared object: the mass at `force` minus the mass at the
    /// tare force, or the plain mass when `tare` is nil.
    public func grams(forForce force: Double, tare: Double?) -> Double {
        guard let tare else { return grams(forForce: force) }
        return slope * (force - tare)
    }

    /// Every issue with `points`, in order; empty when they can be fitted
    /// and the line is one a scale can use.
    public static func issues(in points: [CalibrationPoint]) -> [CalibrationIssue] {
        var issues: [CalibrationIssue] = []
        if points.count < 2 { issues.append(.tooFewPoints(points.count)) }
        var firstIndexOfForce: [Double: Int] = [:]
        for (index, point) in points.enumerated() {
            if !point.force.isFinite { issues.append(.nonFinite(index: index, field: "force")) }
            if !point.grams.isFinite { issues.append(.nonFinite(index: index, field: "grams")) }
            if point.grams < 0 { issues.append(.negativeGrams(index: index, grams: point.grams)) }
            if point.grams.isFinite, point.grams > Limits.maximumGrams {
                issues.append(.gramsTooLarge(index: index, grams: point.grams))
            }
            if point.force.isFinite {
                if point.force < 0 || point.force > 1 {
                    issues.append(.forceOutOfRange(index: index, force: point.force))
                } else if Overload.isOverload(point.force) {
                    issues.append(.forceInOverload(index: index, force: point.force))
                }
                if let first = firstIndexOfForce[point.force] {
                    issues.append(.duplicateForce(index: index, firstIndex: first, force: point.force))
                } else {
                    firstIndexOfForce[point.force] = index
                }
            }
        }
        guard issues.isEmpty else { return issues }
        return lineIssues(Line(points))
    }

    /// What is wrong with the line itself (the points being valid).
    private static func lineIssues(_ line: Line) -> [CalibrationIssue] {
        if !(line.span >= Limits.minimumForceSpan) { return [.forcesTooClose(span: line.span)] }
        guard line.slope.isFinite, line.intercept.isFinite, line.rSquared.isFinite, line.maxResidual.isFinite else {
            return [.nonFiniteFit]
        }
        guard line.slope > 0 else { return [.nonPositiveSlope(line.slope)] }
        let capacity = line.slope + line.intercept
        if !(capacity <= Limits.maximumGrams) { return [.capacityTooLarge(grams: capacity)] }
        // The display step this line would get (displayStepGrams, rounded
        // as WeightFormat rounds it): the full range must span one at least.
        let step = WeightFormat(unit: .g, stepGrams: max(line.maxResidual, line.slope * Limits.finestStepFraction)).stepGrams
        if !(capacity >= Limits.minimumCapacityGrams) || !(capacity >= step) {
            return [.capacityTooSmall(grams: capacity, step: step)]
        }
        if !(abs(line.intercept) <= Limits.maximumZeroOffset * capacity) {
            return [.zeroOffsetTooLarge(grams: line.intercept, capacity: capacity)]
        }
        return []
    }

    /// The least-squares line through points, unchecked.
    private struct Line {
        var slope = Double.nan, intercept = Double.nan, rSquared = Double.nan, maxResidual = Double.nan
        /// Largest force minus smallest.
        var span = 0.0

        init(_ points: [CalibrationPoint]) {
            guard let low = points.map(\.force).min(), let high = points.map(\.force).max() else { return }
            span = high - low
            let count = Double(points.count)
            let meanForce = points.map(\.force).reduce(0, +) / count
            let meanGrams = points.map(\.grams).reduce(0, +) / count
            var sxx = 0.0
            var sxy = 0.0
            var syy = 0.0
            for point in points {
                let dx = point.force - meanForce
                let dy = point.grams - meanGrams
                sxx += dx * dx
                sxy += dx * dy
                syy += dy * dy
            }
            slope = sxy / sxx
            intercept = meanGrams - slope * meanForce
            var residualSquares = 0.0
            var largest = 0.0
            for point in points {
                let residual = point.grams - (slope * point.force + intercept)
                residualSquares += residual * residual
                largest = max(largest, abs(residual))
            }
            rSquared = syy > 0 ? 1 - residualSquares / syy : 1
            maxResidual = largest
        }
    }

    /// Fits the line through `points`, or throws every issue found.
    public init(points: [CalibrationPoint]) throws(CalibrationError) {
        let issues = Self.issues(in: points)
        guard issues.isEmpty else { throw CalibrationError(issues: issues) }
        let line = Line(points)
        slope = line.slope
        intercept = line.intercept
        rSquared = line.rSquared
        maxResidualGrams = line.maxResidual
        pointCount = points.count
        hasZeroPoint = points.contains { $0.force == 0 && $0.grams == 0 }
    }
}

/// Grams for a reading, or why grams cannot be shown.
public enum GramsReading: Equatable, Sendable {
    case grams(Double)
    case refused(String)

    /// Grams for `force` in the device's force `mode` ("force", "area" or
    /// "position"). Only real pressure can be weighed: contact area ranks
    /// objects but does not weigh them, and position mode measures nothing.
    public static func reading(force: Double?, mode: String, fit: CalibrationFit?, tare: Double? = nil) -> GramsReading {
        switch mode {
        case "force":
            guard let fit else { return .refused("not calibrated: calibrate this device to show grams") }
            guard let force else { return .refused("no force reading") }
            return .grams(fit.grams(forForce: force, tare: tare))
        case "area":
            return .refused("contact area only ranks objects; grams need a pressure-sensing device")
        case "position":
            return .refused("this device measures no force")
        default:
            return .refused("unknown force mode \"\(mode)\"")
        }
    }

    /// The grams, or nil when refused.
    public var grams: Double? {
        if case .grams(let value) = self { return value }
        return nil
    }
}
