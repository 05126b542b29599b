import Testing

@testable import PlumScaleCore
@testable import PlumScaleTestSupport

extension WeighingTests {
    @Suite struct ForceSmootherTests {
        @Test func noiseMeasuresTheRawJitterAtRest() {
            // True value 0.3, jitter uniform ±0.01 (RMS 0.00577): noise ≈ 0.0127 (the
            // estimator assumes Gaussian noise; 2·RMS would be 0.0115).
            var generator = SplitMix64(seed: 9)
            var smoother = ForceSmoother()
            for t in sampleTimes(rate: 120, duration: 5, irregular: false) {
                smoother.add(0.3 + Double.random(in: -0.01...0.01, using: &generator), at: t)
            }
            #expect(smoother.noise > 0.010 && smoother.noise < 0.015, "noise \(smoother.noise)")
        }

        @Test func aPressDoesNotCountAsNoise() {
            var smoother = ForceSmoother()
            for step in 0...12 { smoother.add(Double(step) * 0.05, at: Double(step) / 120) }
            for step in 13...240 { smoother.add(0.6, at: Double(step) / 120) }
            #expect(smoother.noise < 0.002, "noise \(smoother.noise)")
        }

        @Test func advancingTimeLetsASilentDeviceSettle() {
            // Evdev sends nothing while pressure holds: true value 0.7 after one step event.
            var smoother = ForceSmoother()
            smoother.add(0.2, at: 0)
            smoother.add(0.7, at: 0.01)
            for frame in 1...18 { smoother.advance(to: 0.01 + Double(frame) / 60) }
            #expect(abs(smoother.smoothed! - 0.7) < 0.001)
        }
    }

    @Suite struct ForceReadingTests {
        @Test func readingBundlesEveryComponent() throws {
            var contact = ContactWeighing()
            for step in 0...60 { contact.add(0.5, at: Double(step) / 60) }
            var tares = TareBook()
            tares.tareAll([.init(id: 4, force: 0.1, x: 0, y: 0)])
            var heaviest = HeaviestTracker()
            heaviest.update(forces: [4: 0.4, 5: 0.2])
            let fit = try CalibrationFit(points: [.init(force: 0, grams: 0), .init(force: 0.9, grams: 900)])
            let reading = try #require(
                ForceReading.make(
                    id: 4, weighing: contact, tares: tares, heaviest: heaviest, mode: "force", fit: fit, now: 1))
            #expect(reading.smoothed == 0.5)
            #expect(abs(reading.displayed - 0.4) < 1e-12)
            #expect(reading.tare == 0.1)
            #expect(abs(reading.radiusValue - 0.4) < 1e-12)
            #expect(abs(reading.grams.grams! - 400) < 1e-9)
            #expect(reading.stable && reading.stableProgress == 1)
            #expect(reading.heaviest && !reading.tied && !reading.overload)
        }

        @Test func noReadingBeforeTheFirstSample() {
            #expect(
                ForceReading.make(
                    id: 1, weighing: ContactWeighing(), tares: TareBook(), heaviest: HeaviestTracker(),
                    mode: "force", fit: nil, now: 0) == nil)
        }
    }
}
