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

/// Why a set of calibration points cannot be fitted.
public enum CalibrationIssue: Equatable, Sendable, CustomStringConvertible {
    /// Fewer than 2 points (the count given).
    case tooFewPoints(Int)
    /// Point `index` has the same force as an earlier point `firstIndex`.
    case duplicateForce(index: Int, firstIndex: Int, force: Double)
    /// Point `index` has a negative mass.
    case negativeGrams(index: Int, grams: Double)
    /// Point `index` has a NaN or infinite `field` ("force" or "grams").
    case nonFinite(index: Int, field: String)

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
        }
    }
}

/// All the issues found in a set of calibration points.
public struct CalibrationError: Error, Equatable, Sendable, CustomStringConvertible {
    public var issues: [CalibrationIssue]
    public var description: String { issues.map(\.description).joined(separator: "; ") }
}

/// A least-squares line grams = slope·force + intercept through calibration
/// points, with its quality of fit.
public struct CalibrationFit: Equatable, Sendable {
    /// Grams per unit of force (a).
    public var slope: Double
    /// Grams at zero force (b).
    public var intercept: Double
    /// Coefficient of determination, 1 for a perfect line (and for points
    /// whose grams are all equal and exactly fitted).
    public var rSquared: Double
    /// The largest |measured − fitted| over the points, in grams.
    public var maxResidualGrams: Double

    /// The fit's quality, as the scale screen shows it.
    public var summary: String {
        String(format: "Calibrated: R² %.4f, largest residual %.1f g", rSquared, maxResidualGrams)
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

    /// Every issue with `points`, in order; empty when they can be fitted.
    public static func issues(in points: [CalibrationPoint]) -> [CalibrationIssue] {
        var issues: [CalibrationIssue] = []
        if points.count < 2 { issues.append(.tooFewPoints(points.count)) }
        var firstIndexOfForce: [Double: Int] = [:]
        for (index, point) in points.enumerated() {
            if !point.force.isFinite { issues.append(.nonFinite(index: index, field: "force")) }
            if !point.grams.isFinite { issues.append(.nonFinite(index: index, field: "grams")) }
            if point.grams < 0 { issues.append(.negativeGrams(index: index, grams: point.grams)) }
            if point.force.isFinite {
                if let first = firstIndexOfForce[point.force] {
                    issues.append(.duplicateForce(index: index, firstIndex: first, force: point.force))
                } else {
                    firstIndexOfForce[point.force] = index
                }
            }
        }
        return issues
    }

    /// Fits the line through `points`, or throws every issue found.
    public init(points: [CalibrationPoint]) throws(CalibrationError) {
        let issues = Self.issues(in: points)
        guard issues.isEmpty else { throw CalibrationError(issues: issues) }
        let count = Double(points.count)
        let meanForce = points.map(\.force).reduce(0, +) / count
        let meanGrams = points.map(\.grams).reduce(0, +) / count
        var sxx = 0.0, sxy = 0.0, syy = 0.0
        for point in points {
            let dx = point.force - meanForce, dy = point.grams - meanGrams
            sxx += dx * dx
            sxy += dx * dy
            syy += dy * dy
        }
        slope = sxy / sxx
        intercept = meanGrams - slope * meanForce
        var residualSquares = 0.0, largest = 0.0
        for point in points {
            let residual = point.grams - (slope * point.force + intercept)
            residualSquares += residual * residual
            largest = max(largest, abs(residual))
        }
        rSquared = syy > 0 ? 1 - residualSquares / syy : 1
        maxResidualGrams = largest
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
