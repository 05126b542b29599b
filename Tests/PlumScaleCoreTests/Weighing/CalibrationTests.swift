import Testing

@testable import PlumScaleCore

extension WeighingTests {
    @Suite struct CalibrationTests {
        @Test func exactLineIsRecovered() throws {
            let fit = try CalibrationFit(points: [.init(force: 0.1, grams: 5), .init(force: 0.5, grams: 105)])
            #expect(abs(fit.slope - 250) < 1e-9)
            #expect(abs(fit.intercept - -20) < 1e-9)
            #expect(abs(fit.rSquared - 1) < 1e-12)
            #expect(fit.maxResidualGrams < 1e-9)
            #expect(abs(fit.grams(forForce: 0.3) - 55) < 1e-9)
        }

        @Test func noisyPointsGiveLeastSquaresRSquaredAndLargestResidual() throws {
            // grams = 200·force + 10, with residuals +1, -2, +1 at forces 0.1, 0.2, 0.3.
            let fit = try CalibrationFit(points: [
                .init(force: 0.1, grams: 31), .init(force: 0.2, grams: 48), .init(force: 0.3, grams: 71),
            ])
            #expect(abs(fit.slope - 200) < 1e-9)
            #expect(abs(fit.intercept - 10) < 1e-9)
            #expect(abs(fit.maxResidualGrams - 2) < 1e-9)
            // SSres = 6, SStot = (31-50)² + (48-50)² + (71-50)² = 806.
            #expect(abs(fit.rSquared - (1 - 6.0 / 806)) < 1e-12)
        }

        @Test func taredGramsSubtractTheMassAtTheTare() throws {
            let fit = try CalibrationFit(points: [.init(force: 0, grams: 10), .init(force: 0.9, grams: 910)])
            #expect(abs(fit.grams(forForce: 0.5, tare: 0.2) - 300) < 1e-9)
            #expect(abs(fit.grams(forForce: 0.5, tare: nil) - 510) < 1e-9)
        }

        @Test(arguments: [
            ([CalibrationPoint(force: 0.1, grams: 5)], [CalibrationIssue.tooFewPoints(1)]),
            ([], [.tooFewPoints(0)]),
            ([.init(force: 0.1, grams: 5), .init(force: 0.1, grams: 9)], [.duplicateForce(index: 1, firstIndex: 0, force: 0.1)]),
            ([.init(force: 0.1, grams: -5), .init(force: 0.2, grams: 9)], [.negativeGrams(index: 0, grams: -5)]),
            (
                [.init(force: .nan, grams: 5), .init(force: 0.2, grams: .infinity)],
                [.nonFinite(index: 0, field: "force"), .nonFinite(index: 1, field: "grams")]
            ),
        ])
        func invalidPointsAreRefusedWithEveryIssue(points: [CalibrationPoint], issues: [CalibrationIssue]) {
            #expect(CalibrationFit.issues(in: points) == issues)
            #expect(throws: CalibrationError(issues: issues)) { try CalibrationFit(points: points) }
        }

        @Test(arguments: ["area", "position", "pressure"])
        func gramsAreRefusedWithoutRealPressure(mode: String) throws {
            let fit = try CalibrationFit(points: [.init(force: 0, grams: 0), .init(force: 0.9, grams: 90)])
            let reading = GramsReading.reading(force: 0.5, mode: mode, fit: fit)
            guard case .refused(let reason) = reading else {
                Issue.record("\(mode) gave grams")
                return
            }
            #expect(!reason.isEmpty)
            #expect(reading.grams == nil)
        }

        @Test func gramsInForceModeNeedACalibration() throws {
            let fit = try CalibrationFit(points: [.init(force: 0, grams: 0), .init(force: 0.9, grams: 90)])
            #expect(GramsReading.reading(force: 0.5, mode: "force", fit: fit) == .grams(50))
            #expect(GramsReading.reading(force: 0.5, mode: "force", fit: nil).grams == nil)
        }
    }
}
