import Foundation
import Testing

@testable import PlumScaleCore

/// Issue 15, calibration you can trust: the lines a scale refuses, and the
/// guarantee that no label made from an accepted one is nan, inf or absurd.
extension WeighingTests {
    @Suite struct HonestCalibrationTests {
        static func points(_ pairs: [(Double, Double)]) -> [CalibrationPoint] {
            pairs.map { CalibrationPoint(force: $0.0, grams: $0.1) }
        }

        /// The issue's own examples, each refused with its reason.
        @Test(
            arguments: [
                // Two references 1 g apart, no zero: 10 g per unit of force and 2 g at no force at all.
                ([(0.3, 5.0), (0.4, 6.0)], CalibrationIssue.zeroOffsetTooLarge(grams: 2, capacity: 12)),
                // Near-equal forces: the line would be extrapolated a billion times.
                ([(0.3, 5.0), (0.30000000000000004, 10.0)], .forcesTooClose(span: 0.30000000000000004 - 0.3)),
                // Extreme points: force 0 and the smallest double.
                ([(0.0, 0.0), (5e-324, 1.0)], .forcesTooClose(span: 5e-324)),
                // A heavier reference reading less force.
                ([(0.2, 10.0), (0.4, 5.0)], .nonPositiveSlope(-25)),
                // Equal masses at different forces: slope 0.
                ([(0.2, 5.0), (0.4, 5.0)], .nonPositiveSlope(0)),
                // A truck on a touchscreen: 200 kg at full range.
                ([(0.0, 0.0), (0.5, 100_000.0)], .capacityTooLarge(grams: 200_000)),
            ] as [([(Double, Double)], CalibrationIssue)])
        func untrustworthyLinesAreRefusedWithTheReason(pairs: [(Double, Double)], issue: CalibrationIssue) {
            let issues = CalibrationFit.issues(in: Self.points(pairs))
            #expect(issues.count == 1)
            switch (issues.first, issue) {
            case (.zeroOffsetTooLarge(let g, let c)?, .zeroOffsetTooLarge(let eg, let ec)):
                #expect(abs(g - eg) < 1e-9 && abs(c - ec) < 1e-9)
            case (.nonPositiveSlope(let s)?, .nonPositiveSlope(let es)):
                #expect(abs(s - es) < 1e-9)
            case (.capacityTooLarge(let g)?, .capacityTooLarge(let eg)):
                #expect(abs(g - eg) < 1e-6)
            default:
                #expect(issues.first == issue)
            }
            #expect(throws: CalibrationError.self) { try CalibrationFit(points: Self.points(pairs)) }
        }

