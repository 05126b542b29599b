import Foundation
import Testing

@testable import PlumScaleCore

/// The fast label formatter must give exactly what String(format: "%.1f%%") gives.
struct PercentTextTests {
    func check(_ value: Double) {
        #expect(PercentText.format(value) == String(format: "%.1f%%", value), "value \(value)")
    }

    @Test func everyDigitizerLevelMatchesPrintf() {
        for max in [255.0, 1023.0, 2047.0, 4095.0, 65535.0] where max <= 4095 {
            for level in 0...Int(max) { check(Double(level) / max * 100) }
        }
        for level in stride(from: 0, through: 65535, by: 7) { check(Double(level) / 65535 * 100) }
        // SDL's Float pressures, widened as the core sees them.
        for level in 0...1023 { check(Double(Float(level) / 1023) * 100) }
    }

    @Test func tiesAndNeighboursMatchPrintf() {
        for k in 0...4000 {
            let tie = Double(k) / 20  // x.x5 and x.x0; exact ties where dyadic (.25, .75)
            check(tie)
            check(tie.nextUp)
            check(tie.nextDown)
            check(-tie)
        }
        for v in [0.0, -0.0, 0.04, -0.04, 0.05, 0.25, 0.35, 0.45, 0.75, 1.05, 99.95, 99.99, 100, 1e13, 123_456.789] {
            check(v)
        }
        check(.nan)
        check(.infinity)
        check(-.infinity)
    }

    @Test func randomValuesMatchPrintf() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100_000 {
            check(Double.random(in: -200...200, using: &generator))
            check(Double.random(in: 0...1, using: &generator) * 100)
        }
    }

    @Test func gramsMatchPrintf() {
        func check(_ value: Double) {
            #expect(Plum.grams(value) == String(format: "%.1f g", value), "value \(value)")
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100_000 {
            check(Double.random(in: -500...5000, using: &generator))
            check(Double.random(in: -1e9...1e9, using: &generator))
        }
        for k in 0...4000 {
            let tie = Double(k) / 20
            for v in [tie, tie.nextUp, tie.nextDown, -tie] { check(v) }
        }
        for v in [0.0, -0.0, -0.04, 999_999_999.94, 999_999_999.96, -999_999_999.96, 1e9, -1e9, 1e300, .nan, .infinity, -.infinity] {
            check(v)
        }
    }
}
