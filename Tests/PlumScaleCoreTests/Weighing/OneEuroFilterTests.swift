import Testing

@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// The smoothing figures the scale promises, at 60–240 Hz. True inputs are
/// stated in each test; the filter uses `OneEuroFilter.Parameters.force`.
extension WeighingTests {
    @Suite struct OneEuroFilterTests {
        /// Rests at 0.2 for 1 s, steps to 0.7: returns (time to 90%, time after
        /// which the output stays within 0.001 of 0.7), both from the step.
        static func stepFigures(_ rates: RateCase, from low: Double = 0.2, to high: Double = 0.7) -> (t90: Double?, settle: Double?) {
            var filter = OneEuroFilter(.force)
            var t90: Double?
            var settle: Double?
            let ninety = low + 0.9 * (high - low)
            for t in sampleTimes(rate: rates.rate, duration: 2.5, irregular: rates.irregular) {
                let input = t < 1 ? low : high
                let output = filter.filter(input, at: t)
                guard t >= 1 else { continue }
                if t90 == nil, high > low ? output >= ninety : output <= ninety { t90 = t - 1 }
                if abs(output - high) > 0.001 { settle = nil } else if settle == nil { settle = t - 1 }
            }
            return (t90, settle)
        }

        @Test(arguments: RateCase.all)
        func stepOf50PointsReaches90PercentWithinATenthOfASecond(rates: RateCase) throws {
            let figures = Self.stepFigures(rates)
            let t90 = try #require(figures.t90)
            #expect(t90 <= 0.1, "\(rates): 90% after \(t90) s")
        }

        @Test(arguments: RateCase.all)
        func steadyInputSettlesWithinATenthOfAPointIn300Milliseconds(rates: RateCase) throws {
            // The true value is `high` after each step: 50, 5, 1 and 0.5 points, up and down.
            for (low, high) in [(0.2, 0.7), (0.7, 0.2), (0.0, 0.3), (0.40, 0.45), (0.5, 0.51), (0.5, 0.505), (0.51, 0.5)] {
                let settle = try #require(Self.stepFigures(rates, from: low, to: high).settle)
                #expect(settle <= 0.3, "\(rates) \(low)→\(high): settled after \(settle) s")
            }
        }

        @Test(arguments: RateCase.all)
        func jitterOfOnePointAtRestIsCutAtLeastThreefold(rates: RateCase) {
            // True value 0.5, jitter uniform in ±0.01; compare after 1 s of settling.
            var generator = SplitMix64(seed: 42)
            var filter = OneEuroFilter(.force)
            var inputs: [Double] = []
            var outputs: [Double] = []
            for t in sampleTimes(rate: rates.rate, duration: 12, irregular: rates.irregular, seed: 7) {
                let input = 0.5 + Double.random(in: -0.01...0.01, using: &generator)
                let output = filter.filter(input, at: t)
                if t >= 1 {
                    inputs.append(input)
                    outputs.append(output)
                }
            }
            let cut = standardDeviation(inputs) / standardDeviation(outputs)
            #expect(cut >= 3, "\(rates): jitter cut \(cut)×")
            let mean = outputs.reduce(0, +) / Double(outputs.count)
            #expect(abs(mean - 0.5) < 0.001)
        }

        @Test func firstSamplePassesThroughAndStaleTimeDoesNotMove() {
            var filter = OneEuroFilter()
            #expect(filter.filter(0.3, at: 5) == 0.3)
            #expect(filter.filter(0.9, at: 5) == 0.3)
            #expect(filter.filter(0.9, at: 4) == 0.3)
            filter.reset()
            #expect(filter.value == nil)
            #expect(filter.filter(0.6, at: 0) == 0.6)
        }

        @Test func steadyInputFromTouchDownIsExactAtOnce() {
            var filter = OneEuroFilter()
            for t in sampleTimes(rate: 120, duration: 0.3, irregular: false) {
                #expect(abs(filter.filter(0.42, at: t) - 0.42) < 1e-12)
            }
        }
    }
}
