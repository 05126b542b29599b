import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// The kiosk through replays: passers-by cannot leave, the operator can;
/// attract mode (auto-record: KioskAutoRecordTests).
@Suite struct KioskTests {
    static let header = #"{"plumscale-replay":1,"device":{"name":"kiosk panel","pressure":true}}"#
    /// The defaults with the PIN 2468 (as `{"kiosk":{"pin":"2468"}}` gives).
    static let withPIN: Config = {
        var config = Config.defaults
        config.kiosk.pin = "2468"
        return config
    }()

    func state(
        _ lines: [String], at: Double, kiosk: Bool = true, config: Config = .defaults,
        history: HistoryService? = nil
    ) throws -> AppState {
        let replay = try JSONLinesReplay.parse(([Self.header] + lines).joined(separator: "\n"), file: "kiosk")
        return RenderCommand.replayState(replay, at: at, size: PixelSize(1280, 720), config: config, history: history, kiosk: kiosk)
    }

    @Test(arguments: [
        #"{"t":1,"type":"key","key":"escape"}"#,
        #"{"t":1,"type":"quit"}"#,
        #"{"t":1,"type":"key","key":"F4","modifiers":["alt"]}"#,
    ])
    func passersByCannotLeave(line: String) throws {
        #expect(try state([line], at: 2).running)
        #expect(try state([line], at: 2, config: Self.withPIN).running)
        #expect(try state([line], at: 2, kiosk: false).running == false || line.contains("F4"))
    }

