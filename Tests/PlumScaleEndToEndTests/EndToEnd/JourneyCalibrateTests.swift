import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Journey: calibrate with three references by mouse (issue 23). With no
/// touchscreen the mouse stands in: a reference is a pinned contact
/// (ctrl+click), perfectly still, its force set by the wheel. The person
/// opens the wizard (`k`), zeroes the empty glass, then for the first
/// reference types its mass before placing it, for the others places it
/// first and types the mass after, confirming each with Enter; finishes
/// and saves. Afterwards an object of another force shows the grams the
/// fit gives, within the fit's residual. After every step the X server's
/// picture is render's frame of the recording at that moment.
@Suite(.serialized) struct JourneyCalibrateTests {
    /// Forces 50, 70, 90% (the mouse starts at 50%, 4 notches of 5 points
    /// each) for 100, 140 and 180 g: 200 g at full scale, through zero.
    static let references: [(typedFirst: Bool, notches: Int, grams: String)] = [
        (true, 0, "100"), (false, 4, "140"), (false, 4, "180"),
    ]

    @Test func threeReferencesByMouseThenGramsWithinTheResidual() throws {
        let journey = try Journey("calibrate", size: (1280, 720), arguments: ["--source", "mouse"])
        let x = journey.x
        let window = journey.window
        func wizard(_ state: [String: Any]) -> [String: Any] { state["wizard"] as? [String: Any] ?? [:] }
        func click(_ name: String, in state: [String: Any]) throws {
            guard let at = Journey.element(name, in: state) else {
                throw WaitFailure("no \(name) on the screen: \(state["elements"] ?? "")")
            }
            try x.xdotool(["mousemove", "--window", window, "\(at.0)", "\(at.1)", "click", "1"])
        }
        try x.xdotool(["key", "--window", window, "k"])
        var state = try journey.step("wizard-opened")
        #expect(state["screen"] as? String == "calibrate", "k opens the wizard: \(state["screen"] ?? "")")
        try click("zero", in: state)
        state = try journey.step("zeroed")
        #expect(wizard(state)["step"] as? String == "place", "zero taken: \(wizard(state))")
        for (i, reference) in Self.references.enumerated() {
            func type() throws { try x.xdotool(["type", "--delay", "60", reference.grams]) }
            func place() throws {
                let column = "\(300 + i * 150)"
                try x.xdotool(["mousemove", "--window", window, column, "300", "keydown", "ctrl", "click", "1", "keyup", "ctrl"])
                if reference.notches > 0 { try x.xdotool(["click", "--repeat", "\(reference.notches)", "--delay", "40", "4"]) }
                try x.xdotool(["mousemove", "--window", window, column, "600"])
            }
            if reference.typedFirst {
                try type()
                state = try journey.step("ref\(i + 1)-typed")
                #expect(wizard(state)["typed"] as? String == reference.grams)
                #expect((wizard(state)["points"] as? [Any])?.count == 1, "typing captures nothing: \(wizard(state))")
                try place()
            } else {
                try place()
                state = try journey.step("ref\(i + 1)-placed", after: 1.5)
                #expect((wizard(state)["points"] as? [Any])?.count == i + 1, "placing captures nothing: \(wizard(state))")
                try type()
            }
            state = try journey.step("ref\(i + 1)-before-enter", after: 1.5)
            #expect((wizard(state)["points"] as? [Any])?.count == i + 1, "nothing captured before Enter: \(wizard(state))")
            try x.xdotool(["key", "Return"])
            state = try journey.step("ref\(i + 1)-captured", after: 0.5)
            let points = wizard(state)["points"] as? [[String: Any]] ?? []
            #expect(points.count == i + 2, "Enter captured the still reference: \(wizard(state))")
            #expect(points.last?["grams"] as? Double == Double(reference.grams), "\(points)")
            // The reference comes off the glass (c clears the pins).
            try x.xdotool(["key", "c"])
            if i < Self.references.count - 1 {
                try click("another", in: try journey.step("ref\(i + 1)-cleared"))
            }
        }
        try click("finish", in: try journey.step("refs-done"))
        state = try journey.step("review")
        #expect(wizard(state)["step"] as? String == "review", "\(wizard(state))")
        try click("save", in: state)
        state = try journey.step("saved")
        #expect(state["screen"] as? String == "scale", "\(state["screen"] ?? "")")
        let calibration = state["calibration"] as? [String: Any] ?? [:]
        #expect(calibration["calibrated"] as? Bool == true, "\(calibration)")
        let residual = calibration["max_residual_g"] as? Double ?? 0
        // An object at 60%: the wheel left the force at 90%, 6 notches down.
        try x.xdotool(["mousemove", "--window", window, "640", "300", "keydown", "ctrl", "click", "1", "keyup", "ctrl"])
        try x.xdotool(["click", "--repeat", "6", "--delay", "40", "5"])
        try x.xdotool(["mousemove", "--window", window, "640", "650"])
        // "Calibration saved" stays 4 s from the click on Save: the shot
        // comes a second and more after it has gone, never at its edge (at
        // 2 s, on a loaded machine, the window still had it and render not).
        state = try journey.step("weighed", after: 5)
        let contacts = state["contacts"] as? [[String: Any]] ?? []
        #expect(contacts.count == 1, "\(contacts)")
        let grams = contacts.first?["grams"] as? Double
        #expect(abs((grams ?? 0) - 120) <= max(residual, 0.1) + 0.05, "60% of 200 g is 120 g (residual \(residual)): \(contacts)")
    }

