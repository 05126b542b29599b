import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleGallery

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
    }

    /// The legend is one line at every size (issue 23 item 13: at 640x360 it
    /// wrapped, and its second line's plate stood over the circles), never
    /// under 12 px.
    @Test(arguments: ScreenCases.sizes.map { "\($0.0)x\($0.1)" })
    func theLegendIsOneLine(size: String) {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        for screen in ScreenCases.cases(parts[0], parts[1]) {
            let legend = screen.state.buttonPanel.legend
            #expect(legend.count <= 1, "\(screen.name) at \(size): the legend is \(legend.map(\.text))")
            #expect(legend.allSatisfy { $0.size >= 12 }, "\(screen.name) at \(size): the legend at \(legend.map(\.size)) px")
        }
    }

    @Test func theMetricsAreTheFontsOwn() {
        #expect(ScreenCases.metrics != .estimate, "the test font \(Paths.font) must be there")
    }
}
