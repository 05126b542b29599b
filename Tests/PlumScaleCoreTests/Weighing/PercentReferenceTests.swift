import Foundation
import Testing

@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// Percent of a reference (issue 28): `r` makes the object on the scale,
/// the heaviest of several, the reference that reads 100%. TestPanel's
/// calibration: grams = 100 × force, d = 0.1 g.
@Suite struct PercentReferenceTests {
    let rules = PanelReplay()
    let percent = #""scaleMode":{"mode":"percent","referenceGrams":50}"#

    func key(_ t: Double, _ name: String) -> String { #"{"t":\#(t),"type":"key","key":"\#(name)"}"# }

    func percents(_ state: AppState) throws -> [Double?] {
        let contacts = try #require(try rules.document(state)["contacts"] as? [[String: Any]])
        return contacts.map { $0["percent"] as? Double }
    }

    /// 40 g and 20 g: `r` takes the heaviest (40 g) as the reference; it
    /// reads 100%, the other 50%; the notice says which was taken.
    @Test func theHeaviestBecomesTheReference() throws {
        let lines = [rules.down(0, 1, 0.3, 0.4), rules.down(0, 2, 0.7, 0.2), key(2, "r")]
        let state = try rules.state(lines, at: 2.5, config: TestPanel.config(percent))
        #expect(state.scaleMode == .percent(referenceGrams: 40))
        #expect(try percents(state) == [100, 50])
        #expect(state.visibleNotice?.text == "Reference: the heaviest, 40.0 g, reads 100%")
    }

    /// Nothing on the scale, or not in percent mode: `r` says what to do.
    @Test func nothingToTakeOrAnotherMode() throws {
        let empty = try rules.state([key(1, "r")], at: 1.5, config: TestPanel.config(percent))
        #expect(empty.scaleMode == .percent(referenceGrams: 50) && empty.visibleNotice?.text == "Place the reference object, then r.")
        let weighing = try rules.state([rules.down(0, 1, 0.5, 0.3), key(2, "r")], at: 2.5, config: TestPanel.config())
        #expect(weighing.scaleMode == .weigh)
        #expect(weighing.visibleNotice?.text == "A reference object: choose percent of a reference first (m).")
    }

    /// In a kiosk the reference is the operator's, as the mode is.
    @Test func aPasserByCannotChooseTheReference() {
        var state = KioskGateTests.passerBy()
        let before = state
        state.perform(.referenceTapped)
        #expect(state == before, "refused, nothing done")
    }
}
