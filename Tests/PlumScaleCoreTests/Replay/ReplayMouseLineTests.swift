import Foundation
import Testing

@testable import PlumScaleCore

/// The mouse's lines (`pointer`, `wheel`) and the header's `mouse` and
/// `started`: what `--record` writes of a mouse session reads back as the
/// events the window's core was fed, and the render of it is the window's.
@Suite struct ReplayMouseLineTests {
    @Test func aRecordedMouseSessionReadsBackAsItWasFed() throws {
        var writer = ReplayWriter(origin: 50)
        let fed: [InputEvent] = [
            InputEvent(time: 50.1, .pointerMove(x: 0.25, y: 0.5)),
            InputEvent(time: 50.2, .pointerDown(x: 0.25, y: 0.5, button: 1, modifiers: [.control])),
            InputEvent(time: 50.3, .wheel(dy: -1)),
            InputEvent(time: 50.35, .wheel(dy: 0.5)),
            InputEvent(time: 50.4, .pointerUp(x: 0.3, y: 0.5, button: 1)),
            InputEvent(time: 50.5, .pointerDown(x: 0.6, y: 0.4, button: 3, modifiers: [])),
        ]
        let started = Date(timeIntervalSince1970: 1_796_216_257.25)
        let header = ReplayWriter.header(for: .mouse, mouse: true, started: started)
        let text = ([header] + fed.compactMap { writer.line(for: $0) }).joined(separator: "\n") + "\n"
        let replay = try JSONLinesReplay.parse(text, file: "mouse.jsonl")
        #expect(replay.device.mouse)
        #expect(replay.device.started == started)
        #expect(replay.device.mode == .force)
        #expect(replay.events.map(\.kind) == fed.map(\.kind))
        for (read, written) in zip(replay.events, fed) { #expect(abs(read.time - (written.time - 50)) < 1e-9) }
        #expect(replay.warnings.isEmpty)
    }

    @Test func aFileWithoutTheMouseFlagMakesNoContactsOfThePointer() throws {
        let text = #"""
            {"t":0.1,"type":"pointer","state":"down","x":0.5,"y":0.5,"button":1}
            {"t":0.2,"type":"pointer","state":"up","x":0.5,"y":0.5,"button":1}
            """#
        let replay = try JSONLinesReplay.parse(text, file: "f")
        #expect(!replay.device.mouse)
        #expect(replay.device.started == nil)
        #expect(replay.events.count == 2)
    }

    /// The render of a mouse recording pins the contact the window pinned,
    /// with the force the wheel set.
    @Test func theRenderOfAMouseRecordingHasTheContactsTheMouseMade() throws {
        let text = #"""
            {"plumscale-replay":1,"device":{"name":"mouse","pressure":true,"mouse":true}}
            {"t":0.1,"type":"pointer","state":"down","x":0.25,"y":0.5,"button":1,"modifiers":["ctrl"]}
            {"t":0.2,"type":"wheel","dy":-4}
            """#
        let replay = try JSONLinesReplay.parse(text, file: "f")
        let state = ReplayClock.state(of: replay, at: 3, screen: Size(1280, 720))
        #expect(state.mouse != nil)
        let contacts = state.contactViews
        #expect(contacts.count == 1)
        #expect(abs((contacts.first?.force ?? 0) - 0.3) < 1e-9, "50% less 4 notches of 5 points: \(contacts)")
    }

    @Test(arguments: [
        (#"{"t":0,"type":"pointer","state":"down","x":0.5,"y":0.5}"#, 1, #"expected an integer "button" in 1...255"#),
        (#"{"t":0,"type":"pointer","state":"up","x":0.5,"y":0.5,"button":0}"#, 1, #"expected an integer "button" in 1...255"#),
        (#"{"t":0,"type":"pointer","state":"down","x":0.5,"y":0.5,"button":1.5}"#, 1, #""button" must be a whole number"#),
        (#"{"t":0,"type":"pointer","state":"drag","x":0.5,"y":0.5}"#, 1, #"expected "state" to be down, up or move"#),
        ("\n" + #"{"t":0,"type":"pointer","x":0.5}"#, 2, #"expected numbers "x" and "y""#),
        (#"{"t":0,"type":"pointer","state":"down","x":0.5,"y":0.5,"button":1,"modifiers":["meta"]}"#, 1, "expected modifiers among"),
        (#"{"t":0,"type":"wheel"}"#, 1, #"expected a number "dy" within ±1000"#),
        (#"{"t":0,"type":"wheel","dy":1e6}"#, 1, #"expected a number "dy" within ±1000"#),
        (#"{"t":0,"type":"wheel","dy":"up"}"#, 1, #"expected a number for "dy""#),
        (#"{"plumscale-replay":1,"device":{"started":-5}}"#, 1, #"expected "started" to be the Unix time"#),
        (#"{"plumscale-replay":1,"device":{"mouse":"yes"}}"#, 1, "true or false"),
    ])
    func badMouseLinesNameTheLineAndWhatWasExpected(text: String, line: Int, message: String) {
        #expect {
            try JSONLinesReplay.parse(text, file: "bad.jsonl")
        } throws: { error in
            guard let error = error as? InputFileError else { return false }
            return error.file == "bad.jsonl" && error.line == line && error.message.contains(message)
        }
    }

    @Test func aPointerOffTheScreenIsClampedWithAWarning() throws {
        let replay = try JSONLinesReplay.parse(#"{"t":0,"type":"pointer","x":1.5,"y":0.5}"#, file: "f")
        #expect(replay.events.map(\.kind) == [.pointerMove(x: 1, y: 0.5)])
        #expect(replay.warnings.count == 1)
    }
}
