import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Journey: the history by mouse (issue 23). The person records three
/// weighings (one pinned object, its force changed by the wheel between
/// them), opens the history, peeks at a row with a right click and pops it
/// open with the wheel, notch by notch; peeks and pops by holding the left
/// button; drags a preview up for its actions and deletes from there; opens
/// a row with a click and deletes from the detail. After every step the X
/// server's picture is render's frame of the recording at that moment
/// (render saves what the recording saves, in its own store).
@Suite(.serialized) struct JourneyHistoryTests {
    static func rows(_ state: [String: Any]) -> [(id: Int, center: (Int, Int))] {
        (state["elements"] as? [[String: Any]] ?? []).compactMap { element in
            guard element["kind"] as? String == "row", let id = element["id"] as? Int, let r = element["rect"] as? [Double], r.count == 4
            else { return nil }
            return (id, (Int(r[0] + r[2] / 2), Int(r[1] + r[3] / 2)))
        }
    }

    static func phase(_ state: [String: Any]) -> String? { (state["peek"] as? [String: Any])?["phase"] as? String }

    @Test func recordPeekPopActAndDeleteByMouse() throws {
        let journey = try Journey("history", size: (1280, 720), arguments: ["--source", "mouse"])
        let x = journey.x
        let window = journey.window
        func click(_ name: String, in state: [String: Any], button: String = "1") throws {
            guard let at = Journey.element(name, in: state) else { throw WaitFailure("no \(name): \(state["elements"] ?? "")") }
            try x.xdotool(["mousemove", "--window", window, "\(at.0)", "\(at.1)", "click", button])
        }
        // The first picture: the window is drawn and takes input.
        try journey.step("empty")
        try x.xdotool(["mousemove", "--window", window, "640", "300", "keydown", "ctrl", "click", "1", "keyup", "ctrl"])
        for i in 1...3 {
            try x.xdotool(["mousemove", "--window", window, "640", "300", "click", "--repeat", "2", "--delay", "40", "4"])
            try x.xdotool(["mousemove", "--window", window, "640", "690"])
            let settled = try journey.step("settled-\(i)", after: 2)
            try click("record", in: settled)
            try journey.step("recorded-\(i)", after: 0.5)
        }
        try x.xdotool(["key", "h"])
        var state = try journey.step("history")
        #expect(state["screen"] as? String == "history", "\(state["screen"] ?? "")")
        var rows = Self.rows(state)
        #expect(rows.count == 3, "three weighings recorded: \(rows.map(\.id))")
        guard rows.count == 3 else { return }
        // Peek with a right click, pop with the wheel: each notch shows.
        try x.xdotool(["mousemove", "--window", window, "\(rows[0].center.0)", "\(rows[0].center.1)", "click", "3"])
        state = try journey.step("peek-right-click")
        #expect(Self.phase(state) == "peek", "a right click peeks: \(state["peek"] ?? "")")
        var notches = 0
        while state["screen"] as? String == "history", notches < 8 {
            try x.xdotool(["click", "4"])
            notches += 1
            state = try journey.step("wheel-\(notches)")
        }
        #expect(state["screen"] as? String == "detail", "the wheel popped the preview open after \(notches) notches")
        try x.xdotool(["key", "Escape"])
        state = try journey.step("back-from-wheel-pop")
        // Peek and pop by holding the left button still.
        rows = Self.rows(state)
        guard let second = rows.dropFirst().first else { return }
        // The hint and the peek animate while the button is held (the
        // program is never idle then): the step is taken once it popped.
        try x.xdotool(["mousemove", "--window", window, "\(second.center.0)", "\(second.center.1)", "mousedown", "1"])
        state = try journey.step("hold-pop", after: 3)
        try x.xdotool(["mouseup", "1"])
        #expect(state["screen"] as? String == "detail", "holding still pops it open: \(state["screen"] ?? "")")
        try x.xdotool(["key", "Escape"])
        state = try journey.step("back-from-hold-pop")
        // A preview's actions (dragged up), then Delete from there.
        rows = Self.rows(state)
        guard let first = rows.first else { return }
        try x.xdotool(["mousemove", "--window", window, "\(first.center.0)", "\(first.center.1)", "click", "3"])
        state = try journey.step("peek-to-act")
        // Found by this journey: the hold that popped the detail left its
        // press on the table, so this preview said "keep holding" with no
        // button held.
        let hint = Journey.texts(state).last ?? ""
        #expect(hint.hasPrefix("click it to open"), "the right click's hint, nothing held: \(hint)")
        try x.xdotool(["mousedown", "1", "mousemove_relative", "--", "0", "-60", "mousemove_relative", "--", "0", "-60"])
        try x.xdotool(["mousemove_relative", "--", "0", "-60", "mouseup", "1"])
        state = try journey.step("actions")
        #expect(Self.phase(state) == "actions", "dragged up: the actions: \(state["peek"] ?? "")")
        try click("delete", in: state)
        state = try journey.step("preview-confirm")
        #expect(Self.phase(state) == "confirmDelete", "\(state["peek"] ?? "")")
        try click("delete", in: state)
        state = try journey.step("preview-deleted", after: 0.5)
        rows = Self.rows(state)
        #expect(rows.count == 2 && !rows.contains { $0.id == first.id }, "deleted from the preview: \(rows.map(\.id))")
        // A click opens the detail at once; Delete, then Enter, deletes there.
        guard let last = rows.first else { return }
        try x.xdotool(["mousemove", "--window", window, "\(last.center.0)", "\(last.center.1)", "click", "1"])
        state = try journey.step("detail-opened")
        #expect(state["screen"] as? String == "detail", "a click opens it: \(state["screen"] ?? "")")
        try x.xdotool(["key", "Delete"])
        try journey.step("detail-confirm")
        try x.xdotool(["key", "Return"])
        state = try journey.step("detail-deleted", after: 0.5)
        if state["screen"] as? String == "detail" {
            try x.xdotool(["key", "Escape"])
            state = try journey.step("after-detail-delete")
        }
        rows = Self.rows(state)
        #expect(rows.count == 1 && !rows.contains { $0.id == last.id }, "deleted from the detail: \(rows.map(\.id))")
    }
}
