import Foundation

/// The eccentricity test (issue 28; OIML R76 calls it the eccentricity
/// test, Handbook 44 the shift test): one reference is read at the centre
/// and near each corner of the surface. A force panel often reads the same
/// mass differently towards a corner; when the largest difference between
/// the five readings exceeds d, a gain map over the surface is fitted that
/// brings each reading back to the reference's grams.
///
/// The screen that runs it is EccentricityRun.swift; the map is saved with
/// the device's calibration (`calibrations.<device>.eccentricity`) and
/// applied to each contact's grams by its position (ContactRecord.swift).
public struct EccentricityTest: Equatable, Sendable {
    /// Where the reference goes: the centre, and the four corners at
    /// `inset` from each edge (normalised surface coordinates, 0...1).
    public enum Place: String, CaseIterable, Equatable, Sendable {
        case centre, topLeft, topRight, bottomLeft, bottomRight

        /// Where the operator is asked to put the reference, in words.
        public var words: String {
            switch self {
            case .centre: "at the centre"
            case .topLeft: "near the top-left corner"
            case .topRight: "near the top-right corner"
            case .bottomLeft: "near the bottom-left corner"
            case .bottomRight: "near the bottom-right corner"
            }
        }

        /// The place in normalised coordinates.
        public var point: (x: Double, y: Double) {
            let low = EccentricityTest.inset
            let high = 1 - EccentricityTest.inset
            switch self {
            case .centre: return (0.5, 0.5)
            case .topLeft: return (low, low)
            case .topRight: return (high, low)
            case .bottomLeft: return (low, high)
            case .bottomRight: return (high, high)
            }
        }

        /// The place as the map's coordinates, -1...1 on each axis.
        var unit: (u: Double, v: Double) {
            let p = point
            return ((p.x - 0.5) / (0.5 - EccentricityTest.inset), (p.y - 0.5) / (0.5 - EccentricityTest.inset))
        }
    }

    /// How far in from the edges the corner places are: 15% of the surface.
    public static let inset = 0.15
    /// A gain outside this range is a fault of the panel, not something to correct.
    public static let gains = 0.5...2.0

    /// The reference's mass, grams.
    public var referenceGrams: Double
    /// The grams read at each place so far.
    public var readings: [Place: Double] = [:]

    public init(referenceGrams: Double) { self.referenceGrams = referenceGrams }

    /// The next place to read, nil once all five are read.
    public var nextPlace: Place? { Place.allCases.first { readings[$0] == nil } }

    /// The test's outcome, nil until all five places are read.
    public func result(step d: Double) -> Result? {
        let values = Place.allCases.compactMap { readings[$0] }
        guard values.count == Place.allCases.count, let low = values.min(), let high = values.max() else { return nil }
        let spread = high - low
        guard spread > d else { return Result(largestDifferenceGrams: spread, inD: spread / d, map: nil, refusal: nil) }
        guard referenceGrams > 0, values.allSatisfy({ $0 > 0 }) else {
            return Result(
                largestDifferenceGrams: spread, inD: spread / d, map: nil, refusal: "a reading of 0 g or less: nothing to correct")
        }
        let map = GainMap(gains: Dictionary(uniqueKeysWithValues: Place.allCases.map { ($0, referenceGrams / (readings[$0] ?? 1)) }))
        guard Place.allCases.allSatisfy({ Self.gains.contains(map.gain(at: $0.point)) }) else {
            return Result(
                largestDifferenceGrams: spread, inD: spread / d, map: nil,
                refusal: "a corner reads less than half or more than twice the centre's: check the panel")
        }
        return Result(largestDifferenceGrams: spread, inD: spread / d, map: map, refusal: nil)
    }

    public struct Result: Equatable, Sendable {
        /// The largest reading minus the smallest, grams.
        public var largestDifferenceGrams: Double
        /// The same in display steps d.
        public var inD: Double
        /// The correction, when the difference exceeds d and the gains are sane.
        public var map: GainMap?
        /// Why no map was fitted although the difference exceeds d.
        public var refusal: String?

        /// "Eccentricity: 6.0 g (6 d) between the centre and the corners".
        public func text(format: WeightFormat) -> String {
            let grams = format.text(grams: largestDifferenceGrams) ?? "?"
            let steps = String(format: "%.1f", inD)
            let verdict = map != nil ? "corrected by a gain map" : refusal ?? "within d: no correction needed"
            return "Eccentricity: \(grams) (\(steps) d) at most between places; \(verdict)"
        }
    }
}

/// A gain over the surface through the test's five places exactly: the
/// bilinear surface through the four corners, g = a + b·u + c·v + e·u·v,
/// plus a bump k·(1 − u²)(1 − v²) that is 0 at the corners and brings the
/// centre to its own gain (u, v: -1...1 from the lower to the upper corner
/// place, clamped beyond them: the map never extrapolates).
public struct GainMap: Equatable, Sendable {
    /// The gain measured at each of the test's five places (what the config stores).
    public let gains: [EccentricityTest.Place: Double]
    public var a: Double
    public var b: Double
    public var c: Double
    public var e: Double
    public var k: Double

    /// The map through `gains`, one per place (a missing corner counts 1).
    public init(gains: [EccentricityTest.Place: Double]) {
        self.gains = gains
        var sums = (all: 0.0, u: 0.0, v: 0.0, uv: 0.0)
        for place in EccentricityTest.Place.allCases where place != .centre {
            let gain = gains[place] ?? 1
            let (u, v) = place.unit
            sums.all += gain
            sums.u += u * gain
            sums.v += v * gain
            sums.uv += u * v * gain
        }
        // The corners are (±1, ±1): the four terms are orthogonal over them.
        a = sums.all / 4
        b = sums.u / 4
        c = sums.v / 4
        e = sums.uv / 4
        k = (gains[.centre] ?? a) - a
    }

    /// The gain at a point of the surface (normalised 0...1).
    public func gain(at point: (x: Double, y: Double)) -> Double {
        let span = 0.5 - EccentricityTest.inset
        let u = min(1, max(-1, (point.x - 0.5) / span))
        let v = min(1, max(-1, (point.y - 0.5) / span))
        return a + b * u + c * v + e * u * v + k * (1 - u * u) * (1 - v * v)
    }

    /// A reading's grams, corrected for where it lies.
    public func corrected(_ grams: Double, at point: (x: Double, y: Double)) -> Double { grams * gain(at: point) }
}