        @Test func pointsTooHeavyOrInOverloadAreRefused() {
            #expect(
                CalibrationFit.issues(in: Self.points([(0, 0), (0.5, 1e300)]))
                    == [.gramsTooLarge(index: 1, grams: 1e300)])
            #expect(
                CalibrationFit.issues(in: Self.points([(0, 0), (0.98, 50)]))
                    == [.forceInOverload(index: 1, force: 0.98)])
            #expect(
                CalibrationFit.issues(in: Self.points([(0, 0), (1.5, 50)]))
                    == [.forceOutOfRange(index: 1, force: 1.5)])
        }

        /// The zero as a point: with one reference, 2 points (linearity not
        /// checked); a second reference gives R² and the largest residual.
        @Test func zeroIsAPointAndLinearityNeedsThree() throws {
            let two = try CalibrationFit(points: Self.points([(0, 0), (0.2, 5)]))
            #expect(two.hasZeroPoint && two.pointCount == 2 && !two.linearityChecked)
            #expect(abs(two.grams(forForce: 0)) < 1e-12, "no force reads 0 g")
            #expect(two.summary == "Calibrated, 2 points: linearity not checked (add a third)")
            // (0, 0), (0.2, 5), (0.4, 10.2): slope 25.5, intercept -1/30, residuals 1/30, -1/15, 1/30.
            let three = try CalibrationFit(points: Self.points([(0, 0), (0.2, 5), (0.4, 10.2)]))
            #expect(three.linearityChecked)
            #expect(abs(three.slope - 25.5) < 1e-9)
            #expect(abs(three.intercept - -1.0 / 30) < 1e-9)
            #expect(abs(three.maxResidualGrams - 1.0 / 15) < 1e-9)
            // SSres = 1/900 + 4/900 + 1/900 = 1/150; SStot = 2 × (154/30)² + (1/15)²... computed:
            let mean = (0 + 5 + 10.2) / 3.0
            let total = [0, 5, 10.2].map { ($0 - mean) * ($0 - mean) }.reduce(0, +)
            #expect(abs(three.rSquared - (1 - (1.0 / 150) / total)) < 1e-12)
            #expect(three.summary == "Calibrated: R² 0.9999, max residual 0.07 g, 3 pts")
            #expect(
                try CalibrationFit(points: Self.points([(0.1, 10), (0.2, 20), (0.4, 40.4)])).summary
                    == "Calibrated: R² 1.0000, max residual 0.09 g, 3 pts, no zero")
            // d: at least the largest residual 0.0667 g (and 0.1 point, 0.0255 g): 0.1 g.
            #expect(WeightFormat(unit: .g, stepGrams: three.displayStepGrams).step == 0.1)
        }

        /// d is the smallest 1, 2 or 5 × 10^n at least the floor; labels are
        /// rounded to it, half away from zero, never "-0.0" nor "nan".
        @Test func displayStepAndRounding() {
            #expect(WeightFormat(unit: .g, stepGrams: 0.0667).step == 0.1)
            #expect(WeightFormat(unit: .g, stepGrams: 0.025).step == 0.05)
            #expect(WeightFormat(unit: .g, stepGrams: 0.1).step == 0.1)
            #expect(WeightFormat(unit: .g, stepGrams: 1.5).step == 2)
            #expect(WeightFormat(unit: .g, stepGrams: 3).step == 5)
            #expect(WeightFormat(unit: .g, stepGrams: 30).step == 50)
            let tenth = WeightFormat(unit: .g, stepGrams: 0.1)
            #expect(tenth.text(grams: 123.46) == "123.5 g")
            #expect(tenth.text(grams: -1.26) == "-1.3 g")
            #expect(tenth.text(grams: -0.04) == "0.0 g")
            #expect(tenth.text(grams: 0.06) == "0.1 g")
            #expect(tenth.text(grams: .nan) == nil && tenth.text(grams: .infinity) == nil)
            #expect(WeightFormat(unit: .g, stepGrams: 0.05).text(grams: 6.75) == "6.75 g")
            #expect(WeightFormat(unit: .g, stepGrams: 30).text(grams: 1234) == "1250 g")
            #expect(WeightFormat(unit: .lb, stepGrams: 0.1).text(grams: 453.59237) == "1.0000 lb")
        }

        @Test func configCheckRefusesTheLineNamingItsKey() {
            let text = #"{"calibrations": {"dev": {"points": [{"force": 0.3, "grams": 5}, {"force": 0.4, "grams": 6}]}}}"#
            do {
                _ = try Config.parse(text, file: "c.json")
                Issue.record("accepted")
            } catch {
                #expect(error.paths == [#"calibrations."dev".points"#])
                #expect(
                    error.description.hasPrefix(#"c.json: line 1: calibrations."dev".points: refused: the fit reads 2 g at zero force"#))
            }
        }

        /// The generated table: every pair, and every zero-plus-pair, of
        /// forces and masses chosen at the edges (0, denormals, near-equal,
        /// overload, 1; 0 g to the largest double). Each accepted by the
        /// config parser is fed to the label code at forces across the range,
        /// tared and not, in every unit: every label is a finite number in a
        /// sane range, with no more decimals than d has.
        @Test func everyAcceptedCalibrationGivesSaneLabels() throws {
            let forces = [
                0, 5e-324, 1e-300, 1e-9, 0.001, 0.0099, 0.01, 0.1, 0.3, 0.30000000000000004,
                0.5, 0.9, 0.97, 0.979, 0.98, 1,
            ]
            let grams = [0, 1e-300, 0.001, 7.5, 100, 100_000, 100_001, 1e300, 1.7976931348623157e308]
            var tables: [[(Double, Double)]] = []
            for (i, f1) in forces.enumerated() {
                for f2 in forces[(i + 1)...] {
                    for g1 in grams {
                        for g2 in grams {
                            tables.append([(f1, g1), (f2, g2)])
                            if f1 > 0 { tables.append([(0, 0), (f1, g1), (f2, g2)]) }
                        }
                    }
                }
            }
            var accepted = 0
            var refused = 0
            var labels = 0
            let probes = [0.0, 1e-9, 0.2, 0.5, 0.75, 0.979]
            for table in tables {
                let json = table.map { #"{"force": \#($0.0), "grams": \#($0.1)}"# }.joined(separator: ", ")
                let config: Config
                do {
                    config = try Config.parse(#"{"calibrations": {"dev": {"points": [\#(json)]}}}"#)
                } catch {
                    refused += 1
                    #expect(error.paths.allSatisfy { $0.hasPrefix(#"calibrations."dev".points"#) })
                    continue
                }
                accepted += 1
                let fit = try #require(config.calibrationFit(forDevice: "dev"), "accepted, so it fits: \(table)")
                let scale = GramScale(fit)
                for unit in WeightUnit.allCases {
                    let format = WeightFormat(unit: unit, stepGrams: scale.stepGrams)
                    for force in probes {
                        for tare in [nil, 0.3, 0.979] as [Double?] {
                            let grams = try #require(scale.grams(forForce: force, tare: tare))
                            var shown = ContactView(id: 1, position: Point(0, 0), radius: 120, mode: .force)
                            shown.reading = ContactReading(
                                displayed: force - (tare ?? 0), tare: 0, grams: grams, presetTare: nil, stable: false,
                                stableProgress: 0, heaviest: false, tied: false, overload: false, net: tare != nil, fading: false)
                            (shown.hasGrams, shown.shownGrams, shown.format) = (true, grams, format)
                            let label = try #require(shown.label)
                            Self.expectSane(label, unit: unit, decimals: format.decimals, table: table)
                            let total = try #require(ScaleTotal([shown, shown], mode: .force).label)
                            Self.expectSane(total, unit: unit, decimals: format.decimals, table: table)
                            labels += 2
                        }
                    }
                }
            }
            // 16 forces, 9 masses: 120 × 81 pairs and 105 × 81 zero-plus-pairs.
            #expect(tables.count == 18_225)
            #expect(accepted > 1000 && refused > 1000, "the table has both: \(accepted) accepted, \(refused) refused")
            #expect(labels == accepted * 3 * probes.count * 3 * 2)
        }

        /// A label "123.5 g": a finite number of at most 2 × 100 kg, with
        /// exactly d's decimals, and the unit; never nan, inf or an exponent.
        static func expectSane(_ label: String, unit: WeightUnit, decimals: Int, table: [(Double, Double)]) {
            let suffix = " " + unit.rawValue
            guard label.hasSuffix(suffix), let value = Double(label.dropLast(suffix.count)) else {
                Issue.record("label \"\(label)\" from \(table)")
                return
            }
            let number = label.dropLast(suffix.count)
            #expect(number.allSatisfy { $0.isNumber || $0 == "." || $0 == "-" }, "\(label) from \(table)")
            #expect((number.split(separator: ".").dropFirst().first?.count ?? 0) == decimals, "\(label) from \(table)")
            #expect(value.isFinite && abs(value * unit.grams) <= 2 * CalibrationFit.Limits.maximumGrams, "\(label) from \(table)")
            #expect(decimals <= 6)
        }
    }
}
