import Foundation
import Testing

@testable import PlumScaleTestSupport

/// Groups every weighing suite, so `swift test --filter Weighing` runs them all.
@Suite struct WeighingTests {}

/// Sample timestamps from 0 to `duration` at `rate` Hz; when `irregular`,
/// each interval is scaled by a random factor in 0.6...1.4.
func sampleTimes(rate: Double, duration: Double, irregular: Bool, seed: UInt64 = 1) -> [Double] {
    var generator = SplitMix64(seed: seed)
    var times: [Double] = []
    var t = 0.0
    while t < duration {
        times.append(t)
        t += (1 / rate) * (irregular ? Double.random(in: 0.6...1.4, using: &generator) : 1)
    }
    return times
}

/// Population standard deviation.
func standardDeviation(_ values: [Double]) -> Double {
    let mean = values.reduce(0, +) / Double(values.count)
    let variance = values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)
    return variance.squareRoot()
}

/// The input rates tests run at: 60–240 Hz, regular and irregular.
struct RateCase: CustomStringConvertible, Sendable {
    var rate: Double
    var irregular: Bool
    var description: String { "\(Int(rate)) Hz\(irregular ? " irregular" : "")" }

    static let all: [RateCase] = [60, 90, 120, 240].flatMap { rate in
        [RateCase(rate: rate, irregular: false), RateCase(rate: rate, irregular: true)]
    }
}
