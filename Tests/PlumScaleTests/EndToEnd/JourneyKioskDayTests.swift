import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore

/// Journey: a kiosk day (issue 23). The kiosk in a window under Xvfb, the
/// mouse standing in for fingers, a PIN set in the config it reads (auto
/// record on, as by default). A
/// passer-by tries every route to the operator and to admin actions: the
/// keys (Escape, q, c, k), the Ctrl+Alt+Q chord held, the corner held, a
/// long press elsewhere, wrong PINs until the pad locks, the right PIN and
/// the chord during the lockout. After every step the X server's picture is
/// render's frame of the recording at that moment, and the state document
/// says the role is still passer-by, the program runs, no Calibrate button
/// is offered and no weighing is saved. Then the lock runs out, the operator
/// types the PIN, opens the calibration wizard, leaves it, and leaves the
/// kiosk: the program ends with exit status 0.
@Suite(.serialized) struct JourneyKioskDayTests {
    static let pin = "2468"

    @Test func aPasserByNeverBecomesTheOperatorAndTheOperatorDoes() throws {
        let journey = try Journey(
            "kiosk-day", size: (800, 480), arguments: ["--kiosk", "--allow-root", "--source", "mouse"],
            config: #"{"kiosk":{"pin":"\#(Self.pin)"}}"#)
        let x = journey.x
        let window = journey.window
        func passerBy(_ title: String, after seconds: Double = 0) throws -> [String: Any] {
            let state = try journey.step(title, after: seconds)
            #expect(state["role"] as? String == "passer-by", "\(title): role \(state["role"] ?? "none")")
            #expect(state["running"] as? Bool == true, "\(title): the kiosk still runs")
            #expect(state["screen"] as? String != "calibrate", "\(title): no calibration for a passer-by")
            #expect(Journey.element("calibrate", in: state) == nil, "\(title): no Calibrate button for a passer-by")
            return state
        }
        try passerBy("start")
        for key in ["Escape", "q", "c", "k", "alt+F4", "ctrl+q"] {
            try x.xdotool(["key", "--window", window, key])
            try passerBy("key-\(key)")
        }
        // The chord held opens the PIN pad, and nothing more.
        try x.xdotool(["keydown", "ctrl", "keydown", "alt", "keydown", "q"])
        let chord = try passerBy("chord-held", after: 2.5)
        try x.xdotool(["keyup", "q", "keyup", "alt", "keyup", "ctrl"])
        #expect(Journey.texts(chord).contains("Operator PIN"), "the chord opened the PIN pad: \(Journey.texts(chord))")
        // Three wrong PINs lock the pad.
        for guess in 1...3 {
            try x.xdotool(["type", "--delay", "40", "1357"])
            try x.xdotool(["key", "Return"])
            try passerBy("wrong-pin-\(guess)")
        }
        let locked = try passerBy("locked")
        #expect(
            Journey.texts(locked).contains { $0.hasPrefix("Too many wrong PINs") }, "the pad says it is locked: \(Journey.texts(locked))")
        // The right PIN during the lockout does nothing.
        try x.xdotool(["type", "--delay", "40", Self.pin])
        try x.xdotool(["key", "Return"])
        try passerBy("right-pin-while-locked")
        try x.xdotool(["key", "Escape"])
        try passerBy("pad-closed")
        // The chord during the lockout: the countdown, no operator.
        try x.xdotool(["keydown", "ctrl", "keydown", "alt", "keydown", "q"])
        try passerBy("chord-while-locked", after: 2.5)
        try x.xdotool(["keyup", "q", "keyup", "alt", "keyup", "ctrl"])
        try x.xdotool(["key", "Escape"])
        // The corner held by the mouse: the pad (locked), never a contact.
        try x.xdotool(["mousemove", "--window", window, "10", "10", "mousedown", "1"])
        let corner = try passerBy("corner-held", after: 3.5)
        try x.xdotool(["mouseup", "1"])
        #expect((corner["contacts"] as? [Any])?.isEmpty == true, "the corner is never weighed: \(corner["contacts"] ?? "")")
        try x.xdotool(["key", "Escape"])
        // A long press in the middle weighs, and is nothing more.
        try x.xdotool(["mousemove", "--window", window, "400", "240", "mousedown", "1"])
        let long = try passerBy("long-press", after: 3.5)
        #expect((long["contacts"] as? [Any])?.count == 1, "a long press is a contact: \(long["contacts"] ?? "")")
        try x.xdotool(["mouseup", "1"])
        try passerBy("long-press-lifted")
        // The lock (30 s from the third wrong PIN) runs out; the operator comes.
        try x.xdotool(["keydown", "ctrl", "keydown", "alt", "keydown", "q"])
        let pad = try passerBy("chord-after-lockout", after: 20)
        try x.xdotool(["keyup", "q", "keyup", "alt", "keyup", "ctrl"])
        #expect(Journey.texts(pad).contains("Operator PIN"), "the pad opens again: \(Journey.texts(pad))")
        #expect(!Journey.texts(pad).contains { $0.hasPrefix("Too many wrong PINs") }, "the lock has run out")
        try x.xdotool(["type", "--delay", "40", Self.pin])
        try x.xdotool(["key", "Return"])
        let unlocked = try journey.step("operator")
        #expect(unlocked["role"] as? String == "operator", "the right PIN makes the operator: \(unlocked["role"] ?? "none")")
        guard let calibrate = Journey.element("calibrate", in: unlocked) else {
            Issue.record("no Calibrate button for the operator: \(unlocked["elements"] ?? "")")
            return
        }
        try x.xdotool(["mousemove", "--window", window, "\(calibrate.0)", "\(calibrate.1)", "click", "1"])
        let wizard = try journey.step("calibration")
        #expect(wizard["screen"] as? String == "calibrate", "Calibrate opened the wizard: \(wizard["screen"] ?? "")")
        #expect(wizard["role"] as? String == "operator")
        try x.xdotool(["key", "Escape"])
        let back = try journey.step("wizard-left")
        #expect(back["screen"] as? String == "scale", "Escape leaves the wizard: \(back["screen"] ?? "")")
        guard let leave = Journey.element("kiosk-leave", in: back) else {
            Issue.record("no Leave kiosk button for the operator: \(back["elements"] ?? "")")
            return
        }
        try x.xdotool(["mousemove", "--window", window, "\(leave.0)", "\(leave.1)", "click", "1"])
        #expect(journey.app.wait(timeout: 10) == 0, "Leave kiosk ends the program cleanly: \(journey.stderr)")
        #expect(journey.stderr.contains("kiosk: the operator left"), "\(journey.stderr)")
        let unlocks = journey.stderr.components(separatedBy: "kiosk: operator mode").count - 1
        #expect(unlocks == 1, "the operator role was given once, by the PIN: \(journey.stderr)")
    }
}
