import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore

/// Journey: weigh five objects (issue 23). A person lays five objects of
/// different weights on the panel one after another, at each screen size a
/// weighing station has; after the last has settled, the window (from the
/// X server) must be the frame `render` draws for that moment, and every
/// label must be its own circle's, judged from the state document alone.
@Suite(.serialized) struct JourneyWeighTests {
    static let sizes = ["640x360", "800x480", "1280x720", "1920x1080", "3840x2160", "720x1280"]

    /// Five objects put down 0.3 s apart, each pressing in over 0.2 s.
    static let five: [String] = {
        let objects: [(Double, Double, Double)] = [
            (0.18, 0.30, 0.12), (0.50, 0.28, 0.30), (0.82, 0.32, 0.48), (0.30, 0.74, 0.66), (0.72, 0.72, 0.84),
        ]
        var lines = [#"{"plumscale-replay":1,"device":{"name":"journey panel","pressure":true}}"#]
        for (i, o) in objects.enumerated() {
            let t = 0.2 + Double(i) * 0.3
            lines.append(#"{"t":\#(t),"type":"down","id":\#(i + 1),"x":\#(o.0),"y":\#(o.1),"pressure":\#(o.2 / 2)}"#)
            lines.append(#"{"t":\#(t + 0.2),"type":"move","id":\#(i + 1),"x":\#(o.0),"y":\#(o.1),"pressure":\#(o.2)}"#)
        }
        return lines
    }()

    @Test(arguments: sizes)
    func weighFiveObjects(size: String) throws {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        let journey = try Journey("weigh-\(size)", size: (parts[0], parts[1]), replay: Self.five)
        // The replay lasts 1.6 s; the readings settle within 2 s more.
        let state = try journey.step("five-settled", after: 4)
        let contacts = state["contacts"] as? [[String: Any]] ?? []
        #expect(contacts.count == 5, "\(size): five contacts on the scale")
        #expect(contacts.compactMap { $0["label"] as? String }.count == 5, "\(size): each labelled")
        // At 640x360 five circles of 134 to 221 px radius cover the screen:
        // a label can only be where its own circle is the nearest.
        let problems = Journey.labelProblems(state, crowded: parts[1] <= 360)
        #expect(problems.isEmpty, Comment(rawValue: "\(size):\n  " + problems.joined(separator: "\n  ")))
    }
}
