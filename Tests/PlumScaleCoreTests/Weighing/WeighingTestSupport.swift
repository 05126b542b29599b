import Foundation
import Testing

/// Groups every weighing suite, so `swift test --filter Weighing` runs them all.
@Suite struct WeighingTests {}

/// A seeded random generator (SplitMix64), so noisy traces repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Sample timestamps from 0 to `duration` at `rate` Hz; when `irregular`,
/// each interval is scaled by a random factor in 0.6...1.4.
func sampleTimes(rate: Double, duration: Double, irregular: Bool, seed: UInt64 = 1) -> [Double] {
    var generator = SeededGenerator(seed: seed)
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
