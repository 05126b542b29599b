import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Item 1 of the station rig: a uinput device made from a recording's
/// description plays the recording's events through the uinput fd, in a VM
/// with a real kernel; `plumscale --source evdev` (or `touchpad`) reads it
/// live, and what it showed equals `render --replay` of the recording
/// (LiveComparison). One VM run per test.
@Suite(.serialized, .needsStationRig)
struct LiveInputStationTests {
    /// The project's own recordings: pressure, contact size, positions only,
    /// protocol A, palms, a pen, a touchpad with hover, single touch; the
    /// pressure pads (grams from the device, none, a quirk-listed one, and
    /// one that gives its own total force).
    static let own = [
        OwnRecordings.pressure, OwnRecordings.touchMajor, OwnRecordings.positionOnly, OwnRecordings.protocolA,
        OwnRecordings.palm, OwnRecordings.pen, OwnRecordings.hoverTouchpad, OwnRecordings.singleTouchPressure,
        OwnRecordings.pressurePadGrams, OwnRecordings.pressurePadNoResolution, OwnRecordings.pressurePadQuirk,
        OwnRecordings.pressurePadTotal,
    ]

    @Test func ownRecordingsLiveEqualTheirReplays() throws {
        let paths = Self.own.map(OwnRecordings.path)
        let run = try StationRig.run("live-replay", paths, timeout: 600)
        print("station: live-replay of \(paths.count) recordings in \(Int(run.seconds)) s:\n\(run.log)")
        for path in paths {
            let (frames, checkpoints) = try LiveComparison(recording: path, liveDirectory: run.directory).check()
            print("station: \(URL(fileURLWithPath: path).lastPathComponent): \(frames) frames, \(checkpoints) state documents equal")
            // check() throws on the first frame or document that differs; it
            // must also have compared something: its frames and its checkpoints.
            #expect(frames > 0 && checkpoints > 0, "\(path): \(frames) frames, \(checkpoints) checkpoints compared")
        }
    }

    @Test(
        .needsSharedRecordings(SharedRecordings.nexus4, SharedRecordings.wacom, SharedRecordings.dellCanvas, SharedRecordings.ntrig))
    func realRecordingsLiveEqualTheirReplays() throws {
        let paths = [SharedRecordings.nexus4, SharedRecordings.wacom, SharedRecordings.dellCanvas, SharedRecordings.ntrig].map(
            SharedRecordings.path)
        let run = try StationRig.run("live-replay", paths, timeout: 600)
        print("station: live-replay of \(paths.count) real recordings in \(Int(run.seconds)) s:\n\(run.log)")
        for path in paths {
            let (frames, checkpoints) = try LiveComparison(recording: path, liveDirectory: run.directory).check()
            print("station: \(URL(fileURLWithPath: path).lastPathComponent): \(frames) frames, \(checkpoints) state documents equal")
            // check() throws on the first frame or document that differs; it
            // must also have compared something: its frames and its checkpoints.
            #expect(frames > 0 && checkpoints > 0, "\(path): \(frames) frames, \(checkpoints) checkpoints compared")
        }
    }
}
