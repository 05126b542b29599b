/// Tells when a reading keeps falling while its object lies still: metal and
/// foil contacts decay towards zero on capacitive panels, and a slow decay
/// can stay inside the stability band, so "stable" alone would hide it.
///
/// The smoothed force is averaged over buckets of `bucketSeconds`; the
/// reading fades when, over the last `window` seconds, no bucket rose above
/// the one before it (beyond a tolerance of a quarter of the noise), most of
/// them fell, and the whole fall exceeds `minimumFall` (or the measured
/// noise, if larger). A press that wanders up and down, or holds, never
/// fades; one that stops falling stops fading once the window has passed.
public struct FadeDetector: Equatable, Sendable {
    /// How long the fall is judged over.
    public static let window = 2.0
    public static let bucketSeconds = 0.25
    /// The least fall over the window: 0.5 points of force (the stability
    /// band's default), or the noise when larger.
    public static let minimumFall = 0.005

    struct Bucket: Equatable, Sendable {
        var start: Double
        var sum: Double
        var count: Int
        var mean: Double { sum / Double(count) }
    }

    /// The buckets of the last window, oldest first.
    private(set) var buckets: [Bucket] = []
    /// The noise given with the latest sample.
    private var noise = 0.0
    /// Whether the buckets, as they stand, show the fall: judged when a
    /// sample comes, not on every look (a scene looks at every contact).
    private var falling = false

    public init() {}

    /// Buckets that make up a window, plus the one being filled.
    static var bucketCount: Int { Int((window / bucketSeconds).rounded()) + 1 }

    /// Feeds the smoothed force at `time` (not decreasing).
    public mutating func add(_ value: Double, at time: Double, noise: Double) {
        guard value.isFinite, time.isFinite else { return }
        self.noise = noise.isFinite ? noise : 0
        defer { falling = showsFall() }
        if let last = buckets.last, time < last.start + Self.bucketSeconds, time >= last.start {
            buckets[buckets.count - 1].sum += value
            buckets[buckets.count - 1].count += 1
            return
        }
        // A gap longer than a bucket: the buckets between held no news, so
        // the history no longer shows a continuous fall.
        if let last = buckets.last, time >= last.start + 2 * Self.bucketSeconds { buckets.removeAll() }
        let start = buckets.last.map { $0.start + Self.bucketSeconds } ?? time
        buckets.append(Bucket(start: max(start, time - Self.bucketSeconds), sum: value, count: 1))
        if buckets.count > Self.bucketCount { buckets.removeFirst(buckets.count - Self.bucketCount) }
    }

    /// The object moved, or was re-tared: the fall starts over.
    public mutating func reset() {
        buckets.removeAll()
        falling = false
    }

    /// Whether the reading has kept falling over the last window at `now`.
    public func isFading(at now: Double) -> Bool {
        guard falling, let last = buckets.last else { return false }
        return now - last.start < 2 * Self.bucketSeconds
    }

    /// Whether the buckets span the window and show a steady fall.
    private func showsFall() -> Bool {
        guard buckets.count == Self.bucketCount, let last = buckets.last, let first = buckets.first,
            last.start - first.start >= Self.window - 1e-9
        else { return false }
        let tolerance = noise / 4
        var falls = 0
        for i in 1..<buckets.count {
            let step = buckets[i].mean - buckets[i - 1].mean
            if step > tolerance { return false }
            if step < 0 { falls += 1 }
        }
        let fall = first.mean - last.mean
        return falls * 4 >= (buckets.count - 1) * 3 && fall > max(Self.minimumFall, noise)
    }
}
