import Foundation
import Testing

@testable import PlumScaleCore

/// Issue 28's eccentricity test, its pure logic: the largest difference
/// between five places in grams and in d, and the gain map fitted when it
/// exceeds d, for a panel whose gain rises towards one corner.
@Suite struct EccentricityTests {
    static let grams = WeightFormat(unit: .g, stepGrams: 1)

    /// A panel reading `gain(x, y)` times the true 200 g at each place.
    func test(_ gain: (Double, Double) -> Double) -> EccentricityTest {
        var test = EccentricityTest(referenceGrams: 200)
        while let place = test.nextPlace {
            let p = place.point
            test.readings[place] = 200 * gain(p.x, p.y)
        }
        return test
    }

    @Test func theFivePlacesAreAskedInTurn() {
        var test = EccentricityTest(referenceGrams: 200)
        #expect(test.nextPlace == .centre && test.result(step: 1) == nil)
        test.readings[.centre] = 200
        #expect(test.nextPlace == .topLeft)
    }

    @Test func aPanelWithinDNeedsNoCorrection() throws {
        let result = try #require(test { x, _ in 1 + 0.002 * x }.result(step: 1))
        #expect(result.map == nil && result.refusal == nil && result.inD < 1)
        #expect(result.text(format: Self.grams).hasSuffix("within d: no correction needed"))
    }

    /// The gain rises by 6% towards the bottom-right corner: 12 g there at
    /// d = 1 g, 0.37 g at the top-left corner.
    @Test func aGainRisingTowardsACornerIsMappedOut() throws {
        let rising = { (x: Double, y: Double) in 1 + 0.06 * x * y / 0.7225 }  // 0.85 × 0.85 = 0.7225
        let test = test(rising)
        let result = try #require(test.result(step: 1))
        let spread = 12 * (1 - 0.0225 / 0.7225)
        #expect(abs(result.largestDifferenceGrams - spread) < 1e-9 && abs(result.inD - spread) < 1e-9)
        let map = try #require(result.map)
        // Exact at the five places.
        for place in EccentricityTest.Place.allCases {
            let read = try #require(test.readings[place])
            #expect(abs(map.corrected(read, at: place.point) - 200) < 1e-9, "\(place)")
        }
        // Between them, within d of the truth; never extrapolated past the corner places.
        for (x, y) in [(0.3, 0.3), (0.7, 0.6), (0.5, 0.85), (0.6, 0.2)] {
            #expect(abs(map.corrected(200 * rising(x, y), at: (x, y)) - 200) < 1, "at \(x), \(y)")
        }
        #expect(map.gain(at: (1, 1)) == map.gain(at: EccentricityTest.Place.bottomRight.point))
        #expect(result.text(format: Self.grams) == "Eccentricity: 12 g (11.6 d) at most between places; corrected by a gain map")
    }

    @Test func aFaultyPanelIsNotCorrected() throws {
        let result = try #require(test { x, y in x > 0.8 && y > 0.8 ? 3 : 1 }.result(step: 1))
        #expect(result.map == nil && result.refusal?.contains("check the panel") == true)
        var zero = test { _, _ in 1 }
        zero.readings[.topLeft] = 0
        #expect(zero.result(step: 1)?.refusal?.contains("0 g or less") == true)
    }
}
