import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// Record, open the history, press a row with rising force: the state and
/// the pixels at hint, peek and pop, through the path `render --db` takes.
@Suite(.serialized) struct HistoryScreenTests {
    let session = Paths.sessions.appendingPathComponent("history-peek-pop.jsonl").path

    func state(at t: Double, history: HistoryService) throws -> AppState {
        RenderCommand.replayState(try ReplayLoader.load(path: session), at: t, size: PixelSize(1280, 720), history: history)
    }

    func frame(_ state: AppState) throws -> Image {
        let canvas = try HeadlessCanvas(width: 1280, height: 720, fontPath: Paths.font)
        canvas.render(state.scene())
        return canvas.image()
    }

    @Test func recordOpenHintPeekPop() throws {
        // The session: two plums recorded at t=1 and t=2, one at t=3 (id 1 lifted at 2.5),
        // history opened at 4, then row 0 (the newest, #3) pressed at 4.5 with force
        // 0.05, 0.20, 0.30 (hint), 0.40, 0.50 (peek, past 0.35), 0.75 (pop, past 0.70).
        let afterRecording = try state(at: 3.2, history: HistoryService(temporary: ()))
        #expect(afterRecording.notice?.text == "Saved weighing #3")

        let history = try state(at: 4.2, history: HistoryService(temporary: ()))
        #expect(history.screen.name == "history")
        let rows = history.scene().elements.filter { $0.kind == .row }
        #expect(rows.map(\.name) == ["3", "2", "1"], "newest first")

        let hint = try state(at: 4.9, history: HistoryService(temporary: ()))
        #expect(hint.screen.browser?.peek.phase == PeekPhase.hint)
        #expect(abs((hint.screen.browser?.peek.progress ?? 0) - 0.8) < 1e-9, "(0.30 - 0.10) / (0.35 - 0.10)")
        let hintImage = try frame(hint)
        // Under the hint the rows are dimmed and cannot be pressed: their places are the table's.
        let rowRect = try #require(history.scene().elements.first { $0.kind == .row && $0.name == "3" }).rect
        let otherRect = try #require(history.scene().elements.first { $0.kind == .row && $0.name == "1" }).rect
        // The pressed row stays bright; the others are dimmed.
        #expect(hintImage.color(x: Int(rowRect.x) + 5, y: Int(rowRect.center.y)).r > 200)
        #expect(hintImage.color(x: Int(otherRect.x) + 5, y: Int(otherRect.center.y)).r < 200)
        // ...and blurred: the text of another row loses its dark, sharp pixels.
        #expect(hint.scene().shapes.contains(.blur(radius: 6 * 0.8)))
        let sharp = try frame(history)
        func darkest(_ image: Image, _ rect: Rect) -> Int {
            var low = 255
            for y in Int(rect.y)..<Int(rect.y + rect.height) {
                for x in 20..<260 { low = min(low, Int(image.color(x: x, y: y).r)) }
            }
            return low
        }
        #expect(darkest(sharp, otherRect) < 80, "row text is dark when not hinting")
        #expect(darkest(hintImage, otherRect) > darkest(sharp, otherRect) + 40, "blurred under the hint")

        let peek = try state(at: 5.2, history: HistoryService(temporary: ()))
        #expect(peek.screen.browser?.peek.phase == PeekPhase.peek)
        #expect(peek.screen.browser?.preview?.id == 3)
        #expect(peek.screen.browser?.preview?.objects.count == 1)
        let card = peek.scene().elements.first { $0.kind == .preview }!.rect
        let peekImage = try frame(peek)
        // The preview draws weighing #3's one plum, heaviest, so yellow, at its scaled position.
        let object = try #require(peek.screen.browser?.preview?.objects.first)
        let s = min(card.width / 1280, card.height / 720)
        let px = card.x + (card.width - 1280 * s) / 2 + object.x * s
        let py = card.y + (card.height - 720 * s) / 2 + object.y * s
        #expect(peekImage.color(x: Int(px), y: Int(py)) == .yellow)

        let pop = try state(at: 5.7, history: HistoryService(temporary: ()))
        #expect(pop.screen.name == "detail")
        #expect(pop.screen.detail?.weighing?.id == 3)
        let doc = try #require(JSONSerialization.jsonObject(with: Data(pop.stateDocument().prettyText.utf8)) as? [String: Any])
        #expect(doc["screen"] as? String == "detail")
    }

    @Test func aTrembleAtThePeekThresholdNeverFlickers() throws {
        var lines = try String(contentsOfFile: session, encoding: .utf8).split(separator: "\n").prefix(11).map(String.init)
        // Hover around 0.35 with ±0.02 for two seconds after the press.
        var t = 4.6
        var up = true
        while t < 6.6 {
            lines.append(#"{"t":\#(t),"type":"move","id":10,"x":0.5,"y":0.18,"pressure":\#(up ? 0.37 : 0.33)}"#)
            up.toggle()
            t += 0.05
        }
        let replay = try JSONLinesReplay.parse(lines.joined(separator: "\n"), file: "tremble")
        let history = try HistoryService(temporary: ())
        var state = AppState(screen: Size(1280, 720), source: .replay(replay.device))
        var phases: [PeekPhase] = []
        for event in replay.events {
            ReplayClock.tick(&state, until: event.time)
            EffectRunner(history: history).feed(event, to: &state)
            let phase = state.screen.browser?.peek.phase ?? PeekPhase.none
            if phases.last != phase { phases.append(phase) }
        }
        // 0.05 at the press, then straight to 0.37: peek, and it stays through every dip to 0.33.
        #expect(phases == [.none, .peek], "once peeking, a dip never dismisses")
    }

    @Test func emptyScaleRecordsNothingAndSaysSo() throws {
        let replay = try JSONLinesReplay.parse(#"{"t":0,"type":"key","key":"space"}"#, file: "x")
        let history = try HistoryService(temporary: ())
        let state = RenderCommand.replayState(replay, at: 0.5, size: PixelSize(1280, 720), history: history)
        #expect(state.notice?.text == "Nothing recorded: there is nothing on the scale.")
        #expect(try history.store.count() == 0)
    }
}

/// A full disk at the moment of saving: a clear error on screen, and the
/// weighing still there to be saved again.
@Suite struct HistoryFullDiskTests {
    @Test func fullDiskSaysSoAndKeepsTheWeighingOnScreen() throws {
        let history = try HistoryService(temporary: ())
        let pages = try history.store.strings("PRAGMA page_count").first.flatMap { Int($0) } ?? 2
        try history.store.execute("PRAGMA max_page_count = \(pages)")
        var lines = [
            #"{"plumscale-replay":1,"device":{"name":"p","pressure":true}}"#,
            #"{"t":0,"type":"down","id":1,"x":0.3,"y":0.5,"pressure":0.4}"#,
        ]
        // Enough weighings to fill the allowed pages.
        for i in 0..<400 { lines.append(#"{"t":\#(1 + Double(i) * 0.001),"type":"key","key":"space"}"#) }
        let replay = try JSONLinesReplay.parse(lines.joined(separator: "\n"), file: "full")
        let state = RenderCommand.replayState(replay, at: 2, size: PixelSize(1280, 720), history: history)
        let saved = try history.store.count()
        #expect(state.notice?.text.contains("full") == true, "\(state.notice?.text ?? "no notice"), \(saved) saved")
        #expect(state.contactViews.count == 1, "the weighing is still on screen")
    }
}
