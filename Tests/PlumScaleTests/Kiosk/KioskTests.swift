import Foundation
import Testing
@testable import PlumScale
@testable import PlumScaleCore

/// The kiosk through replays: passers-by cannot leave, the operator can;
/// attract mode and auto-record.
@Suite struct KioskTests {
    static let header = #"{"plumscale-replay":1,"device":{"name":"kiosk panel","pressure":true}}"#

    func state(_ lines: [String], at: Double, kiosk: Bool = true, config: Config = .defaults,
               history: HistoryService? = nil) throws -> AppState {
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
        #expect(try state([line], at: 2, kiosk: false).running == false || line.contains("F4"))
    }

    @Test func adminChordHeldTwoSecondsLeaves() throws {
        let down = #"{"t":1,"type":"key","key":"q","state":"down","modifiers":["ctrl","alt"]}"#
        #expect(try state([down], at: 2.9).running, "held 1.9 s: still running")
        #expect(try state([down], at: 3.1).running == false, "held 2 s: the operator is out")
        let early = #"{"t":2,"type":"key","key":"q","state":"up","modifiers":["ctrl","alt"]}"#
        #expect(try state([down, early], at: 5).running, "let go too early")
    }

    func pinLines(_ digits: String, from t0: Double) -> [String] {
        // Hold the top-left corner 3 s, then tap the keys of the pad.
        var lines = [#"{"t":\#(t0),"type":"down","id":50,"x":0.02,"y":0.02,"pressure":0.3}"#,
                     #"{"t":\#(t0 + 3.2),"type":"up","id":50}"#]
        var t = t0 + 3.5
        for key in digits.map(String.init) + ["ok"] {
            let rect = PinPad.keyRects(size: Size(1280, 720)).first { $0.action.elementName == "pin-" + key }!.rect
            let (x, y) = (rect.center.x / 1280, rect.center.y / 720)
            lines.append(#"{"t":\#(t),"type":"down","id":60,"x":\#(x),"y":\#(y),"pressure":0.3}"#)
            lines.append(#"{"t":\#(t + 0.05),"type":"up","id":60}"#)
            t += 0.2
        }
        return lines
    }

    @Test func cornerHoldOpensThePinPadAndTheRightPinLeaves() throws {
        let config = try Config.parse(#"{"kiosk":{"pin":"2468"}}"#, file: "c.json")
        let opened = try state(Array(pinLines("2468", from: 1).prefix(2)), at: 4.3, config: config)
        #expect(opened.kiosk?.pinPad != nil)
        #expect(opened.scene().elements.contains { $0.name == "pin-ok" })
        #expect(try state(pinLines("2468", from: 1), at: 6, config: config).running == false)
        let wrong = try state(pinLines("1357", from: 1), at: 6, config: config)
        #expect(wrong.running)
        #expect(wrong.kiosk?.pinPad?.message == "Wrong PIN")
    }

    @Test func wrongPinsAreRateLimited() throws {
        let config = try Config.parse(#"{"kiosk":{"pin":"2468"}}"#, file: "c.json")
        var lines = pinLines("1111", from: 1)
        for attempt in 0..<3 {
            var t = 6.0 + Double(attempt) * 2
            for key in (attempt < 2 ? "1111" : "2468").map(String.init) + ["ok"] {
                t += 0.05
                let rect = PinPad.keyRects(size: Size(1280, 720)).first { $0.action.elementName == "pin-" + key }!.rect
                lines.append(#"{"t":\#(t),"type":"down","id":61,"x":\#(rect.center.x / 1280),"y":\#(rect.center.y / 720),"pressure":0.3}"#)
                lines.append(#"{"t":\#(t + 0.01),"type":"up","id":61}"#)
            }
        }
        // Three wrong PINs lock the pad for 30 s: the right one at t=10 is refused.
        let locked = try state(lines, at: 11, config: config)
        #expect(locked.running)
        #expect(locked.kiosk?.pinPad?.message.hasPrefix("Too many wrong PINs") == true)
    }

    @Test func attractModeReturnsToTheScale() throws {
        let config = try Config.parse(#"{"kiosk":{"idleSeconds":5}}"#, file: "c.json")
        let lines = [#"{"t":1,"type":"key","key":"h"}"#]
        let history = try HistoryService(temporary: ())
        #expect(try state(lines, at: 5.5, config: config, history: history).screen.name == "history")
        #expect(try state(lines, at: 6.5, config: config, history: HistoryService(temporary: ())).screen == .scale)
    }

    @Test func autoRecordSavesOncePerPlacement() throws {
        let history = try HistoryService(temporary: ())
        let lines = [
            #"{"t":0,"type":"down","id":1,"x":0.3,"y":0.5,"pressure":0.4}"#,
            #"{"t":0.1,"type":"down","id":2,"x":0.7,"y":0.5,"pressure":0.6}"#,
            // Both stable after 0.5 s, recorded 1 s later; nothing changes until t=6.
            #"{"t":6,"type":"up","id":2}"#,
            // The set changed: one more weighing once id 1 alone has been stable 1 s.
        ]
        let state = try state(lines, at: 9, history: history)
        #expect(state.running)
        #expect(try history.store.count() == 2)
        let rows = try history.store.rows(limit: 10)
        #expect(rows.map(\.objectCount) == [1, 2])
    }

    @Test func renderKioskOnTheCommandLineKeepsRunning() throws {
        let dir = Paths.temporaryDirectory()
        let replay = dir.appendingPathComponent("r.jsonl"), state = dir.appendingPathComponent("s.json")
        try ([Self.header, #"{"t":0.5,"type":"quit"}"#].joined(separator: "\n")).write(to: replay, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("f.png").path
        #expect(try runPlumscale(["render", "--kiosk", "--replay", replay.path, "--out", out, "--state", state.path]).status == 0)
        #expect(try readJSON(state)["running"] as? Bool == true)
        #expect(try readJSON(state)["kiosk"] as? Bool == true)
        #expect(try runPlumscale(["render", "--replay", replay.path, "--out", out, "--state", state.path]).status == 0)
        #expect(try readJSON(state)["running"] as? Bool == false)
    }
}
