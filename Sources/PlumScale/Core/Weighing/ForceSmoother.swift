import Foundation

/// Smooths one contact's force with a 1€ filter and measures its noise: the
/// spread of the raw force around the smoothed one while the force is at rest.
public struct ForceSmoother: Equatable, Sendable {
    /// The filter doing the smoothing.
    public private(set) var filter: OneEuroFilter
    /// Mean square of (raw − smoothed) over roughly the last `noiseWindow`
    /// seconds of samples taken at rest; nil until the first such sample.
    public private(set) var noiseMeanSquare: Double?
    /// Time constant, in seconds, of the noise average.
    public var noiseWindow: Double = 1.0
    /// Above this filtered speed (units per second) the force is taken to be
    /// moving, and its samples do not count as noise.
    public var restSpeed: Double = 0.5

    public init(_ parameters: OneEuroFilter.Parameters = .force) {
        filter = OneEuroFilter(parameters)
    }

    /// The smoothed force, nil before the first sample.
    public var smoothed: Double? { filter.value }

    /// The last raw force fed.
    public var raw: Double? { filter.lastRaw }

    /// Twice the RMS deviation of the raw force from the smoothed force at
    /// rest (about the ±band holding 95% of Gaussian noise), 0 when unknown.
    /// For ±0.01 uniform jitter this is about 0.0115.
    public var noise: Double {
        guard let meanSquare = noiseMeanSquare else { return 0 }
        return 2 * meanSquare.squareRoot()
    }

    /// Feeds a raw force measured at `time` (seconds); returns the smoothed force.
    @discardableResult
    public mutating func add(_ force: Double, at time: Double) -> Double {
        let previousTime = filter.lastTime
        let smoothed = filter.filter(force, at: time)
        if let previousTime, time > previousTime, abs(filter.speed) < restSpeed {
            let residual = force - smoothed
            let square = residual * residual
            if let meanSquare = noiseMeanSquare {
                let weight = 1 - exp(-(time - previousTime) / noiseWindow)
                noiseMeanSquare = meanSquare + weight * (square - meanSquare)
            } else {
                noiseMeanSquare = square
            }
        }
        return smoothed
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
