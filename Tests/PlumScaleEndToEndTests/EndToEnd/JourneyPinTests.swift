import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Journey: the issue's own case by mouse (issue 23, item 2). With no
/// touchscreen, a person pins four contacts with ctrl+click in a row at
/// 800x480 and sets them to 30, 50, 70 and 90% with the wheel, the pointer
/// on each; then tares. After each step the X server's picture must be the
/// frame `render` draws from what was recorded (`--record`), and every
/// label its own circle's, from the state document.
@Suite(.serialized) struct JourneyPinTests {
    /// Found by this journey: `--record` wrote no pointer events, so a
    /// mouse session recorded could not be rendered; it now writes
    /// `pointer` and `wheel` lines and a header with `"mouse":true`.
    @Test
    func fourPinnedContactsEachLabelledInItsOwnCircle() throws {
        let journey = try Journey("pins", size: (800, 480), arguments: ["--source", "mouse"])
        let x = journey.x
        let window = journey.window
        try journey.step("empty")
        // A new contact starts at the force last set (50%); the wheel sets
        // the one just pinned, under the pointer, 5 points a notch.
        let plan: [(Int, String, Int)] = [(160, "5", 4), (320, "4", 4), (480, "4", 4), (640, "4", 4)]
        for (i, (px, button, notches)) in plan.enumerated() {
            try x.xdotool(["mousemove", "--window", window, "\(px)", "240", "keydown", "ctrl", "click", "1", "keyup", "ctrl"])
            try x.xdotool(["click", "--repeat", "\(notches)", "--delay", "30", button])
            try x.xdotool(["mousemove", "--window", window, "\(px)", "470"])
            try journey.step("pinned-\(i + 1)")
        }
        let state = try journey.step("four-settled", after: 2.5)
        let labels = (state["contacts"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
        #expect(labels == ["30.0%", "50.0%", "70.0%", "90.0%"], "the four forces set by the wheel: \(labels)")
        let problems = Journey.labelProblems(state)
        #expect(problems.isEmpty, Comment(rawValue: "four pinned:\n  " + problems.joined(separator: "\n  ")))
        try x.xdotool(["key", "t"])
        let tared = try journey.step("tared", after: 0.5)
        let taredProblems = Journey.labelProblems(tared)
        #expect(taredProblems.isEmpty, Comment(rawValue: "tared:\n  " + taredProblems.joined(separator: "\n  ")))
    }
}
