import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Item 4 of the station rig: hot-plug with udev. systemd-udevd runs in the
/// VM; the project's pressure panel is unplugged while three objects lie on
/// it and plugged back a second later (a new uinput device, the same
/// objects on it). The program must read the new device within a second of
/// udev saying it arrived, show the objects again where they lie, and take
/// the old contacts away while the panel is away.
@Suite(.serialized, .needsStationRig)
struct HotPlugStationTests {
    @Test func aPanelPluggedBackIsReadAgainWithinASecond() throws {
        let run = try StationRig.run("hot-plug", [DeviceStateStationTests.panel, "3"], timeout: 300)
        print("station: hot-plug in \(Int(run.seconds)) s:\n\(run.log)")
        let stem = "pressure-panel.hot-plug"
        // The program waits for udev's "add" (its rules have run, the node
        // has its final permissions); under TCG udev itself takes a while.
        let figures = try readJSON(run.file(stem + ".reopen.json"))
        let fromPlug = try #require(figures["from_plug"] as? Double, "the program never read the panel plugged back: \(figures)")
        let fromUdev = try #require(figures["from_udev"] as? Double, "udev never said the panel was back: \(figures)")
        print("station: hot-plug: read again \(fromPlug) s after the plug, \(fromUdev) s after udev's add")
        #expect(fromUdev < 1.0, "read again \(fromUdev) s after udev said the panel was back")
        let live = try ReplayLoader.load(path: run.file(stem + ".live.jsonl").path)
        // Unplugged: every contact ends (lifted or cancelled) before the new
        // device's contacts begin; at the end, the three objects are shown.
        var shown: [Int: TouchSample] = [:]
        var emptiedOnce = false
        for event in live.events {
            switch event.kind {
            case .touchDown(let s), .touchMove(let s): shown[s.id] = s
            case .touchUp(let id), .touchCancel(let id):
                shown[id] = nil
                if shown.isEmpty { emptiedOnce = true }
            default: break
            }
        }
        #expect(emptiedOnce, "the contacts of the unplugged panel were never taken away")
        let final = DeviceStateStationTests.deviceUnits(shown)
        #expect(DeviceStateStationTests.close(final, DeviceStateStationTests.downAtStart), "shown at the end: \(final)")
        let status = try String(contentsOf: run.file(stem + ".status"), encoding: .utf8)
        #expect(status.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "plumscale exited \(status)")
    }
}
