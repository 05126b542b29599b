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

    @Test func theMetricsAreTheFontsOwn() {
        #expect(ScreenCases.metrics != .estimate, "the test font \(Paths.font) must be there")
    }
}
