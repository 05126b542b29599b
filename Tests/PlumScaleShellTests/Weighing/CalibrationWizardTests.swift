import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// The wizard with fingers only, saved to the config, used on the next run.
@Suite(.serialized) struct CalibrationWizardTests {
    static let header = #"{"plumscale-replay":1,"device":{"name":"wizard panel","pressure":true}}"#

    /// A tap on a wizard control, as a touch: its centre, down then up.
    func tap(_ name: String, at t: Double, wizard: CalibrationWizard, id: Int) -> [String] {
        let layout = CalibrationLayout(
            wizard: wizard, size: Size(1280, 720), metrics: .estimate, title: "Calibrate wizard panel", progress: nil)
        let rect = layout.controls.first { $0.name == name }!.rect
        let (x, y) = (rect.center.x / 1280, rect.center.y / 720)
        return [
            #"{"t":\#(t),"type":"down","id":\#(id),"x":\#(x),"y":\#(y),"pressure":0.2}"#,
            #"{"t":\#(t + 0.05),"type":"up","id":\#(id)}"#,
        ]
    }

    @Test func twoReferencesMakeAFitThatTheNextRunUses() throws {
        var w = CalibrationWizard(mode: .force)
        var lines = [Self.header, #"{"t":0.5,"type":"key","key":"k"}"#]
        lines += tap("zero", at: 1, wizard: w, id: 90)
        w.step = .place
        // Reference 1: 5 g typed on the keypad, true force 0.20, steady.
        lines.append(#"{"t":1.5,"type":"down","id":1,"x":0.3,"y":0.5,"pressure":0.20}"#)
        lines += tap("key-5", at: 1.6, wizard: w, id: 91)
        lines += tap("capture", at: 1.7, wizard: w, id: 96)
        w.step = .captured
        w.points = [CalibrationPoint(force: 0.2, grams: 5)]
        lines.append(#"{"t":3.5,"type":"up","id":1}"#)
        lines += tap("another", at: 3.6, wizard: w, id: 92)
        w.step = .place
        // Reference 2: a 2 € coin (8.50 g), true force 0.34.
        lines.append(#"{"t":4,"type":"down","id":2,"x":0.3,"y":0.5,"pressure":0.34}"#)
        lines += tap("preset-1", at: 4.1, wizard: w, id: 93)
        lines += tap("capture", at: 4.2, wizard: w, id: 97)
        w.step = .captured
        w.points.append(CalibrationPoint(force: 0.34, grams: 8.5))
        lines.append(#"{"t":6,"type":"up","id":2}"#)
        lines += tap("finish", at: 6.2, wizard: w, id: 94)
        w.step = .review
        lines += tap("save", at: 6.5, wizard: w, id: 95)

        let replay = try JSONLinesReplay.parse(lines.joined(separator: "\n"), file: "wizard")
        let history = try HistoryService(temporary: ())
        let dir = Paths.temporaryDirectory()
        history.configPath = dir.appendingPathComponent("config.json").path
        let midway = RenderCommand.replayState(replay, at: 3, size: PixelSize(1280, 720), history: history)
        #expect(midway.screen.name == "calibrate")
        #expect(midway.screen.wizard?.points == [CalibrationWizard.zeroPoint, CalibrationPoint(force: 0.2, grams: 5)])

        let done = RenderCommand.replayState(
            replay, at: 7, size: PixelSize(1280, 720), history: try HistoryService(temporary: ()).with(config: history.configPath!))
        #expect(done.screen == .scale)
        #expect(done.notice?.text == "Calibration saved for wizard panel")

        // The next run reads the config: zero, 0.20 -> 5 g, 0.34 -> 8.5 g (a
        // line of 25 g per unit of force through zero), so 0.27 weighs 6.75 g;
        // the residuals are 0, so d is 0.1 point of force, 0.025 g, rounded up to 0.05 g.
        let config = try ConfigFile.load(explicitPath: history.configPath).config
        let next = try JSONLinesReplay.parse(
            [Self.header, #"{"t":0,"type":"down","id":1,"x":0.5,"y":0.5,"pressure":0.27}"#].joined(separator: "\n"), file: "next")
        let view = RenderCommand.replayState(next, at: 1, size: PixelSize(1280, 720), config: config).contactViews[0]
        #expect(abs(view.grams! - 6.75) < 1e-9)
        #expect(view.label == "6.75 g")
        #expect(config.calibrations["wizard panel"]?.first == CalibrationWizard.zeroPoint, "the zero is saved as a point")
    }

    @Test func areaDevicesAreRefused() {
        let wizard = CalibrationWizard(mode: .area)
        #expect(wizard.step == .refused)
        #expect(wizard.message.contains("grams are refused"))
    }
}

extension HistoryService {
    func with(config path: String) -> HistoryService {
        configPath = path
        return self
    }
}

/// The mass is taken when confirmed, never at the first digit typed; a
/// perfectly still reference is captured once confirmed.
@Suite struct WizardCaptureTests {
    static let panel = InputSource(kind: "replay", deviceName: "wizard panel", mode: .force)

    func zeroed() -> AppState {
        var state = AppState(screen: Size(1280, 720), source: Self.panel)
        state.apply(InputEvent(time: 0, .keyDown(.character("k"), modifiers: [])))
        state.perform(.zeroTapped)
        return state
    }

    /// Ticks as the shell gives them: only when the core asks for one.
    func runUntilIdle(_ state: inout AppState, until end: Double) {
        var wakes = 0
        while let wake = state.nextWake, wake <= end, wakes < 10_000 {
            state.apply(InputEvent(time: wake, .tick))
            wakes += 1
        }
    }

    @Test func typing210OnAStableReferenceCapturesOnlyOnEnter() {
        var state = zeroed()
        state.apply(InputEvent(time: 1, .touchDown(TouchSample(id: 1, x: 0.3, y: 0.5, pressure: 0.42))))
        runUntilIdle(&state, until: 3)
        #expect(state.reference?.stable == true)
        for (i, digit) in ["2", "1", "0"].enumerated() {
            state.apply(InputEvent(time: 3 + Double(i) * 0.3, .keyDown(.character(Character(digit)), modifiers: [])))
            runUntilIdle(&state, until: 3.2 + Double(i) * 0.3)
        }
        #expect(state.screen.wizard?.points == [CalibrationWizard.zeroPoint], "nothing captured while typing")
        #expect(state.screen.wizard?.massText == "210")
        state.apply(InputEvent(time: 4, .keyDown(.enter, modifiers: [])))
        #expect(state.screen.wizard?.points.last == CalibrationPoint(force: 0.42, grams: 210))
        #expect(state.screen.wizard?.step == .captured)
    }

    @Test func aStillReferenceConfirmedBeforeItIsStableIsCapturedWhenItIs() {
        var state = zeroed()
        // The mass typed first, then the reference placed, then Capture at once.
        state.apply(InputEvent(time: 1, .keyDown(.character("5"), modifiers: [])))
        state.apply(InputEvent(time: 2, .touchDown(TouchSample(id: 1, x: 0.3, y: 0.5, pressure: 0.2))))
        state.perform(.captureTapped)
        #expect(state.screen.wizard?.captureRequested == true)
        #expect(state.nextWake != nil, "a still reference still gets the ticks that find it stable")
        runUntilIdle(&state, until: 5)
        #expect(state.screen.wizard?.points.last == CalibrationPoint(force: 0.2, grams: 5))
        #expect(state.stateDocument()["wizard"]?["step"] == .string("captured"))
    }

    @Test func captureWithoutAMassOrAReferenceSaysWhatIsMissing() {
        var state = zeroed()
        state.perform(.captureTapped)
        #expect(state.screen.wizard?.message.hasPrefix("Enter the reference's mass") == true)
        state.apply(InputEvent(time: 1, .keyDown(.character("5"), modifiers: [])))
        state.perform(.captureTapped)
        #expect(state.screen.wizard?.message.hasPrefix("Place the") == true)
        #expect(state.stateDocument()["wizard"]?["typed"] == .string("5"))
        #expect(AppState(screen: Size(1280, 720), source: Self.panel).stateDocument()["wizard"] == .null)
    }
}

/// A pad that weighs in grams by itself: the wizard checks its figure with
/// each reference, and a saved fit then wins over it (issue 26).
@Suite struct WizardChecksDeviceGramsTests {
    @Test func eachReferenceSaysHowFarTheDevicesFigureIs() throws {
        // 0...2000 units at 4 units per gram: 0...500 g, d = one unit, 0.25 g... or 0.1 point (0.5 g).
        let grams = try #require(DeviceGrams(minimum: 0, maximum: 2000, resolution: 4))
        let pad = InputSource(kind: "replay", deviceName: "pressure pad", mode: .force, deviceGrams: grams)
        var state = AppState(screen: Size(1280, 720), source: pad)
        state.apply(InputEvent(time: 0, .keyDown(.character("k"), modifiers: [])))
        #expect(state.screen.wizard?.message.hasPrefix("This device weighs in grams itself") == true)
        state.perform(.zeroTapped)
        // A 210 g reference that the pad reads at 0.4202 of its range: 210.1 g.
        state.apply(InputEvent(time: 1, .touchDown(TouchSample(id: 1, x: 0.3, y: 0.5, pressure: 0.4202))))
        for digit in ["2", "1", "0"] { state.apply(InputEvent(time: 1.1, .keyDown(.character(Character(digit)), modifiers: []))) }
        state.apply(InputEvent(time: 1.2, .keyDown(.enter, modifiers: [])))
        var t = 1.2
        while let wake = state.nextWake, wake < 4 {
            t = wake
            state.apply(InputEvent(time: t, .tick))
        }
        let check = try #require(state.screen.wizard?.deviceCheck)
        #expect(abs(check.deviceGrams - 210.1) < 1e-9 && check.withinStep, "\(check)")
        #expect(state.screen.wizard?.message.hasPrefix("The device reads 210.1 g (+0.1 g, within d 0.5 g).") == true)
        #expect(state.stateDocument()["wizard"]?["device_check"]?["within_step"] == .bool(true))
    }
}
