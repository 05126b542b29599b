/// One contact's weighing on the scale, and when its raw force last changed.
/// The scale reads it through these methods, in place in its array: no copy
/// of the weighing's buffers on the way. A contact has one from the moment
/// it is down, unweighed until its first force (an array of optionals was
/// read through a copy of each: most of a crowded soak's time).
struct ContactLoad: Equatable, Sendable {
    var weighing: ContactWeighing
    var rawChanged: Double
    /// A force has been added: before it, nothing is weighed (no reading,
    /// no settling, no place kept for the fade).
    private(set) var weighed = false
    /// Whether the reading keeps falling while the object lies still.
    var fade = FadeDetector()
    /// Where the object lay when the fade's history began.
    var anchor: Point?

    /// How far, in layout px, an object may move and still count as lying still.
    static let stillDistance = 10.0

    init(weighing: ContactWeighing, rawChanged: Double) {
        self.weighing = weighing
        self.rawChanged = rawChanged
    }

    /// A new raw force at `time`.
    mutating func add(_ force: Double, at time: Double) {
        weighed = true
        // The first force too: no raw force yet compares unequal to it.
        if weighing.smoother.raw != force { rawChanged = time }
        let smoothed = weighing.add(force, at: time)
        fade.add(smoothed, at: time, noise: weighing.smoother.noise)
    }

    /// Lets time pass without a measurement.
    mutating func advance(to time: Double) {
        weighing.advance(to: time)
        if let smoothed = weighing.smoother.smoothed { fade.add(smoothed, at: time, noise: weighing.smoother.noise) }
    }

    /// The object is at `position`: a move of more than `stillDistance`
    /// restarts the fade's history (a moving object is not fading).
    mutating func locate(_ position: Point) {
        guard let anchor else {
            self.anchor = position
            return
        }
        let dx = position.x - anchor.x
        let dy = position.y - anchor.y
        if dx * dx + dy * dy > Self.stillDistance * Self.stillDistance {
            self.anchor = position
            fade.reset()
        }
    }

    /// The smoothed force, or the raw one once it has been steady for
    /// `Scale.steadyTime` at the scale's `now` or the filter has caught up
    /// with it; nil before the first force.
    func settledValue(now: Double) -> Double? {
        guard let smoothed = weighing.smoother.smoothed, let raw = weighing.smoother.raw else { return nil }
        if abs(smoothed - raw) < 0.0005 || rawChanged <= now - Scale.steadyTime { return raw }
        return smoothed
    }

    /// The settled value and the measured noise, for the heaviest.
    func settledValueAndNoise(now: Double) -> (value: Double, noise: Double)? {
        guard let value = settledValue(now: now) else { return nil }
        return (value, weighing.smoother.noise)
    }

    /// What a reading needs: the settled value at the scale's time, the raw
    /// force, the stability and the fade at `now`.
    func summary(
        scaleNow: Double, at now: Double
    ) -> (settled: Double, raw: Double, stable: Bool, stableProgress: Double, fading: Bool)? {
        guard let settled = settledValue(now: scaleNow), let raw = weighing.smoother.raw else { return nil }
        return (
            settled, raw, weighing.stability.isStable(at: now), weighing.stability.progress(at: now), fade.isFading(at: now)
        )
    }

    /// Whether its display still changes with time alone at `now` (a
    /// fading reading too: its flag goes once the fall has stopped).
    func isSettling(at now: Double) -> Bool {
        !weighing.stability.isStable(at: now) || rawChanged > now - Scale.steadyTime || fade.isFading(at: now)
    }
}
