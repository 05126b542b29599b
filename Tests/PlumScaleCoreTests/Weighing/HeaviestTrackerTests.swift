import Testing

@testable import PlumScaleCore
@testable import PlumScaleTestSupport

extension WeighingTests {
    @Suite struct HeaviestTrackerTests {
        @Test func crownPassesOnlyBeyondTheMargin() {
            var tracker = HeaviestTracker(margin: 0.005)
            #expect(tracker.update(forces: [1: 0.40, 2: 0.30]) == 1)
            #expect(tracker.update(forces: [1: 0.40, 2: 0.404]) == 1)
            #expect(tracker.tied == [2])
            #expect(tracker.isTied(1) && tracker.isTied(2))
            #expect(tracker.update(forces: [1: 0.40, 2: 0.406]) == 2)
            #expect(tracker.update(forces: [1: 0.404, 2: 0.40]) == 2)
            #expect(tracker.update(forces: [1: 0.50, 2: 0.40]) == 1)
            #expect(tracker.tied.isEmpty && !tracker.isTied(1))
        }

        @Test func liftingTheHeaviestCrownsTheNextAndNoneLeavesNone() {
            var tracker = HeaviestTracker()
            tracker.update(forces: [1: 0.5, 2: 0.3, 3: 0.2])
            #expect(tracker.update(forces: [2: 0.3, 3: 0.2]) == 2)
            #expect(tracker.update(forces: [:]) == nil)
            #expect(tracker.tied.isEmpty)
        }

        @Test func measuredNoiseWidensTheMargin() {
            var tracker = HeaviestTracker(margin: 0.005)
            tracker.update(forces: [1: 0.40, 2: 0.30])
            #expect(tracker.update(forces: [1: 0.40, 2: 0.41], noise: [1: 0.012, 2: 0.011]) == 1)
            #expect(tracker.effectiveMargin == 0.012)
            #expect(tracker.update(forces: [1: 0.40, 2: 0.413], noise: [1: 0.012]) == 2)
        }

        /// The scale's list of contacts gives what the dictionary gives, step
        /// by step, through near ties, lifts, new contacts and noise.
        @Test func listOfContactsAgreesWithTheDictionary() {
            var generator = SplitMix64(seed: 25)
            var byDictionary = HeaviestTracker(margin: 0.005)
            var byList = HeaviestTracker(margin: 0.005)
            for _ in 0..<5_000 {
                let ids = (1...8).filter { _ in Bool.random(using: &generator) }
                let forces = Dictionary(
                    uniqueKeysWithValues: ids.map { ($0, 0.40 + Double(Int.random(in: -6...6, using: &generator)) / 1000) })
                let noise = Dictionary(uniqueKeysWithValues: ids.map { ($0, Double(Int.random(in: 0...8, using: &generator)) / 1000) })
                let candidates = ids.map { HeaviestTracker.Candidate(id: $0, force: forces[$0]!, noise: noise[$0]!) }
                #expect(byList.update(candidates) == byDictionary.update(forces: forces, noise: noise))
                #expect(byList == byDictionary)
            }
        }

        @Test(arguments: [60.0, 120.0, 240.0])
        func twoEqualObjectsWithJitterNeverFlicker(rate: Double) {
            // Both objects truly weigh 0.40; each raw reading jitters uniformly by ±0.01.
            var generator = SplitMix64(seed: 2012)
            var contacts = [1: ContactWeighing(), 2: ContactWeighing()]
            var tracker = HeaviestTracker(margin: 0.005)
            var crowned: Set<Int> = []
            var largestGap = 0.0
            for t in sampleTimes(rate: rate, duration: 60, irregular: true, seed: 11) {
                for id in [1, 2] {
                    contacts[id]!.add(0.40 + Double.random(in: -0.01...0.01, using: &generator), at: t)
                }
                let forces = contacts.mapValues { $0.smoother.smoothed! }
                let heaviest = tracker.update(forces: forces, noise: contacts.mapValues(\.smoother.noise))
                crowned.insert(heaviest!)
                largestGap = max(largestGap, abs(forces[1]! - forces[2]!))
            }
            #expect(crowned.count == 1, "\(rate) Hz: crown went to \(crowned); largest gap \(largestGap)")
            #expect(tracker.effectiveMargin > largestGap)
        }
    }

    @Suite struct OverloadTests {
        @Test(arguments: [(0.979, false), (0.98, true), (1.0, true), (0.5, false)])
        func readingsAtOrAbove98PercentAreOverload(force: Double, overload: Bool) {
            #expect(Overload.isOverload(force) == overload)
        }
    }
}
