import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore

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
        state = try journey.step("weighed", after: 2)
        let contacts = state["contacts"] as? [[String: Any]] ?? []
        #expect(contacts.count == 1, "\(contacts)")
        let grams = contacts.first?["grams"] as? Double
        #expect(abs((grams ?? 0) - 120) <= max(residual, 0.1) + 0.05, "60% of 200 g is 120 g (residual \(residual)): \(contacts)")
    }
}
