import Foundation
import Testing

@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// Issue 28's display: Max, Min and d from the calibration, the zero and
/// stable marks, NET / GROSS with the tare, "below Min" and "not legal for
/// trade", in the scene's texts and the state document. The calibration
/// is TestPanel's: grams = 100 × force, d = 0.1 g, so Max = 98.0 g
/// (98% of the range) and Min = 2.0 g (20 d).
@Suite struct IndicatorTests {
    let rules = PanelReplay()

    func indicator(_ state: AppState) throws -> [String: Any] {
        try #require(try rules.document(state)["indicator"] as? [String: Any])
    }

    func texts(_ state: AppState) -> [String] { state.scene().texts(state.metrics).map(\.text) }

    @Test func theFiguresComeFromTheCalibration() throws {
        let s = try rules.state([], at: 1, config: TestPanel.config())
        let doc = try indicator(s)
        #expect(doc["max"] as? Double == 98 && doc["min"] as? Double == 2 && doc["d"] as? Double == 0.1)
        // Nothing on the glass: gross zero, stable.
        #expect(doc["zero"] as? Bool == true && doc["stable"] as? Bool == true)
        #expect(doc["net"] as? Bool == false && doc["tare"] as? Double == 0)
        #expect(try rules.document(s)["scale_mode"] as? String == "weigh")
        let shown = texts(s)
        for mark in ["Max 98.0 g", "Min 2.0 g", "d = 0.1 g", "→0←", "STABLE", "GROSS", "not legal for trade"] {
            #expect(shown.contains(mark), "\(mark) in \(shown)")
        }
    }

    /// In ounces the figures are in ounces, to the ounces' d.
    @Test func theFiguresAreInTheShownUnits() throws {
        let s = try rules.state([rules.key(0.5, "u")], at: 1, config: TestPanel.config())
        let doc = try indicator(s)
        let d = try #require(doc["d"] as? Double)
        #expect(d == 0.005, "d in oz: \(d)")
        #expect(doc["min"] as? Double == 0.1)
        // 98 g = 3.457 oz, down to d.
        #expect(doc["max"] as? Double == 3.455)
    }

    /// ¼ d of 0.1 g is 0.025 g: 0.02 g is zero, 0.03 g is not.
    @Test(arguments: [(0.0002, true), (0.0003, false)])
    func zeroIsWithinAQuarterOfD(force: Double, zero: Bool) throws {
        let s = try rules.state([rules.down(0, 1, 0.5, force)], at: 2, config: TestPanel.config())
        #expect(try indicator(s)["zero"] as? Bool == zero)
        #expect(texts(s).contains("→0←") == zero)
    }

    /// A moving reading: neither stable nor zero, and no STABLE drawn.
    @Test func aMovingReadingIsNotStable() throws {
        let lines = (1..<20).map { rules.move(Double($0) / 20, 1, 0.5, Double($0) * 0.02) }
        let s = try rules.state([rules.down(0, 1, 0.5, 0)] + lines, at: 0.96, config: TestPanel.config())
        let doc = try indicator(s)
        #expect(doc["stable"] as? Bool == false && doc["zero"] as? Bool == false)
        #expect(!texts(s).contains("STABLE"))
    }

    /// Tared: NET with the tare's mass; the gross is 30 g, so no zero.
    @Test func taredShowsNetAndTheTare() throws {
        let s = try rules.state([rules.down(0, 1, 0.5, 0.3), rules.key(1, "t")], at: 2.5, config: TestPanel.config())
        let doc = try indicator(s)
        #expect(doc["net"] as? Bool == true && doc["tare"] as? Double == 30 && doc["zero"] as? Bool == false)
        let shown = texts(s)
        #expect(shown.contains("NET") && shown.contains("Tare 30.0 g") && !shown.contains("GROSS"), "\(shown)")
    }

    /// 1.5 g is above zero and below Min; 3.0 g and 0 g are not.
    @Test(arguments: [(0.015, true), (0.03, false), (0.0, false)])
    func belowMinIsMarked(force: Double, below: Bool) throws {
        let s = try rules.state([rules.down(0, 1, 0.5, force)], at: 2, config: TestPanel.config())
        let contact = try #require((try rules.document(s)["contacts"] as? [[String: Any]])?.first)
        #expect(contact["below_min"] as? Bool == below)
        #expect(texts(s).contains("below Min") == below)
    }

    /// Without grams there is no d: no figures, no zero, nothing drawn.
    @Test func withoutGramsNothingIsDrawn() throws {
        let s = try rules.state([rules.down(0, 1, 0.5, 0.3)], at: 2)
        let doc = try indicator(s)
        for key in ["max", "min", "d", "zero", "tare"] { #expect(doc[key] is NSNull, "\(key): \(doc[key] ?? "absent")") }
        #expect(doc["stable"] as? Bool == true && doc["net"] as? Bool == false)
        let shown = texts(s)
        #expect(!shown.contains("not legal for trade") && !shown.contains("GROSS") && !shown.contains { $0.hasPrefix("Max ") })
        let contact = try #require((try rules.document(s)["contacts"] as? [[String: Any]])?.first)
        for key in ["pieces", "verdict", "percent"] { #expect(contact[key] is NSNull, "\(key)") }
    }

    /// The pure rule, in steps of d: 0.05 g rounds to 0.1 g, above zero.
    @Test func belowMinCountsStepsOfD() {
        let format = WeightFormat(unit: .g, stepGrams: 0.1)
        #expect(Indicator.isBelowMin(grams: 0.05, format: format))
        #expect(!Indicator.isBelowMin(grams: 0.04, format: format))
        #expect(Indicator.isBelowMin(grams: 1.94, format: format))
        #expect(!Indicator.isBelowMin(grams: 1.95, format: format))
        #expect(!Indicator.isBelowMin(grams: -1, format: format))
    }
}