    /// Found by hand (issue 25's walk): objects left where the wizard's
    /// panel comes up. The one under the panel is labelled beside it with an
    /// arrow to it, on no other ring, and no dot floats at the panel's edge;
    /// Cancel puts the scale back as it was, both circles labelled by them.
    @Test func anObjectUnderTheWizardsPanelPointsThere() throws {
        let journey = try Journey("calibrate-under-panel", size: (800, 480), arguments: ["--source", "mouse"])
        let x = journey.x
        let window = journey.window
        var state = try journey.step("empty")
        #expect(state["prompt"] as? String == "lay your plums on me.")
        for (column, row) in [(240, 240), (700, 120)] {
            let at = ["\(column)", "\(row)"]
            try x.xdotool(["mousemove", "--window", window] + at + ["keydown", "ctrl", "click", "1", "keyup", "ctrl", "sleep", "0.5"])
        }
        try x.xdotool(["mousemove", "--window", window, "10", "470"])
        state = try journey.step("two-objects", after: 1.5)
        let places = { (state: [String: Any]) in ((state["contacts"] as? [[String: Any]]) ?? []).map { $0["label_place"] as? String } }
        #expect(places(state) == ["own", "own"], "\(state["contacts"] ?? "")")
        try x.xdotool(["key", "--window", window, "k"])
        state = try journey.step("wizard-over-one", after: 1)
        #expect(state["screen"] as? String == "calibrate")
        #expect(places(state) == ["own", "leader"], "the one under the panel is led: \(state["contacts"] ?? "")")
        let texts = (state["texts"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        #expect(texts.contains("50.0% ▸"), "its label points at the panel: \(texts)")
        try x.xdotool(["key", "--window", window, "Escape"])
        state = try journey.step("cancelled")
        #expect(state["screen"] as? String == "scale")
        #expect(places(state) == ["own", "own"], "\(state["contacts"] ?? "")")
    }

    /// By a force replay: the same three references as real pressures,
    /// each perfectly still (one down, no move), the wizard's buttons
    /// tapped where the state document of the replay so far puts them (a
    /// render of the prefix), the masses typed and confirmed with Enter.
    @Test func threeReferencesByAForceReplay() throws {
        var lines = [#"{"plumscale-replay":1,"device":{"name":"journey panel","pressure":true}}"#, #"{"t":0.5,"type":"key","key":"k"}"#]
        let dir = Paths.temporaryDirectory("journey-calibrate-plan")
        /// Where the button `name` is once the replay so far has played.
        func tap(_ name: String, at t: Double, id: Int) throws {
            let file = dir.appendingPathComponent("prefix.jsonl")
            try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
            let state = dir.appendingPathComponent("prefix.json")
            let result = try runPlumscale([
                "render", "--replay", file.path, "--at", "\(t)", "--size", "1280x720", "--out",
                dir.appendingPathComponent("prefix.png").path,
                "--state", state.path,
            ])
            guard result.status == 0, let at = Journey.element(name, in: try readJSON(state)) else {
                throw WaitFailure("no \(name) at \(t) s: \(result.stderr)")
            }
            let x = Double(at.0) / 1280
            let y = Double(at.1) / 720
            lines.append(#"{"t":\#(t),"type":"down","id":\#(id),"x":\#(x),"y":\#(y),"pressure":0.3}"#)
            lines.append(#"{"t":\#(t + 0.1),"type":"up","id":\#(id)}"#)
        }
        func type(_ text: String, at t: Double) {
            for (i, digit) in text.enumerated() { lines.append(#"{"t":\#(t + Double(i) * 0.1),"type":"key","key":"\#(digit)"}"#) }
        }
        try tap("zero", at: 1.0, id: 100)
        let references: [(Double, String)] = [(0.5, "100"), (0.7, "140"), (0.9, "180")]
        var t = 1.5
        for (i, (pressure, grams)) in references.enumerated() {
            // The first mass typed before the reference is placed, the others after.
            if i == 0 { type(grams, at: t) }
            lines.append(#"{"t":\#(t + 0.5),"type":"down","id":\#(i + 1),"x":\#(0.15 + Double(i) * 0.15),"y":0.5,"pressure":\#(pressure)}"#)
            if i > 0 { type(grams, at: t + 1.5) }
            // Enter 3.5 s after the reference is placed: it has settled, and
            // the step before Enter is shot with seconds to spare.
            lines.append(#"{"t":\#(t + 4),"type":"key","key":"return"}"#)
            lines.append(#"{"t":\#(t + 6),"type":"up","id":\#(i + 1)}"#)
            if i < references.count - 1 { try tap("another", at: t + 6.5, id: 101 + i) }
            t += 7
        }
        try tap("finish", at: t, id: 110)
        try tap("save", at: t + 0.5, id: 111)
        let weighedAt = t + 1.5
        lines.append(#"{"t":\#(weighedAt),"type":"down","id":9,"x":0.5,"y":0.5,"pressure":0.6}"#)
        let journey = try Journey("calibrate-replay", size: (1280, 720), replay: lines)
        // Each step is shot in a quiet stretch of the replay as it comes,
        // and checked once the replay has played: rendering and comparing
        // one step takes seconds on a loaded machine, and the next step's
        // stretch would pass meanwhile (seen in CI: a shot meant for 5.3 s
        // came after the second reference was captured).
        let shots = JourneyShots(journey)
        let wizard = { (state: [String: Any]) in state["wizard"] as? [String: Any] ?? [:] }
        try shots.take("ref1-typed-placed", at: 3.3) { state in
            #expect((wizard(state)["points"] as? [Any])?.count == 1, "nothing captured before Enter: \(wizard(state))")
            #expect(wizard(state)["typed"] as? String == "100")
        }
        try shots.take("ref1-captured", at: 6.3) { state in
            #expect((wizard(state)["points"] as? [Any])?.count == 2, "Enter captured the still reference: \(wizard(state))")
        }
        // "Calibration saved" stays 4 s from the save (weighedAt - 1): the
        // shot is taken 1.5 s after it has gone, never at its edge.
        var state: [String: Any] = [:]
        try shots.take("weighed", at: weighedAt + 4.5) { state = $0 }
        try shots.check()
        #expect(state["screen"] as? String == "scale")
        let calibration = state["calibration"] as? [String: Any] ?? [:]
        #expect(calibration["calibrated"] as? Bool == true, "\(calibration)")
        let residual = calibration["max_residual_g"] as? Double ?? 0
        let grams = (state["contacts"] as? [[String: Any]])?.first?["grams"] as? Double
        #expect(abs((grams ?? 0) - 120) <= max(residual, 0.1) + 0.05, "60% of 200 g is 120 g (residual \(residual)): \(grams ?? -1)")
    }
}
