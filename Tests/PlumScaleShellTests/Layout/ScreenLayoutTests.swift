import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleGallery
@testable import PlumScaleTestSupport

/// Every screen, in every state, at every size of the grid: nothing off
/// screen, no control over another, no text cut or over another text or a
/// control (LayoutCheck). A failure names the case, the size and the problem.
@Suite struct ScreenLayoutTests {
    @Test(arguments: ScreenCases.sizes.map { "\($0.0)x\($0.1)" })
    func everyScreenHoldsTheLayoutPromises(size: String) {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        for screen in ScreenCases.cases(parts[0], parts[1]) {
            let problems = LayoutCheck.problems(in: screen.state.scene(), metrics: ScreenCases.metrics)
            let report = "\(screen.name) at \(size):\n  " + problems.joined(separator: "\n  ")
            #expect(problems.isEmpty, Comment(rawValue: report))
        }
    }

    /// Every text of every screen at 4.5:1 or more against what it lies on.
    @Test(arguments: ScreenCases.sizes.map { "\($0.0)x\($0.1)" })
    func everyTextIsReadable(size: String) {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        for screen in ScreenCases.cases(parts[0], parts[1]) {
            let problems = Contrast.problems(in: screen.state.scene(), metrics: ScreenCases.metrics)
            #expect(problems.isEmpty, Comment(rawValue: "\(screen.name) at \(size):\n  " + problems.joined(separator: "\n  ")))
        }
    }

    /// Both delete confirmations say what they ask, whole, at every size:
    /// two buttons alone do not say that the weighing is gone for good.
    @Test(arguments: ScreenCases.sizes.map { "\($0.0)x\($0.1)" })
    func eachDeleteConfirmationAsksItsQuestion(size: String) {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        for screen in ScreenCases.cases(parts[0], parts[1]) where screen.name.hasSuffix("-confirm") {
            let text = screen.state.scene().texts(ScreenCases.metrics).map(\.text).joined(separator: " ")
            #expect(text.contains("for good?") && text.contains("undone."), "\(screen.name) at \(size): \(text)")
        }
    }

    /// The cases reach the states they are named after (else the layout
    /// test would hold some other screen to the promises).
    @Test(arguments: ScreenCases.sizes.map { "\($0.0)x\($0.1)" })
    func theCasesAreInTheStatesTheyName(size: String) {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        let cases = Dictionary(ScreenCases.cases(parts[0], parts[1]).map { ($0.name, $0.state) }) { a, _ in a }
        #expect(cases["history-actions"]?.screen.browser?.peek.phase == .actions, "at \(size)")
        #expect(cases["history-confirm"]?.screen.browser?.peek.phase == .confirmDelete, "at \(size)")
        #expect(cases["detail-confirm"]?.screen.detail?.confirmingDelete == true, "at \(size)")
        #expect(cases["detail"]?.screen.detail?.confirmingDelete == false, "at \(size)")
        #expect(cases["kiosk-pin"]?.kiosk?.pinPad != nil, "at \(size)")
        #expect(cases["scale-five-shares"]?.scaleTotal.contactsAsShares == true, "at \(size)")
        #expect(cases["scale-carrier"]?.carrier?.step == .placeObject, "at \(size)")
        #expect(cases["kiosk-operator"]?.kiosk?.role == .operator, "at \(size)")
        #expect(cases["kiosk-operator"]?.showsOperatorBar == true, "at \(size)")
        #expect(cases["scale-grams-tared"]?.currentIndicator?.net == true, "at \(size)")
        #expect(cases["scale-grams-below-min"]?.contactViews.first?.belowMin == true, "at \(size)")
        #expect(cases["scale-check-five"]?.contactViews.map(\.verdict) == [.ok, .ok, .over, .under, .over], "at \(size)")
        #expect(cases["scale-count-five"]?.contactViews.compactMap(\.pieces).count == 5, "at \(size)")
        #expect(cases["scale-percent-five"]?.contactViews.first?.percent == 100, "at \(size)")
        #expect(cases["kiosk-calibration-overdue"]?.kiosk?.role == .passerBy, "at \(size)")
        #expect(cases["kiosk-operator-calibration-overdue"]?.kiosk?.role == .operator, "at \(size)")
        #expect(cases["detail-calibrated"]?.screen.detail?.weighing?.calibration?.id == 12, "at \(size)")
        #expect(cases["scale-preset-tare-typed"]?.numberPadEntry?.typed == "12.5", "at \(size)")
        #expect(cases["scale-count-sample-typed"]?.numberPadEntry?.typed == "10", "at \(size)")
        #expect(cases["calibrate-calibrated"]?.screen.wizard?.offersEccentricity == true, "at \(size)")
        #expect(cases["eccentricity-centre"]?.screen.eccentricity?.place == .centre, "at \(size)")
        #expect(cases["eccentricity-top-right"]?.screen.eccentricity?.place == .topRight, "at \(size)")
        #expect(cases["eccentricity-top-right-placed"]?.scale.board.contacts.count == 1, "at \(size)")
        #expect(cases["eccentricity-result"]?.screen.eccentricity?.offersSave == true, "at \(size)")
        #expect(cases["scale-corrected"]?.contactViews.allSatisfy { $0.eccentricityGain != nil } == true, "at \(size)")
        #expect(cases["scale-corrected"]?.currentIndicator?.corrected == true, "at \(size)")
        #expect(cases["scale-corrected"]?.indicatorDocument["corrected"] == .bool(true), "at \(size)")
        #expect(cases["scale-empty"]?.indicatorDocument["corrected"] == .null, "at \(size)")
        #expect(cases["scale-check-product"]?.product == "Plums", "at \(size)")
        #expect(cases["scale-check-product"]?.contactViews.map(\.verdict) == [.ok, .under, .ok, .under, .over], "at \(size)")
        #expect(cases["scale-check-product-name"]?.functions.productEntry?.typed == "green plums", "at \(size)")
        #expect(cases["scale-grams-five"]?.currentIndicator?.corrected == false, "at \(size)")
    }

