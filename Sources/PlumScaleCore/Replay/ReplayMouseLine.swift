/// The mouse's lines of a JSON Lines replay, what `--record` writes for the
/// mouse standing in for fingers (`--source mouse`), and what the window
/// got from the mouse on any source (the history's rows, the buttons):
/// `{"type":"pointer","state":"down","x":0.2,"y":0.5,"button":1,"modifiers":["ctrl"]}`
/// (`state` down, up or move, the default) and `{"type":"wheel","dy":1}`.
enum ReplayMouseLine {
    /// More notches than any wheel turns between two frames.
    static let maximumNotches = 1000.0

    static func pointer(
        _ record: ReplayLine, at t: Double, unit: (String, Double?) -> Double?, fail: (String) -> InputFileError
    ) throws -> InputEvent {
        let state = record.state ?? "move"
        guard let x = unit("x", record.x), let y = unit("y", record.y) else {
            throw fail("expected numbers \"x\" and \"y\" (0...1) on a pointer event")
        }
        switch state {
        case "move":
            return InputEvent(time: t, .pointerMove(x: x, y: y))
        case "down", "up":
            guard let button = record.button, (1...255).contains(button) else {
                throw fail("expected an integer \"button\" in 1...255 (1 is the left button) on a pointer \(state)")
            }
            if state == "up" { return InputEvent(time: t, .pointerUp(x: x, y: y, button: button)) }
            let modifiers = try JSONLinesReplay.modifiers(record.modifiers, fail)
            return InputEvent(time: t, .pointerDown(x: x, y: y, button: button, modifiers: modifiers))
        default:
            throw fail("expected \"state\" to be down, up or move on a pointer event, found \(JSONValue.quote(state))")
        }
    }

    static func wheel(_ record: ReplayLine, at t: Double, fail: (String) -> InputFileError) throws -> InputEvent {
        guard let dy = record.dy, dy.isFinite, abs(dy) <= maximumNotches else {
            throw fail("expected a number \"dy\" within ±\(Int(maximumNotches)) (notches, positive up) on a wheel event")
        }
        return InputEvent(time: t, .wheel(dy: dy))
    }
}