    @Test func adminChordHeldTwoSecondsOpensThePinPadOnly() throws {
        let down = #"{"t":1,"type":"key","key":"q","state":"down","modifiers":["ctrl","alt"]}"#
        #expect(try state([down], at: 2.9, config: Self.withPIN).kiosk?.pinPad == nil, "held 1.9 s")
        let held = try state([down], at: 3.1, config: Self.withPIN)
        #expect(held.kiosk?.pinPad != nil, "held 2 s: the PIN pad opens")
        #expect(held.kiosk?.role == .passerBy, "the chord alone never makes the operator")
        #expect(held.running)
        let early = #"{"t":2,"type":"key","key":"q","state":"up","modifiers":["ctrl","alt"]}"#
        #expect(try state([down, early], at: 5, config: Self.withPIN).kiosk?.pinPad == nil, "let go too early")
        // With the pad opened by the chord, the right PIN typed unlocks.
        var typed = [down]
        for (i, key) in ["2", "4", "6", "8"].enumerated() {
            typed.append(#"{"t":\#(3.5 + Double(i) * 0.1),"type":"key","key":"\#(key)"}"#)
        }
        typed.append(#"{"t":4.0,"type":"key","key":"enter"}"#)
        #expect(try state(typed, at: 4.5, config: Self.withPIN).kiosk?.role == .operator)
    }

    @Test func withoutAPINThereIsNoOperator() throws {
        let down = #"{"t":1,"type":"key","key":"q","state":"down","modifiers":["ctrl","alt"]}"#
        let chord = try state([down], at: 3.5)
        #expect(chord.kiosk?.role == .passerBy)
        #expect(chord.running)
        #expect(chord.notice?.text == "No operator PIN is set in the config: this kiosk has no operator mode")
        // The corner is no admin area then: an object there is weighed, and no pad opens.
        let corner = try state([#"{"t":0,"type":"down","id":5,"x":0.02,"y":0.02,"pressure":0.3}"#], at: 4)
        #expect(corner.kiosk?.pinPad == nil)
        #expect(corner.contactViews.map(\.id) == [5])
        // Operator work is absent: no Calibrate, no Export or Delete anywhere.
        #expect(!corner.scene().elements.contains { $0.name == "calibrate" })
        #expect(corner.scaleButtons.map(\.name) == ["record", "history", "tare", "untare", "units", "carrier"])
    }

    func tapLines(_ key: String, at t: Double, id: Int = 60) -> [String] {
        let rect = PinPad.keyRects(size: Size(1280, 720)).first { $0.action.elementName == "pin-" + key }!.rect
        let (x, y) = (rect.center.x / 1280, rect.center.y / 720)
        return [
            #"{"t":\#(t),"type":"down","id":\#(id),"x":\#(x),"y":\#(y),"pressure":0.3}"#,
            #"{"t":\#(t + 0.05),"type":"up","id":\#(id)}"#,
        ]
    }

    func pinLines(_ digits: String, from t0: Double) -> [String] {
        // Hold the top-left corner 3 s, then tap the keys of the pad.
        var lines = [
            #"{"t":\#(t0),"type":"down","id":50,"x":0.02,"y":0.02,"pressure":0.3}"#,
            #"{"t":\#(t0 + 3.2),"type":"up","id":50}"#,
        ]
        var t = t0 + 3.5
        for key in digits.map(String.init) + ["ok"] {
            lines += tapLines(key, at: t)
            t += 0.2
        }
        return lines
    }

    @Test func cornerHoldOpensThePinPadAndTheRightPinUnlocksOperatorMode() throws {
        let opened = try state(Array(pinLines("2468", from: 1).prefix(2)), at: 4.3, config: Self.withPIN)
        #expect(opened.kiosk?.pinPad != nil)
        #expect(opened.scene().elements.contains { $0.name == "pin-ok" })
        #expect(opened.contactViews.isEmpty, "the corner hold is never a contact")
        let unlocked = try state(pinLines("2468", from: 1), at: 6, config: Self.withPIN)
        #expect(unlocked.running)
        #expect(unlocked.kiosk?.role == .operator)
        #expect(unlocked.kiosk?.pinPad == nil)
        #expect(unlocked.contactViews.isEmpty, "the pad's keys are never contacts")
        let wrong = try state(pinLines("1357", from: 1), at: 6, config: Self.withPIN)
        #expect(wrong.running)
        #expect(wrong.kiosk?.role == .passerBy)
        #expect(wrong.kiosk?.pinPad?.message == "Wrong PIN")
    }

    @Test func operatorModeIsShownOnEveryScreenAndInTheStateDocument() throws {
        let unlocked = try state(pinLines("2468", from: 1), at: 6, config: Self.withPIN, history: HistoryService(temporary: ()))
        let names = unlocked.scene().elements.map(\.name)
        #expect(names.contains("kiosk-leave") && names.contains("kiosk-lock") && names.contains("calibrate"))
        #expect(unlocked.scene().shapes.contains { if case .text(let t, _, _, _, _) = $0 { t.hasPrefix("Operator mode") } else { false } })
        #expect(unlocked.stateDocument()["role"] == .string("operator"))
        let orange = unlocked.scene().shapes.filter { if case .rect(_, Kiosk.operatorOrange) = $0 { true } else { false } }
        #expect(orange.count >= 4, "the frame round the screen")
        // On the history screen: the frame, not the bar.
        var history = unlocked
        history.apply(InputEvent(time: 6.5, .keyDown(.character("h"), modifiers: [])))
        #expect(history.screen.name == "history")
        #expect(!history.scene().elements.contains { $0.name == "kiosk-leave" })
        #expect(history.scene().shapes.contains(.rect(Rect(x: 0, y: 0, width: 1280, height: 6), color: Kiosk.operatorOrange)))
        let passerBy = try state([], at: 1, config: Self.withPIN)
        #expect(passerBy.stateDocument()["role"] == .string("passer-by"))
        #expect(try state([], at: 1, kiosk: false).stateDocument()["role"] == .null)
        #expect(!passerBy.scene().shapes.contains(.rect(Rect(x: 0, y: 0, width: 1280, height: 6), color: Kiosk.operatorOrange)))
    }

    @Test func wrongPinsAreRateLimited() throws {
        var lines = pinLines("1111", from: 1)
        for attempt in 0..<3 {
            var t = 6.0 + Double(attempt) * 2
            for key in (attempt < 2 ? "1111" : "2468").map(String.init) + ["ok"] {
                t += 0.05
                lines += tapLines(key, at: t, id: 61)
                t += 0.01
            }
        }
        // Three wrong PINs lock the pad for 30 s: the right one at t=10 is refused.
        let locked = try state(lines, at: 11, config: Self.withPIN)
        #expect(locked.running)
        #expect(locked.kiosk?.role == .passerBy)
        #expect(locked.kiosk?.pinPad?.message.hasPrefix("Too many wrong PINs") == true)
    }

    // MARK: - Passer-by and operator

    /// A kiosk driven event by event, the store behind it.
    struct Station {
        var state: AppState
        let history: HistoryService
        /// The shell's effect runner, as the window has it.
        let effects: EffectRunner
        var t = 0.0

        init(config: Config = KioskTests.withPIN, size: Size = Size(1280, 720)) throws {
            state = AppState(screen: size, source: .replay(ReplayDevice(name: "kiosk panel", mode: .force)), config: config, kiosk: true)
            history = try HistoryService(temporary: ())
            effects = EffectRunner(history: history)
        }

        @discardableResult
        mutating func feed(_ kind: InputEvent.Kind, after dt: Double = 0.1) -> [Effect] {
            advance(dt)
            return effects.feed(InputEvent(time: t, kind), to: &state)
        }

        /// Time passes, with the ticks the live loop would give.
        mutating func advance(_ dt: Double) {
            let end = t + dt
            while let wake = state.nextWake, wake < end { effects.feed(InputEvent(time: wake, .tick), to: &state) }
            t = end
            effects.feed(InputEvent(time: t, .tick), to: &state)
        }

        mutating func key(_ key: Key) { feed(.keyDown(key, modifiers: [])) }

        var size: Size { state.layout.size }

        mutating func down(_ id: Int, _ p: Point, pressure: Double = 0.4) {
            feed(.touchDown(TouchSample(id: id, x: p.x / size.width, y: p.y / size.height, pressure: pressure)))
        }

        mutating func up(_ id: Int) { feed(.touchUp(id: id)) }

        mutating func tap(_ p: Point, id: Int = 90) {
            down(id, p, pressure: 0.3)
            up(id)
        }

        mutating func tap(element name: String) throws {
            let element = try #require(state.scene().elements.first { $0.name == name }, "no element \(name)")
            tap(element.rect.center)
        }

        mutating func unlock() throws {
            down(50, Point(20, 20), pressure: 0.3)
            advance(Kiosk.cornerSeconds + 0.1)
            up(50)
            for digit in "2468" { try tap(element: "pin-\(digit)") }
            try tap(element: "pin-ok")
            try #require(state.kiosk?.role == .operator)
        }

        /// Records a weighing of one object, and lifts it.
        mutating func recordOne() {
            down(1, Point(640, 360))
            advance(1)
            key(.space)
            up(1)
        }

        var elementNames: [String] { state.scene().elements.map(\.name) }
    }

    @Test func aPasserByCannotCalibrate() throws {
        var station = try Station()
        #expect(!station.elementNames.contains("calibrate"), "no Calibrate button")
        station.key(.character("k"))
        #expect(station.state.screen == .scale, "k does nothing")
        try station.unlock()
        #expect(station.elementNames.contains("calibrate"))
        station.key(.character("k"))
        #expect(station.state.screen.name == "calibrate")
    }

    @Test func aPasserByPeeksButCannotDeleteOrExport() throws {
        var station = try Station()
        station.recordOne()
        station.key(.character("h"))
        #expect(station.state.screen.browser?.actions == [.open])
        // Swipe up on the preview: Open alone.
        let row = try #require(station.state.scene().elements.first { $0.kind == .row })
        station.feed(.pointerDown(x: row.rect.center.x / 1280, y: row.rect.center.y / 720, button: 3, modifiers: []))
        #expect(station.state.screen.browser?.peek.phase == .peek)
        let card = try #require(station.state.scene().elements.first { $0.kind == .preview }).rect
        station.down(70, card.center, pressure: 0.4)
        for step in 1...5 {
            station.feed(
                .touchMove(TouchSample(id: 70, x: card.center.x / 1280, y: (card.center.y - Double(step) * 20) / 720, pressure: 0.4)))
        }
        #expect(station.state.screen.browser?.peek.phase == .actions)
        #expect(station.state.scene().elements.filter { $0.kind == .action }.map(\.name) == ["open"])
        station.up(70)
        // Where Delete would be: nothing is deleted.
        let deleteRect = HistoryLayout.actionRects(size: station.size)[2].1
        station.tap(deleteRect.center)
        #expect(try station.history.store.count() == 1)
        // The detail: Back only; Delete and e do nothing. (The tap closed
        // the preview; Escape would now leave the history, as it does outside
        // a kiosk.)
        #expect(station.state.screen.browser?.peek.phase == PeekPhase.none)
        station.key(.down)
        station.key(.enter)
        #expect(station.state.screen.name == "detail")
        #expect(station.state.scene().elements.filter { $0.kind == .button }.map(\.name) == ["back"])
        let update = station.feed(.keyDown(.delete, modifiers: []))
        #expect(update.isEmpty)
        station.key(.character("e"))
        #expect(try station.history.store.count() == 1, "nothing deleted")
        #expect(station.state.notice?.text.hasPrefix("Exported") != true, "nothing exported")
    }

    @Test func theOperatorDeletesAndExports() throws {
        var station = try Station()
        station.recordOne()
        try station.unlock()
        station.key(.character("h"))
        #expect(station.state.screen.browser?.actions == PeekAction.allCases)
        station.key(.down)
        station.key(.enter)
        #expect(station.state.scene().elements.filter { $0.kind == .button }.map(\.name).prefix(3) == ["back", "export", "delete"])
        station.key(.character("e"))
        #expect(station.state.notice?.text.hasPrefix("Exported to") == true)
        station.key(.delete)
        #expect(try station.history.store.count() == 1, "Delete asks first")
        station.key(.enter)
        #expect(try station.history.store.count() == 0)
    }

    @Test func operatorWorkNeverLeavesAPasserBysKiosk() throws {
        let station = try Station()
        let effects: [Effect] = [
            .delete(id: 1), .export(id: 1), .saveCalibration(device: "d", points: []), .quit,
            .loadWeighing(id: 1), .saveLockout(failures: 1, lockedUntil: nil),
        ]
        #expect(station.state.allowedEffects(effects) == [.loadWeighing(id: 1), .saveLockout(failures: 1, lockedUntil: nil)])
    }

    @Test func operatorModeFallsBackAfterTheIdleTime() throws {
        let config = try Config.parse(#"{"kiosk":{"pin":"2468","operatorIdleSeconds":30,"idleSeconds":600}}"#, file: "c.json")
        var station = try Station(config: config)
        try station.unlock()
        let unlockedAt = station.t
        #expect(station.state.nextWake.map { $0 <= unlockedAt + 30 + 0.001 } == true, "a tick is due when it locks")
        station.advance(20)
        // An object put down (a deliberate input: the timer starts again),
        // then resting on the glass and sending moves, which do not keep it unlocked.
        station.down(3, Point(300, 300))
        let touchedAt = station.t
        for _ in 0..<20 {
            station.feed(.touchMove(TouchSample(id: 3, x: 300.0 / 1280, y: 300.0 / 720, pressure: 0.41)), after: 1.4)
        }
        #expect(station.t - touchedAt > 27.9)
        #expect(station.state.kiosk?.role == .operator, "\(station.t - touchedAt) s after the last deliberate input")
        station.advance(touchedAt + 30.05 - station.t)
        #expect(station.state.kiosk?.role == .passerBy)
        #expect(station.state.notice?.text == "Locked after 30 s without input: passer-by mode")
        #expect(!station.elementNames.contains("calibrate"))
        #expect(!station.elementNames.contains("kiosk-leave"))
    }

    @Test func lockingOrTimingOutLeavesOperatorScreens() throws {
        var station = try Station()
        try station.unlock()
        station.key(.character("k"))
        #expect(station.state.screen.name == "calibrate")
        station.state.lockOperatorMode("Locked")
        #expect(station.state.screen == .scale, "the wizard is the operator's")
        try station.unlock()
        station.recordOne()
        station.key(.character("h"))
        station.key(.down)
        station.key(.enter)
        try station.tap(element: "back")
        station.state.lockOperatorMode("Locked")
        #expect(station.state.screen.browser?.actions == [.open])
    }

    @Test func lockTappedEndsOperatorModeAtOnce() throws {
        var station = try Station()
        try station.unlock()
        try station.tap(element: "kiosk-lock")
        #expect(station.state.kiosk?.role == .passerBy)
        #expect(station.state.running)
        #expect(station.state.contactViews.isEmpty, "the bar's buttons are not contacts")
    }

    @Test func attractModeReturnsToTheScale() throws {
        let config = try Config.parse(#"{"kiosk":{"idleSeconds":5}}"#, file: "c.json")
        let lines = [#"{"t":1,"type":"key","key":"h"}"#]
        let history = try HistoryService(temporary: ())
        #expect(try state(lines, at: 5.5, config: config, history: history).screen.name == "history")
        #expect(try state(lines, at: 6.5, config: config, history: HistoryService(temporary: ())).screen == .scale)
    }

    @Test func renderKioskOnTheCommandLineKeepsRunning() throws {
        let dir = Paths.temporaryDirectory()
        let replay = dir.appendingPathComponent("r.jsonl")
        let state = dir.appendingPathComponent("s.json")
        try ([Self.header, #"{"t":0.5,"type":"quit"}"#].joined(separator: "\n")).write(to: replay, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("f.png").path
        #expect(try runPlumscale(["render", "--kiosk", "--replay", replay.path, "--out", out, "--state", state.path]).status == 0)
        #expect(try readJSON(state)["running"] as? Bool == true)
        #expect(try readJSON(state)["kiosk"] as? Bool == true)
        #expect(try readJSON(state)["role"] as? String == "passer-by")
        #expect(try runPlumscale(["render", "--replay", replay.path, "--out", out, "--state", state.path]).status == 0)
        #expect(try readJSON(state)["running"] as? Bool == false)
    }
}
