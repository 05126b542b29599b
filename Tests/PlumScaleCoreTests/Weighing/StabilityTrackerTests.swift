import Testing

@testable import PlumScaleCore
@testable import PlumScaleTestSupport

extension WeighingTests {
    @Suite struct StabilityTrackerTests {
        @Test func steadyForceFillsTheRingAndBecomesStableAfterTheSetTime() {
            var tracker = StabilityTracker(band: 0.005, seconds: 0.5)
            #expect(tracker.progress(at: 0) == 0)
            for step in 0...30 { tracker.add(0.4, at: Double(step) / 60) }
            #expect(abs(tracker.progress(at: 0.25) - 0.5) < 1e-9)
            #expect(!tracker.isStable(at: 0.49))
            #expect(tracker.isStable(at: 0.5))
            #expect(tracker.progress(at: 3) == 1)
        }

        @Test func leavingTheBandRestartsTheCount() {
            var tracker = StabilityTracker(band: 0.005, seconds: 0.5)
            for step in 0...60 { tracker.add(0.4, at: Double(step) / 60) }
            #expect(tracker.isStable(at: 1))
            tracker.add(0.406, at: 1.1)
            #expect(tracker.runStart == 1.1)
            #expect(abs(tracker.progress(at: 1.35) - 0.5) < 1e-9)
            #expect(!tracker.isStable(at: 1.5))
        }

        @Test func noiseWiderThanTheBandWidensIt() {
            var tracker = StabilityTracker(band: 0.005, seconds: 0.5)
            tracker.add(0.40, at: 0.0, noise: 0.01)
            tracker.add(0.408, at: 0.1, noise: 0.01)
            #expect(tracker.runStart == 0.0)
            #expect(tracker.effectiveBand == 0.01)
            tracker.add(0.408, at: 0.2)
            tracker.add(0.40, at: 0.3)
            #expect(tracker.runStart == 0.3)
        }

        @Test func theRunStartsAfterTheLastValueOutsideTheBand() {
            var tracker = StabilityTracker(band: 0.005, seconds: 0.5)
            tracker.add(0.40, at: 0.0)
            tracker.add(0.41, at: 0.1)
            tracker.add(0.412, at: 0.2)
            tracker.add(0.408, at: 0.3)
            #expect(tracker.runStart == 0.1)
        }

        @Test func slowDriftWithinTheBandOverTheWindowStaysStable() {
            // 0.002 per second: any 0.5 s window spans 0.001, well inside the band.
            var tracker = StabilityTracker(band: 0.005, seconds: 0.5)
            for step in 0...600 {
                let t = Double(step) / 60
                tracker.add(0.4 + 0.002 * t, at: t)
                if t >= 0.5 { #expect(tracker.isStable(at: t)) }
            }
        }

        @Test(arguments: [60.0, 120.0, 240.0])
        func jitterOfOnePointSmoothedBecomesStable(rate: Double) throws {
            // True value 0.5, raw jitter uniform ±0.01: the band widens to the measured noise.
            var generator = SplitMix64(seed: 3)
            var contact = ContactWeighing()
            var stableSince: Double?
            for t in sampleTimes(rate: rate, duration: 10, irregular: true, seed: 5) {
                contact.add(0.5 + Double.random(in: -0.01...0.01, using: &generator), at: t)
                if contact.stability.isStable(at: t) {
                    if stableSince == nil { stableSince = t }
                } else {
                    stableSince = nil
                }
            }
            let since = try #require(stableSince)
            #expect(since < 2, "\(rate) Hz: stable for good only from \(since) s")
            let band = contact.stability.effectiveBand
            #expect(band > 0.009 && band < 0.016, "band \(band)")
        }
    }
}
