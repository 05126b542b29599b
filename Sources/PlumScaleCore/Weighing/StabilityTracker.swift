import Foundation

/// Decides when one contact's smoothed force has settled: it is stable once
/// every value over the last `seconds` lies within a band `band` wide, or
/// as wide as the contact's measured noise when that is larger (a device
/// jittering by ±1 point could otherwise never settle).
public struct StabilityTracker: Equatable, Sendable {
    /// Width of the band the force must stay within (0.005 = 0.5 points).
    public var band: Double
    /// How long, in seconds, the force must stay within the band.
    public var seconds: Double
    /// Recent (time, value) samples: those of the current run, newest last.
    private var samples = SampleQueue()
    /// When the current run of in-band values started, nil before any sample.
    public private(set) var runStart: Double?
    /// The band applied at the last sample: `band` or the noise if larger.
    public private(set) var effectiveBand: Double
    /// The number of `samples[0]`; later samples are numbered on from it.
    private var firstNumber = 0
    /// The extremes of the samples' values (NaNs left out)...
    private var extremes = RunExtremes()
    /// ...and the number of the newest NaN sample.
    private var newestNaN = Int.min

    public init(band: Double = 0.005, seconds: Double = 0.5) {
        self.band = band
        self.seconds = seconds
        self.effectiveBand = band
    }

    /// Feeds the smoothed force at `time` (seconds, not decreasing), with
    /// the contact's measured noise (`ForceSmoother.noise`) if known.
    public mutating func add(_ value: Double, at time: Double, noise: Double = 0) {
        effectiveBand = max(band, noise)
        let band = effectiveBand
        // Samples at the same moment (or out of order) replace the newest,
        // so a clock that stands still cannot grow the history.
        if let last = samples.last, time <= last.time {
            samples.setNewestValue(value)
            recountExtremes()
        } else {
            samples.append(SampleQueue.Sample(time: time, value: value))
            noteJoined(number: firstNumber + samples.count - 1, value: value)
        }
        if samples.count > 1024 { dropOldest(samples.count - 1024) }
        // The run is the longest suffix of samples that fits in the band:
        // all of them when their extremes fit, else found by a scan.
        var first = 0
        if !allSamplesFit(band) {
            var low = value
            var high = value
            first = samples.count - 1
            while first > 0 {
                let candidate = samples[first - 1].value
                let newLow = min(low, candidate)
                let newHigh = max(high, candidate)
                if newHigh - newLow > band { break }
                low = newLow
                high = newHigh
                first -= 1
            }
        }
        if first > 0 {
            // An older sample broke the band: the run starts after it.
            dropOldest(first)
            runStart = samples[0].time
        } else if runStart == nil {
            runStart = time
        }
        // Samples older than the window are not needed once the run is
        // long enough: keep the run start, drop history beyond `seconds`.
        var old = 0
        while samples.count - old > 1, samples[old + 1].time <= time - seconds { old += 1 }
        if old > 0 { dropOldest(old) }
    }

    /// Forgets the history (the contact lifted or was re-tared).
    public mutating func reset() {
        samples.removeAll()
        runStart = nil
        extremes.removeAll()
        newestNaN = .min
    }

    /// Progress 0...1 toward stable at `now`, for a filling ring.
    public func progress(at now: Double) -> Double {
        guard let runStart, seconds > 0 else { return runStart == nil ? 0 : 1 }
        return min(max((now - runStart) / seconds, 0), 1)
    }

    /// Whether the force has stayed in the band for `seconds` at `now`.
    public func isStable(at now: Double) -> Bool {
        progress(at: now) >= 1
    }
}

extension StabilityTracker {
    /// Whether every sample held fits within `band`, as the scan would find
    /// it: the extremes are the values the scan ends with, and no shorter
    /// run spans more. Never claimed while a NaN is held.
    private func allSamplesFit(_ band: Double) -> Bool {
        guard newestNaN < firstNumber, let high = extremes.high, let low = extremes.low else { return false }
        return !(high - low > band)
    }

    private mutating func noteJoined(number: Int, value: Double) {
        if value.isNaN { newestNaN = number } else { extremes.append(number: number, value: value) }
    }

    private mutating func dropOldest(_ count: Int) {
        samples.removeFirst(count)
        firstNumber += count
        extremes.drop(below: firstNumber)
    }

    /// After the newest value was replaced.
    private mutating func recountExtremes() {
        extremes.removeAll()
        newestNaN = .min
        for (offset, sample) in samples.enumerated() { noteJoined(number: firstNumber + offset, value: sample.value) }
    }
}
