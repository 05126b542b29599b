import Foundation
import Testing

@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// A preset tare (issue 28's PT): `p`, a mass typed, Enter. Every weighed
/// object reads net of it; the indicator says "NET" and "PT 5.0 g". A tare
/// weighed replaces it, 0 or `z` clears it. TestPanel's calibration:
/// grams = 100 × force, d = 0.1 g.
@Suite struct PresetTareTests {
    let rules = PanelReplay()

    func key(_ t: Double, _ name: String) -> String { #"{"t":\#(t),"type":"key","key":"\#(name)"}"# }

    func typed(_ text: String, from t: Double) -> [String] {
        text.enumerated().map { key(t + Double($0.offset) * 0.01, String($0.element)) }
    }

    func indicator(_ state: AppState) throws -> [String: Any] {
        try #require(try rules.document(state)["indicator"] as? [String: Any])
    }

    func grams(_ state: AppState) throws -> [Double?] {
        let contacts = try #require(try rules.document(state)["contacts"] as? [[String: Any]])
        return contacts.map { $0["grams"] as? Double }
    }

    @Test func theEntryTakesOneDecimalPointAndNoLeadingZero() {
        var entry = NumberEntry(decimals: true, maxLength: 7)
        for action: NumberEntry.Action in [.digitTyped(0), .digitTyped(1), .digitTyped(2), .pointTyped, .pointTyped, .digitTyped(5)] {
            _ = entry.reduce(action)
        }
        #expect(entry.typed == "12.5")
        #expect(entry.reduce(.enterPressed) == .confirmed(12.5))
        var point = NumberEntry(decimals: true, maxLength: 7)
        _ = point.reduce(.pointTyped)
        #expect(point.typed == "0.")
        #expect(NumberEntry.action(for: .character(",")) == .pointTyped)
    }

    /// 25 g and 40 g with a PT of 5 g read 20 g and 35 g, both NET; the
    /// gross is still what is on the glass (the zero mark is off).
    @Test func everyObjectReadsNetOfThePresetTare() throws {
        let lines =
            [rules.down(0, 1, 0.3, 0.25), rules.down(0, 2, 0.7, 0.40), key(1.5, "p")] + typed("5", from: 1.6) + [key(1.7, "return")]
        let state = try rules.state(lines, at: 3, config: TestPanel.config())
        #expect(state.scale.presetTare == 5)
        #expect(try grams(state) == [20, 35])
        let indicator = try indicator(state)
        #expect(indicator["net"] as? Bool == true && indicator["preset_tare"] as? Double == 5 && indicator["tare"] as? Double == 10)
        let texts = state.scene().texts(state.metrics).map(\.text)
        #expect(texts.contains("NET") && texts.contains("PT 5.0 g"), "\(texts)")
    }

    /// While typing, the footer asks for the mass; Esc cancels (the program
    /// runs on); a weighed tare replaces the PT; 0 clears it.
    @Test func escapeTareAndZero() throws {
        let config = try TestPanel.config()
        let typing = try rules.state([rules.down(0, 1, 0.5, 0.25), key(1, "p"), key(1.1, "7")], at: 1.2, config: config)
        #expect(typing.functions.presetTareEntry?.typed == "7")
        #expect(typing.scene().texts(typing.metrics).contains { $0.text.hasPrefix("Preset tare: type it in g (7_)") })
        let cancelled = try rules.state(
            [rules.down(0, 1, 0.5, 0.25), key(1, "p"), key(1.1, "7"), key(1.2, "escape")], at: 1.3, config: config)
        #expect(cancelled.running && cancelled.functions.presetTareEntry == nil && cancelled.scale.presetTare == nil)
        let base = [rules.down(0, 1, 0.5, 0.25), key(1, "p"), key(1.1, "7"), key(1.2, "return")]
        let tared = try rules.state(base + [key(2, "t")], at: 2.5, config: config)
        let taredGrams = try grams(tared)
        #expect(tared.scale.presetTare == nil && taredGrams == [0])
        let cleared = try rules.state(base + [key(2, "p"), key(2.1, "0"), key(2.2, "return")], at: 2.5, config: config)
        let clearedGrams = try grams(cleared)
        #expect(cleared.scale.presetTare == nil && clearedGrams == [25])
        #expect(cleared.visibleNotice?.text == "Preset tare cleared")
    }

    /// In ounces the mass is typed in ounces; without grams `p` says why.
    @Test func typedInTheShownUnitsAndOnlyWithGrams() throws {
        let lines = [
            rules.down(0, 1, 0.5, 0.25), key(1, "u"), key(1.1, "p"), key(1.2, "0"), key(1.3, "."), key(1.4, "1"), key(1.5, "return"),
        ]
        let ounces = try rules.state(lines, at: 2, config: TestPanel.config())
        // 0.1 oz is 2.83 g: to d (0.1 g), 2.8 g.
        #expect(abs((ounces.scale.presetTare ?? 0) - 2.8) < 1e-9)
        let uncalibrated = try rules.state([key(1, "p")], at: 1.5)
        #expect(uncalibrated.functions.presetTareEntry == nil)
        #expect(uncalibrated.visibleNotice?.text == "A preset tare is a mass: calibrate the scale first (k).")
    }
}
