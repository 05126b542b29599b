import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Journey: a notice over five objects (found by looking at the gallery).
/// A person lays five objects on a calibrated scale (the centre, two edges,
/// two corners), types a preset tare on the keyboard, then records. In
/// portrait the notice ("Preset tare 13 g", "Saved weighing #1") lay across
/// a ring, hiding the edge of an object, while the inside of a circle was
/// free. After each, the window (from the X server) must be the frame
/// `render` draws for that moment, and the notice's plate (the state
/// document's `notice_rect`) must be crossed by no ring.
@Suite struct JourneyNoticeTests {
    static let config =
        #"{"calibrations": {"journey panel": {"points": [{"force": 0, "grams": 0}, {"force": 0.5, "grams": 500}]}}}"#

    /// The gallery's five: the centre, two edges, two corners.
    static let objects: [(Double, Double, Double)] = [
        (0.5, 0.5, 0.42), (0.0, 0.5, 0.30), (1.0, 0.45, 0.55), (0.0, 0.0, 0.20), (1.0, 1.0, 0.86),
    ]

    static let replay: [String] = {
        var lines = [#"{"plumscale-replay":1,"device":{"name":"journey panel","pressure":true}}"#]
        for (i, o) in objects.enumerated() {
            let t = 0.2 + Double(i) * 0.3
            lines.append(#"{"t":\#(t),"type":"down","id":\#(i + 1),"x":\#(o.0),"y":\#(o.1),"pressure":\#(o.2)}"#)
        }
        for (i, key) in ["p", "1", "3", "enter"].enumerated() {
            lines.append(#"{"t":\#(7.0 + Double(i) * 0.1),"type":"key","key":"\#(key)"}"#)
        }
        lines.append(#"{"t":11.0,"type":"key","key":"space"}"#)
        return lines
    }()

    /// Each contact's ring that crosses the notice's plate, in words.
    static func ringsAcross(_ state: [String: Any]) -> [String] {
        guard let r = state["notice_rect"] as? [Double], r.count == 4 else { return ["no notice_rect: \(state["notice_rect"] ?? "")"] }
        let plate = Rect(x: r[0], y: r[1], width: r[2], height: r[3])
        let contacts = state["contacts"] as? [[String: Any]] ?? []
        return contacts.compactMap { c in
            let circle = DrawnCircle(
                center: Point(c["x"] as? Double ?? 0, c["y"] as? Double ?? 0), radius: c["radius"] as? Double ?? 0,
                ringWidth: Plum.strokeWidth)
            return circle.ringCrosses(plate)
                ? "the ring at (\(Int(circle.center.x)), \(Int(circle.center.y))) r \(Int(circle.radius))" : nil
        }
    }

    @Test(arguments: ["720x1280", "800x480"])
    func aNoticeOverFiveObjects(size: String) throws {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        let journey = try Journey("notice-\(size)", size: (parts[0], parts[1]), replay: Self.replay, config: Self.config)
        let shots = JourneyShots(journey)
        try shots.take("five", at: 3.5) { state in
            #expect((state["contacts"] as? [Any])?.count == 5, "\(size): five objects")
            #expect(state["notice"] is NSNull, "\(size): no notice yet: \(state["notice"] ?? "")")
        }
        try shots.take("preset-tare", at: 8.0) { state in
            #expect((state["notice"] as? String)?.hasPrefix("Preset tare 13") == true, "\(size): \(state["notice"] ?? "")")
            let across = Self.ringsAcross(state)
            #expect(across.isEmpty, "\(size): the preset tare's notice is crossed by \(across)")
        }
        try shots.take("recorded", at: 11.8) { state in
            #expect((state["notice"] as? String)?.hasPrefix("Saved weighing #") == true, "\(size): \(state["notice"] ?? "")")
            let across = Self.ringsAcross(state)
            #expect(across.isEmpty, "\(size): the record's notice is crossed by \(across)")
        }
        try shots.check()
    }
}
