import Foundation
import Testing

@testable import PlumScaleCore

@Suite struct PlumRulesTests {
    @Test(arguments: [(0.0, 120.0), (0.5, 180.0), (1.0, 240.0), (0.42, 120 + 0.42 * 120), (-0.3, 120.0), (1.7, 240.0)])
    func radiusIs120Plus120TimesForceClamped(force: Double, radius: Double) {
        #expect(Plum.radius(force: force) == radius)
    }

    @Test func radiusWithoutForceIsTheBase() {
        #expect(Plum.radius(force: nil) == 120)
        #expect(Plum.radius(force: .nan) == 120)
    }

    /// Labels must be exactly C's "%.1f%%", ties included (0.25 -> "0.2", as printf rounds the binary value).
    @Test(arguments: [0.0, 0.42, 0.4249, 0.0025, 0.00125, 1.0, 0.99999, 0.123456, 0.655, 0.0005])
    func forceLabelIsPrintfOneDecimal(force: Double) {
        let expected = String(format: "%.1f%%", force * 100)
        #expect(Plum.label(force: force, mode: .force) == expected)
    }

    @Test func labelsPerMode() {
        #expect(Plum.label(force: 0.42, mode: .force) == "42.0%")
        #expect(Plum.label(force: 0.414, mode: .area) == "≈ 41%")
        #expect(Plum.label(force: 0.42, mode: .position) == nil)
        #expect(Plum.label(force: nil, mode: .force) == nil)
    }
}
