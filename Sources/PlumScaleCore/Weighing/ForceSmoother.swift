import Foundation

/// Smooths one contact's force with a 1€ filter and measures its noise from
/// the raw samples' second differences, x[i] − 2x[i−1] + x[i−2], which a
/// steady press or a steady ramp leaves near 0. Their median is robust to
/// the few large ones at the start and end of a press.
public struct ForceSmoother: Equatable, Sendable {
    /// The filter doing the smoothing.
    public private(set) var filter: OneEuroFilter
    /// How many recent second differences the noise estimate uses.
    public static let noiseSampleCount = 128
    /// Recent |second differences| of the raw force, oldest first.
    private var secondDifferences = RecentValues(capacity: noiseSampleCount)
    /// The same values in ascending order, for the median.
    private var sortedDifferences = SortedWindow(capacity: noiseSampleCount + 1)
    /// The last two raw samples fed by `add` (the newer is the latest).
    private var olderRaw: Double?
    private var newerRaw: Double?

    public init(_ parameters: OneEuroFilter.Parameters = .force) {
        filter = OneEuroFilter(parameters)
    }

    /// The smoothed force, nil before the first sample.
    public var smoothed: Double? { filter.value }

    /// The last raw force fed.
    public var raw: Double? { filter.lastRaw }

    /// Twice the estimated standard deviation of the raw force (about the
    /// ±band holding 95% of Gaussian noise), 0 until 8 samples have come.
    /// For ±0.01 uniform jitter this is about 0.0127. The standard
    /// deviation is median(|second difference|) / (0.6745·√6).
    public private(set) var noise: Double = 0
    private var samplesSinceEstimate = 0

    /// The noise estimate from the current second differences.
    private func estimateNoise() -> Double {
        guard secondDifferences.count >= 8 else { return 0 }
        let sorted = sortedDifferences.nanCount == 0 ? sortedDifferences.values : secondDifferences.values.sorted()
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        return 2 * median / (0.6745 * 6.0.squareRoot())
    }

    /// Feeds a raw force measured at `time` (seconds); returns the smoothed force.
    @discardableResult
    public mutating func add(_ force: Double, at time: Double) -> Double {
        if let older = olderRaw, let newer = newerRaw {
            let difference = abs(force - 2 * newer + older)
            if let oldest = secondDifferences.append(difference) {
                sortedDifferences.replace(oldest, with: difference)
            } else {
                sortedDifferences.insert(difference)
            }
            // Refreshed every 16 samples (noise changes slowly), as when the
            // median needed a sort.
            samplesSinceEstimate += 1
            if samplesSinceEstimate >= 16 || noise == 0 {
                noise = estimateNoise()
                samplesSinceEstimate = 0
            }
        }
        (olderRaw, newerRaw) = (newerRaw, force)
        return filter.filter(force, at: time)
    }

    /// Lets time pass without a new measurement: a device that reports only
    /// changes sends nothing while a force holds still, so the caller feeds
    /// the last raw force again at frame time to let the output settle.
    /// Noise is not measured from these repeated samples.
    @discardableResult
    public mutating func advance(to time: Double) -> Double? {
        guard let raw = filter.lastRaw else { return nil }
        return filter.filter(raw, at: time)
    }
}
