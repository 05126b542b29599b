import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Issue 28's due date: `calibration.intervalDays` after the latest row of
/// the calibration log, said in the footer (a kiosk's passer-by is told
/// only when it is overdue), and the detail screen's calibration.
@Suite struct CalibrationDueTests {
    static let day = 86400.0
    /// The replay's wall clock at t = 0: 2026-12-02 00:00 UTC (the header's
    /// `device.started`; without it the clock is today's, and the days shift).
    static let now = Date(timeIntervalSince1970: 1_796_169_600)
    let rules = PanelReplay()

    func state(intervalDays: Int? = 30, kiosk: Bool = false, calibratedDaysAgo: Double?) throws -> AppState {
        let extra = intervalDays.map { #""calibration":{"intervalDays":\#($0)}"# } ?? ""
        let header = #"{"plumscale-replay":1,"device":{"name":"test panel","pressure":true,"started":1796169600}}"#
        let replay = try JSONLinesReplay.parse(header + "\n" + rules.down(0, 1, 0.5, 0.3), file: "inline")
        var state = RenderCommand.replayState(
            replay, at: 1, size: PixelSize(1280, 720), config: try TestPanel.config(extra), kiosk: kiosk)
        state.timeZone = .gmt
        let log = calibratedDaysAgo.map { ["test panel": CalibrationStamp(id: 4, at: Self.now.addingTimeInterval(-$0 * Self.day))] }
        state.apply(InputEvent(time: state.now, .history(.calibrations(log ?? [:]))))
        return state
    }

    func texts(_ state: AppState) -> [String] { state.scene().texts(state.metrics).map(\.text) }

    @Test func theDueDateCountsWholeDaysAndThenSaysSinceWhen() {
        let made = Self.now
        #expect(CalibrationDue(calibratedAt: made, intervalDays: 3, now: made) == .due(days: 3, on: made.addingTimeInterval(3 * Self.day)))
        #expect(
            CalibrationDue(calibratedAt: made, intervalDays: 3, now: made.addingTimeInterval(2.5 * Self.day)).text(timeZone: .gmt)
                == "Calibration due in 1 day")
        let late = CalibrationDue(calibratedAt: made, intervalDays: 3, now: made.addingTimeInterval(3 * Self.day))
        #expect(late.isOverdue && late.text(timeZone: .gmt) == "Calibration overdue since 2026-12-05")
        #expect(CalibrationDue(calibratedAt: nil, intervalDays: 3, now: made) == .dateUnknown)
    }

    @Test func theFooterSaysWhenItIsDue() throws {
        #expect(texts(try state(calibratedDaysAgo: 27)).contains("Calibration due in 3 days"))
        let overdue = try state(calibratedDaysAgo: 32)
        #expect(texts(overdue).contains("Calibration overdue since 2026-11-30"), "\(texts(overdue))")
        let document = try rules.document(overdue)
        let calibration = try #require(document["calibration"] as? [String: Any])
        #expect(calibration["due"] as? String == "Calibration overdue since 2026-11-30" && calibration["log_id"] as? Double == 4)
        #expect(texts(try state(calibratedDaysAgo: nil)).contains(CalibrationDue.dateUnknown.text(timeZone: .gmt)))
        // No interval configured: no due line, whatever the log says.
        #expect(!texts(try state(intervalDays: nil, calibratedDaysAgo: 32)).contains { $0.hasPrefix("Calibration ") })
    }

    @Test func aPasserBySeesItOnlyWhenOverdue() throws {
        #expect(texts(try state(kiosk: true, calibratedDaysAgo: 32)).contains(CalibrationDue.passerByOverdue))
        let due = texts(try state(kiosk: true, calibratedDaysAgo: 27))
        #expect(!due.contains { $0.hasPrefix("Calibration ") }, "\(due)")
        #expect(!texts(try state(kiosk: true, calibratedDaysAgo: nil)).contains { $0.hasPrefix("Calibration ") })
    }

    @Test func aSavedCalibrationRestartsTheIntervalAndItsRoleIsTheKiosks() throws {
        var state = try state(calibratedDaysAgo: 32)
        let stamp = CalibrationStamp(id: 5, at: state.wallClock)
        let points = [CalibrationPoint(force: 0, grams: 0), .init(force: 0.5, grams: 100)]
        state.apply(InputEvent(time: state.now, .history(.calibrationSaved(device: "test panel", points: points, logged: stamp))))
        #expect(texts(state).contains("Calibration due in 30 days"))
        #expect(try self.state(calibratedDaysAgo: 1).calibrationRole == .user)
        #expect(try self.state(kiosk: true, calibratedDaysAgo: 1).calibrationRole == .operator)
    }

    @Test func aReloadedConfigKeepsTheLogAndTakesTheNewInterval() throws {
        let state = try state(calibratedDaysAgo: 27)
        let config = try TestPanel.config(#""calibration":{"intervalDays":60}"#)
        #expect(texts(state.reconfigured(config)).contains("Calibration due in 33 days"))
    }

    @Test func aLogThatFailedIsSaidAndTheCalibrationKept() throws {
        var state = try state(calibratedDaysAgo: 1)
        let points = [CalibrationPoint(force: 0, grams: 0), .init(force: 0.5, grams: 100)]
        state.apply(
            InputEvent(
                time: state.now, .history(.calibrationSaved(device: "test panel", points: points, logProblem: "disk full"))))
        #expect(state.visibleNotice?.text == "Calibration saved for test panel, but not in the calibration log: disk full")
        #expect(state.scale.fit == (try CalibrationFit(points: points)))
        #expect(state.calibrationLog["test panel"]?.id == 4)
    }

    @Test(arguments: [("0", "0"), ("2.5", "2.5"), ("3651", "3651"), ("\"30\"", "expected a number")])
    func configCheckRefusesABadInterval(value: String, shown: String) {
        let text = "{\n  \"calibration\": {\"intervalDays\": \(value)}\n}\n"
        #expect(throws: ConfigError.self) { try Config.parse(text, file: "c.json") }
        do {
            _ = try Config.parse(text, file: "c.json")
        } catch {
            #expect(error.description.contains("c.json: line 2: calibration.intervalDays:"), "\(error)")
            #expect(error.description.contains(shown))
        }
    }

    @Test func theIntervalIsKeptAndShownInTheEffectiveConfig() throws {
        let config = try Config.parse(#"{"calibration": {"intervalDays": 90}}"#)
        #expect(config.calibrationIntervalDays == 90)
        #expect(config.json["calibration"]?["intervalDays"] == .number(90))
        #expect(Config.defaults.json["calibration"] == nil)
        #expect(try Config.parse(#"{"calibration": {"intervalDays": null}}"#).calibrationIntervalDays == nil)
    }

    @Test func theDetailNamesItsCalibration() throws {
        var state = try state(calibratedDaysAgo: 1)
        var weighing = sampleWeighing()
        weighing.id = 9
        weighing.calibration = CalibrationStamp(id: 4, at: Self.now)
        state.screen = .detail(HistoryDetail(id: 9, weighing: weighing, table: HistoryBrowser(peek: state.peekConfig)))
        #expect(texts(state).contains("Calibrated 2026-12-02 (log #4)"), "\(texts(state))")
        let detail = try #require(try rules.document(state)["detail"] as? [String: Any])
        #expect(detail["calibration_id"] as? Double == 4 && detail["calibrated_at"] as? String == "2026-12-02T00:00:00Z")
    }
}
