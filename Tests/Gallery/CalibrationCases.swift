import Foundation
import PlumScaleCore

/// Issue 28's calibration you can trust on screen: the footer's due line
/// (due, overdue; a kiosk's passer-by told to ask the operator, the
/// operator told since when) beside five objects, and the detail screen
/// naming the calibration a weighing's grams came from.
extension ScreenCases {
    /// 2026-12-02 00:00 UTC: the wall clock at t = 0 of these cases.
    static let calibrationNow = Date(timeIntervalSince1970: 1_796_169_600)

    /// Calibrated, due every 30 days, last calibrated `daysAgo` days before now.
    static func dueState(_ width: Int, _ height: Int, daysAgo: Double, kiosk: Bool = false) -> AppState {
        var config = calibrated
        config.calibrationIntervalDays = 30
        config.kiosk.pin = "2468"
        var state = state(width, height, config: config, kiosk: kiosk)
        state.clockOrigin = calibrationNow
        let stamp = CalibrationStamp(id: 12, at: calibrationNow.addingTimeInterval(-daysAgo * 86400))
        state.apply(InputEvent(time: 0, .history(.calibrations(["Test panel": stamp]))))
        return state
    }

    static func calibrationCases(_ width: Int, _ height: Int) -> [ScreenCase] {
        var cases: [ScreenCase] = []
        func add(_ name: String, _ state: AppState) { cases.append(ScreenCase(name: name, state: state)) }
        var due = dueState(width, height, daysAgo: 27)
        place(five, on: &due)
        add("scale-calibration-due", due)
        var overdue = dueState(width, height, daysAgo: 32)
        place(five, on: &overdue)
        add("scale-calibration-overdue", overdue)
        var passerBy = dueState(width, height, daysAgo: 32, kiosk: true)
        place(five, on: &passerBy)
        add("kiosk-calibration-overdue", passerBy)
        var operatorMode = dueState(width, height, daysAgo: 32, kiosk: true)
        unlock(&operatorMode)
        place(five, on: &operatorMode, at: 4.2)
        add("kiosk-operator-calibration-overdue", operatorMode)
        var detail = history(width, height)
        key(.down, &detail, at: 2)
        key(.enter, &detail, at: 2.1)
        var weighing = weighing
        weighing.calibration = CalibrationStamp(id: 12, at: calibrationNow.addingTimeInterval(-27 * 86400))
        detail.apply(InputEvent(time: 2.2, .history(.weighing(weighing))))
        add("detail-calibrated", detail)
        // A check-weighing made with a product's limits: its name heads the mode's line.
        var checked = weighing
        checked.scaleMode = .check(low: 100, high: 160)
        checked.product = "Green plums"
        checked.objects = checked.objects.map { object in
            var object = object
            object.verdict = object.grams.map { $0 < 100 ? .under : $0 > 160 ? .over : .ok }
            return object
        }
        detail.apply(InputEvent(time: 2.3, .history(.weighing(checked))))
        add("detail-product", detail)
        return cases + eccentricityCases(width, height)
    }
}
