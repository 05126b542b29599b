import Foundation
import Testing

@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// Issue 28's modes: check-weighing's verdicts, counting, percent of a
/// reference, the `m` key, and `scaleMode` in the config. The calibration
/// is TestPanel's: grams = 100 × force, d = 0.1 g.
@Suite struct ScaleModeTests {
    let rules = PanelReplay()
    static let grams = WeightFormat(unit: .g, stepGrams: 0.1)

    func config(_ mode: String) throws -> Config { try TestPanel.config(#""scaleMode":"# + mode) }

    func contacts(_ state: AppState) throws -> [[String: Any]] {
        try #require(try rules.document(state)["contacts"] as? [[String: Any]])
    }

    func texts(_ state: AppState) -> [String] { state.scene().texts(state.metrics).map(\.text) }

    // MARK: the pure rules

    /// Judged on the number shown: 9.94 g shows 9.9 g (under), 9.96 g shows 10.0 g.
    @Test(arguments: [(9.94, Verdict.under), (9.96, .ok), (15, .ok), (20.04, .ok), (20.06, .over)])
    func theVerdictIsOfTheShownNumber(grams: Double, verdict: Verdict) {
        #expect(Verdict.of(grams: grams, low: 10, high: 20, format: Self.grams) == verdict)
    }

    @Test func countingRoundsToWholePieces() {
        #expect(ModeReading(.count(pieceGrams: 2.5), grams: 26.2, format: Self.grams).pieces == 10)
        #expect(ModeReading(.count(pieceGrams: 2.5), grams: 26.2, format: Self.grams).text == "10 pcs")
        #expect(ModeReading(.count(pieceGrams: 2.5), grams: 3.1, format: Self.grams).text == "1 pc")
        #expect(ModeReading(.count(pieceGrams: 1e-300), grams: 1e300, format: Self.grams).pieces == nil)
        #expect(ScaleFunctions.pieceText(0.5, unit: .g) == "0.5 g" && ScaleFunctions.pieceText(2.5, unit: .g) == "2.5 g")
        #expect(ScaleFunctions.pieceText(120, unit: .g) == "120 g")
    }

    @Test func percentOfTheReference() {
        let reading = ModeReading(.percent(referenceGrams: 50), grams: 25, format: Self.grams)
        #expect(reading.percent == 50 && reading.text == "50.0% of ref" && reading.verdict == nil)
    }

    /// `m` cycles the configured modes in the file's order, then weighing.
    @Test func theKeyCyclesTheConfiguredModes() {
        let check = ScaleMode.check(low: 1, high: 2)
        let count = ScaleMode.count(pieceGrams: 1)
        #expect(check.next(in: [check]) == .weigh && ScaleMode.weigh.next(in: [check]) == check)
        #expect(count.next(in: [count, .weigh, check]) == .weigh && check.next(in: [count, .weigh, check]) == count)
    }

    // MARK: on the scale

    /// 5 g, 15 g and 25 g against 10...20 g: UNDER, OK, OVER in words and
    /// colour (the rings differ), and the total (45 g) is OVER too.
    @Test func checkWeighingJudgesEachObjectAndTheTotal() throws {
        let lines = [rules.down(0, 1, 0.2, 0.05), rules.down(0, 2, 0.5, 0.15), rules.down(0, 3, 0.8, 0.25)]
        let s = try rules.state(lines, at: 2, config: config(#"{"mode":"check","low":10,"high":20}"#))
        #expect(try rules.document(s)["scale_mode"] as? String == "check")
        #expect(try contacts(s).map { $0["verdict"] as? String } == ["under", "ok", "over"])
        let shown = texts(s)
        for word in ["UNDER", "OK", "OVER", "Check 10.0 g to 20.0 g · total OVER"] { #expect(shown.contains(word), "\(word) in \(shown)") }
        let rings = s.scene().shapes.compactMap { shape -> Color? in
            if case .ring(_, let radius, _, let color) = shape, radius > 100 { return color }
            return nil
        }
        #expect(rings == [Verdict.under.color, Verdict.ok.color, Verdict.over.color])
        // m: plain weighing, no verdicts.
        let weighing = try rules.state(lines + [rules.key(2, "m")], at: 2.5, config: config(#"{"mode":"check","low":10,"high":20}"#))
        #expect(try rules.document(weighing)["scale_mode"] as? String == "weigh")
        #expect(try contacts(weighing).allSatisfy { $0["verdict"] is NSNull })
        #expect(!texts(weighing).contains("OVER"))
    }

    /// 26.2 g of 2.5 g pieces: 10 pieces; a piece below d is warned of.
    @Test func countingShowsPieces() throws {
        let s = try rules.state([rules.down(0, 1, 0.5, 0.262)], at: 2, config: config(#"{"mode":"count","pieceGrams":2.5}"#))
        #expect(try contacts(s).first?["pieces"] as? Int == 10)
        #expect(texts(s).contains("10 pcs") && texts(s).contains("Counting · 1 piece 2.5 g · total 10 pcs"))
        let fine = try rules.state([rules.down(0, 1, 0.5, 0.262)], at: 2, config: config(#"{"mode":"count","pieceGrams":0.05}"#))
        #expect(texts(fine).contains { $0.contains("below d") }, "\(texts(fine))")
    }

    @Test func percentShowsTheShareOfTheReference() throws {
        let s = try rules.state([rules.down(0, 1, 0.5, 0.2)], at: 2, config: config(#"{"mode":"percent","referenceGrams":40}"#))
        #expect(try contacts(s).first?["percent"] as? Double == 50)
        #expect(texts(s).contains("50.0% of ref"))
    }

    /// Without grams a mode has nothing to judge, and says why.
    @Test func aModeWithoutGramsSaysSo() throws {
        let modes = try Config.parse(#"{"scaleMode":{"mode":"check","low":1,"high":2}}"#)
        let s = try rules.state([rules.down(0, 1, 0.5, 0.2)], at: 2, config: modes)
        #expect(try contacts(s).first?["verdict"] is NSNull)
        #expect(texts(s).contains { $0.contains("needs grams") })
    }

    /// Recorded while check-weighing, a weighing keeps the mode and each verdict.
    @Test func aRecordKeepsTheModeAndVerdicts() throws {
        let mode = #"{"mode":"check","low":10,"high":20}"#
        var s = try rules.state([rules.down(0, 1, 0.3, 0.05), rules.down(0, 2, 0.7, 0.15)], at: 2, config: config(mode))
        let update = s.apply(InputEvent(time: 2.5, .keyDown(.space, modifiers: [])))
        guard case .save(_, _, let objects, _, _, let scaleMode, _)? = update.first else {
            Issue.record("nothing saved: \(update)")
            return
        }
        #expect(scaleMode == .check(low: 10, high: 20))
        #expect(objects.map(\.verdict) == [.under, .ok])
    }

    /// In a kiosk the mode is the operator's: a passer-by's `m` does nothing.
    @Test func aPasserByCannotChangeTheMode() throws {
        var state = AppState(
            screen: Size(1280, 720), source: .replay(ReplayDevice(name: "test panel", mode: .force)),
            config: try config(#"{"mode":"check","low":10,"high":20}"#), kiosk: true)
        state.apply(InputEvent(time: 1, .keyDown(.character("m"), modifiers: [])))
        #expect(state.scaleMode == .check(low: 10, high: 20))
        #expect(!state.scaleButtons.contains { $0.action == .modeTapped })
    }

    /// The operator, once the PIN is in, has the Mode button and `m`.
    @Test func theOperatorChangesTheMode() throws {
        var config = try config(#"{"mode":"check","low":10,"high":20}"#)
        config.kiosk.pin = "2468"
        var state = AppState(
            screen: Size(1280, 720), source: .replay(ReplayDevice(name: "test panel", mode: .force)), config: config, kiosk: true)
        // The admin corner held, then the PIN.
        state.apply(InputEvent(time: 0, .touchDown(TouchSample(id: 9, x: 0.002, y: 0.004, pressure: 0.3))))
        var t = 0.0
        while t < 3.5 {
            t += 0.1
            state.apply(InputEvent(time: t, .tick))
        }
        state.apply(InputEvent(time: 3.5, .touchUp(id: 9)))
        for (i, digit) in "2468".enumerated() {
            state.apply(InputEvent(time: 3.6 + Double(i) / 10, .keyDown(.character(digit), modifiers: [])))
        }
        state.apply(InputEvent(time: 4.1, .keyDown(.enter, modifiers: [])))
        try #require(state.kiosk?.role == .operator)
        #expect(state.scaleButtons.contains { $0.action == .modeTapped })
        state.apply(InputEvent(time: 4.2, .keyDown(.character("m"), modifiers: [])))
        #expect(state.scaleMode == .weigh)
    }

    // MARK: the config

    @Test func theConfigTakesOneModeOrSeveral() throws {
        #expect(try config(#"{"mode":"count","pieceGrams":2.5}"#).scaleModes == [.count(pieceGrams: 2.5)])
        let several = try config(#"[{"mode":"check","low":1,"high":2},{"mode":"percent","referenceGrams":5}]"#)
        #expect(several.scaleModes == [.check(low: 1, high: 2), .percent(referenceGrams: 5)])
        // `config check` writes it back, and it parses to the same.
        #expect(try Config.parse(several.describe()) == several)
        #expect(Config.defaults.json["scaleMode"] == nil)
    }

    @Test(arguments: [
        (#"{"mode":"check","low":20,"high":10}"#, "line 2: scaleMode.high: must be at least low (20), got 10"),
        (#"{"mode":"check","low":1}"#, "scaleMode.high: missing: the upper limit in grams"),
        (#"{"mode":"count","pieceGrams":0}"#, "scaleMode.pieceGrams: must be greater than 0, got 0"),
        (#"{"mode":"count","pieceGrams":1,"low":2}"#, "scaleMode.low: not a key of mode \"count\" (it takes pieceGrams)"),
        (#"{"mode":"weigh!"}"#, "scaleMode.mode: expected one of: weigh, check, count, percent; got \"weigh!\""),
        (#"[{"mode":"weigh"},{"mode":"weigh"}]"#, "scaleMode[1].mode: repeats the mode \"weigh\" of [0]"),
        (#"7"#, "scaleMode: expected an object such as"),
    ])
    func badModesAreNamedWithTheirLine(mode: String, expected: String) {
        let text = "{\n\"scaleMode\": " + mode + "\n}"
        #expect {
            try Config.parse(text, file: "config.json")
        } throws: { error in
            let said = "\(error)"
            return said.contains("config.json") && said.contains(expected) && said.contains("line 2")
        }
    }
}
