import Testing

@testable import PlumScaleCore

@Suite struct JSONLinesReplayTests {
    @Test func parsesTheDesignExample() throws {
        let text = """
            {"plumscale-replay":1,"device":{"name":"panel","pressure":true}}
            {"t":0.00,"type":"down","id":1,"x":0.30,"y":0.50,"pressure":0.40}
            {"t":0.10,"type":"move","id":1,"x":0.31,"y":0.50,"pressure":0.55}
            {"t":0.50,"type":"up","id":1}
            {"t":0.55,"type":"down","id":2,"x":0.5,"y":0.5,"pressure":0.1}
            {"t":0.60,"type":"cancel","id":2}
            {"t":0.70,"type":"key","key":"space"}
            """
        let replay = try JSONLinesReplay.parse(text, file: "x.jsonl")
        #expect(replay.device == ReplayDevice(name: "panel", mode: .force))
        #expect(replay.events.count == 7)
        #expect(replay.events[0] == InputEvent(time: 0, .touchDown(TouchSample(id: 1, x: 0.3, y: 0.5, pressure: 0.4))))
        #expect(replay.events[3].kind == .touchDown(TouchSample(id: 2, x: 0.5, y: 0.5, pressure: 0.1)))
        #expect(replay.events[4].kind == .touchCancel(id: 2))
        #expect(replay.events[5].kind == .keyDown(Key(name: "space"), modifiers: []))
        #expect(replay.events[6].kind == .keyUp(Key(name: "space"), modifiers: []))
        #expect(replay.duration == 0.7)
    }

    @Test(arguments: [
        ("{\"t\":0,\"type\":\"down\",\"id\":1,\"x\":0.5,\"y\":0.5,\"pressure\":0.4}", ForceMode.force),
        ("{\"t\":0,\"type\":\"down\",\"id\":1,\"x\":0.5,\"y\":0.5,\"pressure\":1.0}", ForceMode.position),
        ("{\"t\":0,\"type\":\"down\",\"id\":1,\"x\":0.5,\"y\":0.5}", ForceMode.position),
        ("{\"t\":0,\"type\":\"down\",\"id\":1,\"x\":0.5,\"y\":0.5,\"touch_major\":0.3}", ForceMode.area),
    ])
    func modeWithoutHeaderComesFromWhatWasMeasured(line: String, mode: ForceMode) throws {
        #expect(try JSONLinesReplay.parse(line, file: "f").device.mode == mode)
    }

    @Test(arguments: [
        ("{\"t\":0,\"type\":\"down\",\"id\":1,\"x\":0.5}", 1, "expected numbers \"x\" and \"y\""),
        ("\n\n{\"t\":0,\"type\":\"down\",\"x\":0.5,\"y\":0.5}", 3, "expected an integer \"id\""),
        ("{\"type\":\"up\",\"id\":1}", 1, "expected a number \"t\""),
        ("{\"t\":\"soon\",\"type\":\"up\",\"id\":1}", 1, "expected a number for \"t\""),
        ("{\"t\":0,\"type\":\"jump\"}", 1, "found \"jump\""),
        ("{\"t\":0,\"type\":\"down\",\"id\":1,\"x\":0.5,\"y\":0.5,\"pressure\":\"NaN\"}", 1, "expected a number for \"pressure\""),
        ("{\"t\":1,\"type\":\"key\",\"key\":\"a\"}\n{\"t\":0.5,\"type\":\"key\",\"key\":\"a\"}", 2, "must not go backwards"),
        ("{\"t\":0,\"type\":\"down\",", 1, "not valid JSON"),
        ("[1,2]", 1, "one JSON object per line"),
        ("{\"t\":0,\"type\":\"key\"}", 1, "expected a string \"key\""),
        ("{\"t\":0,\"type\":\"key\",\"key\":\"a\"}\n{\"plumscale-replay\":1}", 2, "only as the first line"),
        ("{\"plumscale-replay\":2}", 1, "found version 2"),
        ("{\"t\":-1,\"type\":\"quit\"}", 1, ">= 0"),
    ])
    func badLinesNameTheLineAndWhatWasExpected(text: String, line: Int, message: String) {
        #expect {
            try JSONLinesReplay.parse(text, file: "bad.jsonl")
        } throws: { error in
            guard let error = error as? InputFileError else { return false }
            return error.file == "bad.jsonl" && error.line == line && error.message.contains(message)
        }
    }

    @Test func outOfRangeValuesAreClampedWithAWarning() throws {
        let replay = try JSONLinesReplay.parse(
            "{\"t\":0,\"type\":\"down\",\"id\":1,\"x\":1.5,\"y\":0.5,\"pressure\":1.7}", file: "f")
        #expect(replay.events[0].kind == .touchDown(TouchSample(id: 1, x: 1, y: 0.5, pressure: 1)))
        #expect(replay.warnings.count == 2)
        #expect(replay.warnings[0].hasPrefix("f:1: "))
    }

    @Test func unknownIdsAreIgnoredWithAWarning() throws {
        let replay = try JSONLinesReplay.parse(
            "{\"t\":0,\"type\":\"move\",\"id\":7,\"x\":0.5,\"y\":0.5}\n{\"t\":0,\"type\":\"up\",\"id\":7}", file: "f")
        #expect(replay.events.isEmpty)
        #expect(replay.warnings == ["f:1: move for id 7, which is not down; ignored", "f:2: up for id 7, which is not down; ignored"])
    }

    @Test func keysWithStateAndModifiers() throws {
        let replay = try JSONLinesReplay.parse(
            "{\"t\":0,\"type\":\"key\",\"key\":\"F4\",\"state\":\"down\",\"modifiers\":[\"alt\"]}", file: "f")
        #expect(replay.events == [InputEvent(time: 0, .keyDown(Key(name: "f4"), modifiers: [.alt]))])
    }
}