    /// The calibration's due line and the detail's calibration are drawn,
    /// whole and clear of the rest (the promises above), at every size (issue 28).
    @Test(arguments: ScreenCases.sizes.map { "\($0.0)x\($0.1)" })
    func theCalibrationsDueLineIsDrawn(size: String) {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        let expected = [
            "scale-calibration-due": "Calibration due in 3 days", "scale-calibration-overdue": "Calibration overdue since 2026-11-30",
            "kiosk-calibration-overdue": CalibrationDue.passerByOverdue,
            "kiosk-operator-calibration-overdue": "Calibration overdue since 2026-11-30",
            "detail-calibrated": "Calibrated 2026-11-05 (log #12)",
            "detail-product": "Green plums · Check 100.0 g to 160.0 g",
        ]
        let cases = ScreenCases.cases(parts[0], parts[1]).filter { expected[$0.name] != nil }
        #expect(cases.count == expected.count)
        for screen in cases {
            // Wrapped on a narrow screen: its words, in order, over its lines.
            let texts = screen.state.scene().texts(ScreenCases.metrics).map(\.text).joined(separator: " ")
            let line = expected[screen.name] ?? ""
            #expect(texts.contains(line), "\(screen.name) at \(size): \(line) in \(texts)")
        }
    }

    /// In grams mode the indicator's marks are drawn, whole and clear of
    /// the rest (the promises above), at every size (issue 28).
    @Test(arguments: ScreenCases.sizes.map { "\($0.0)x\($0.1)" })
    func theIndicatorsMarksAreDrawn(size: String) {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        let named = { (name: String) in name.hasPrefix("scale-grams") || name.hasSuffix("-five") || name == "scale-corrected" }
        for screen in ScreenCases.cases(parts[0], parts[1]) where named(screen.name) {
            guard screen.state.currentIndicator != nil else { continue }
            let texts = screen.state.scene().texts(ScreenCases.metrics).map(\.text)
            var marks = ["Max 980 g", "Min 20 g", "d = 1 g", "not legal for trade"]
            let net = ["scale-grams-tared", "scale-grams-preset-tare"].contains(screen.name)
            marks.append(net ? "NET" : "GROSS")
            if screen.name == "scale-grams-preset-tare" { marks.append("PT 13 g") }
            if screen.name == "scale-grams-preset-typed" {
                #expect(texts.contains { $0.hasPrefix("Preset tare: type it in g (12.5_)") }, "\(screen.name) at \(size): \(texts)")
            }
            if screen.name == "scale-grams-empty" { marks += ["→0←", "STABLE"] }
            if screen.name == "scale-grams-below-min" { marks.append("below Min") }
            if screen.name == "scale-check-five" { marks += ["UNDER", "OK", "OVER"] }
            // The correction's mark on the row only while it is in use (each label says it too).
            let corrected = screen.name == "scale-corrected"
            if corrected { marks.append(Indicator.correctedMark) }
            if !corrected { #expect(!texts.contains(Indicator.correctedMark), "\(screen.name) at \(size): \(texts)") }
            for mark in marks { #expect(texts.contains(mark), "\(screen.name) at \(size): \(mark) in \(texts)") }
        }
    }

    /// The legend is one line at every size (issue 23 item 13: at 640x360 it
    /// wrapped, and its second line's plate stood over the circles), never
    /// under 12 px.
    @Test(arguments: ScreenCases.sizes.map { "\($0.0)x\($0.1)" })
    func theLegendIsOneLine(size: String) {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        for screen in ScreenCases.cases(parts[0], parts[1]) {
            let legend = screen.state.scaleScreen.buttonPanel.legend
            #expect(legend.count <= 1, "\(screen.name) at \(size): the legend is \(legend.map(\.text))")
            #expect(legend.allSatisfy { $0.size >= 12 }, "\(screen.name) at \(size): the legend at \(legend.map(\.size)) px")
        }
    }

    /// The legend says what the numbers on screen are: percentages of the
    /// force without grams, masses in the units shown with them, and what
    /// the mode adds (issue 28: it said "% of the panel's full-scale force"
    /// while the circles read grams).
    @Test func theLegendSaysWhatTheNumbersAre() {
        let legends = Dictionary(
            ScreenCases.cases(1280, 720).map { ($0.name, $0.state.scaleScreen.buttonPanel.legend.map(\.text).joined()) }
        ) { a, _ in
            a
        }
        let expected = [
            "scale-five-edges": "Force mode · % of the panel's full-scale force",
            "scale-grams-five": "Grams · mass in g, % of full-scale force",
            "scale-check-five": "Check-weighing · mass in g, UNDER / OK / OVER", "scale-count-five": "Counting · mass in g and in pieces",
            "scale-percent-five": "Percent · mass in g and in % of the reference",
        ]
        for (name, start) in expected {
            #expect(legends[name]?.hasPrefix(start) == true, "\(name): \(legends[name] ?? "no such case")")
        }
        var ounces = ScreenCases.cases(1280, 720).first { $0.name == "scale-grams-five" }?.state
        ounces?.apply(InputEvent(time: 9, .keyDown(.character("u"), modifiers: [])))
        #expect(ounces?.scaleScreen.buttonPanel.legend.first?.text.hasPrefix("Grams · mass in oz") == true)
    }

    @Test func theMetricsAreTheFontsOwn() {
        #expect(ScreenCases.metrics != .estimate, "the test font \(Paths.font) must be there")
    }
}
