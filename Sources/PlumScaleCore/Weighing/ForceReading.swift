import Foundation

/// What the scale shows for one contact at one moment: every weighing
/// component's output bundled for the scene and the state document.
public struct ForceReading: Equatable, Sendable {
    public var id: Int
    /// Last raw force from the device, 0...1.
    public var raw: Double
    /// 1€-smoothed force, 0...1, untared.
    public var smoothed: Double
    /// Smoothed force minus the tare; may be negative.
    public var displayed: Double
    /// The contact's tare force, nil when not tared.
    public var tare: Double?
    /// Displayed force clamped to 0...1, for the circle's radius.
    public var radiusValue: Double
    /// Grams, or why there are none.
    public var grams: GramsReading
    /// Whether the force has settled (see `StabilityTracker`).
    public var stable: Bool
    /// Progress 0...1 toward stable.
    public var stableProgress: Double
    /// Within the heaviest margin of the heaviest contact.
    public var tied: Bool
    /// The raw force is at or above 98% of range.
    public var overload: Bool
    /// This contact is the heaviest.
    public var heaviest: Bool

    public init(
        id: Int, raw: Double, smoothed: Double, displayed: Double, tare: Double?, radiusValue: Double,
        grams: GramsReading, stable: Bool, stableProgress: Double, tied: Bool, overload: Bool, heaviest: Bool
    ) {
        self.id = id
        self.raw = raw
        self.smoothed = smoothed
        self.displayed = displayed
        self.tare = tare
        self.radiusValue = radiusValue
        self.grams = grams
        self.stable = stable
        self.stableProgress = stableProgress
        self.tied = tied
        self.overload = overload
        self.heaviest = heaviest
    }

    /// Assembles a contact's reading from the components, at time `now`.
    /// Returns nil before the contact's first force sample. The heaviest
    /// tracker must already be updated with this moment's forces.
    public static func make(
        id: Int, weighing: ContactWeighing, tares: TareBook, heaviest: HeaviestTracker,
        mode: String, fit: CalibrationFit?, now: Double
    ) -> ForceReading? {
        guard let smoothed = weighing.smoother.smoothed, let raw = weighing.smoother.raw else { return nil }
        let tare = tares.isTared(id) ? tares.tare(for: id) : nil
        return ForceReading(
            id: id, raw: raw, smoothed: smoothed,
            displayed: tares.displayed(id: id, force: smoothed), tare: tare,
            radiusValue: tares.radiusValue(id: id, force: smoothed),
            grams: GramsReading.reading(force: smoothed, mode: mode, fit: fit, tare: tare),
            stable: weighing.stability.isStable(at: now),
            stableProgress: weighing.stability.progress(at: now),
            tied: heaviest.isTied(id), overload: Overload.isOverload(raw),
            heaviest: heaviest.heaviest == id)
    }
}

/// One contact's running weighing state: its smoother and stability tracker.
public struct ContactWeighing: Equatable, Sendable {
    public private(set) var smoother: ForceSmoother
    public private(set) var stability: StabilityTracker

    public init(parameters: OneEuroFilter.Parameters = .force, band: Double = 0.005, seconds: Double = 0.5) {
        smoother = ForceSmoother(parameters)
        stability = StabilityTracker(band: band, seconds: seconds)
    }

    /// Feeds a raw force measured at `time`; returns the smoothed force.
    @discardableResult
    public mutating func add(_ force: Double, at time: Double) -> Double {
        let smoothed = smoother.add(force, at: time)
        stability.add(smoothed, at: time, noise: smoother.noise)
        return smoothed
    }

    /// Lets time pass without a measurement (call at frame time).
    public mutating func advance(to time: Double) {
        if let smoothed = smoother.advance(to: time) {
            stability.add(smoothed, at: time, noise: smoother.noise)
        }
    }

    /// Restarts the stability count (e.g. after taring).
    public mutating func resetStability() {
        stability.reset()
    }
}
