import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleTestSupport

// Expected figures were derived from the files with awk, not from this code:
//   frames = number of `E: ... 0000 0000 ...` lines (SYN_REPORT);
//   touches = tracking-id events (`0003 0039`) with value >= 0 in a slot that
//     had none (each is followed by a `-001` in the same slot; the counts of
//     both kinds are equal in every file: 12/12, 66/66, 12/12);
//   max simultaneous = the most slots holding a tracking id >= 0 at a
//     SYN_REPORT, with the slot starting at 0 (no ABS_MT_SLOT before the
//     first touch in nexus4 and dell).

/// Replays of the four real recordings in shared/recordings (beside the
/// repository, not in it: each test is skipped, saying why, without them).
@Suite struct EvdevRecordingReplayTests {
    @Test(.needsSharedRecordings(SharedRecordings.nexus4)) func nexus4ReplaysWithForce() throws {
        let recording = try EvemuRecording(contentsOf: SharedRecordings.path(SharedRecordings.nexus4))
        #expect(recording.device.forceMode == .force)
        #expect(recording.device.slotCount == 10)  // A: 2f 0 9
        #expect(recording.firstTimestamp == 75.280046)  // first E: line
        #expect(recording.events.first?.time == 0)
        // Last E: line is at 83.174xxx s: about 7.9 s.
        #expect(recording.duration > 7.8 && recording.duration < 8.0)
        let replay = try ReplaySummary(recording)
        // 577 SYN_REPORT lines; 12 tracking ids >= 0 (5...16 in order), 12 `-001`;
        // 1, 2, 3 then 4 slots in use at once: at most 4.
        #expect(replay.frames.count == 577)
        #expect(replay.maxSimultaneous == 4)
        #expect(replay.downs == 12 && replay.ups == 12)
        #expect(replay.distinctIDs == Set(1...12))
        // ABS_MT_PRESSURE (3a) values in the file run 24...66 of 0...255.
        let pressures = replay.frames.flatMap { $0.contacts.compactMap(\.pressure) }
        #expect(pressures.count == replay.frames.map(\.contacts.count).reduce(0, +))  // never nil
        #expect(pressures.min() == 24.0 / 255)
        #expect(pressures.max() == 66.0 / 255)
        // ABS_MT_TOUCH_MAJOR (30) values 3...5 of 0...15.
        let majors = replay.frames.flatMap { $0.contacts.compactMap(\.touchMajor) }
        #expect(majors.min() == 3.0 / 15 && majors.max() == 5.0 / 15)
        // First touch: x 890 of 0...1535, y 576 of 0...2559, pressure 55.
        let first = replay.frames[0].contacts
        #expect(
            first == [
                TouchSample(
                    id: 1, x: 890.0 / 1535, y: 576.0 / 2559,
                    pressure: 55.0 / 255, touchMajor: 5.0 / 15)
            ])
    }

    @Test(.needsSharedRecordings(SharedRecordings.wacom)) func wacomReplaysWithArea() throws {
        let recording = try EvemuRecording(contentsOf: SharedRecordings.path(SharedRecordings.wacom))
        #expect(recording.device.forceMode == .area)  // A: 30 present, no A: 3a
        #expect(recording.device.slotCount == 10)
        #expect(recording.events.count == 16_593)  // E: lines
        let replay = try ReplaySummary(recording)
        // 2025 SYN_REPORTs; 66 touches; 570 frames have all 10 slots in use.
        #expect(replay.frames.count == 2025)
        #expect(replay.maxSimultaneous == 10)
        #expect(replay.downs == 66 && replay.ups == 66)
        #expect(replay.frames.allSatisfy { $0.contacts.allSatisfy { $0.pressure == nil && $0.touchMajor != nil } })
    }

    @Test(.needsSharedRecordings(SharedRecordings.dellCanvas)) func dellCanvasReplaysPositionOnly() throws {
        let recording = try EvemuRecording(contentsOf: SharedRecordings.path(SharedRecordings.dellCanvas))
        #expect(recording.device.name == "Advanced Silicon S.A. CoolTouch® System")
        #expect(recording.device.forceMode == .position)  // neither 30 nor 3a
        #expect(recording.device.slotCount == 5)  // A: 2f 0 4
        // `A: 35 0 32767 0 0 55`: six fields, the resolution is kept.
        #expect(recording.device.axes[AbsCode.mtPositionX]?.resolution == 55)
        #expect(recording.events.count == 5363)
        let replay = try ReplaySummary(recording)
        // 450 SYN_REPORTs; 12 touches; the first frame already holds 2 (slot 0
        // implied for tracking id 0, then slot 1); at most all 5 slots.
        #expect(replay.frames.count == 450)
        #expect(replay.frames[0].contacts.count == 2)
        #expect(replay.maxSimultaneous == 5)
        #expect(replay.downs == 12 && replay.ups == 12)
        #expect(replay.frames.allSatisfy { $0.contacts.allSatisfy { $0.pressure == nil && $0.touchMajor == nil } })
        // First contact: 8822 / 32767, 21515 / 32767.
        #expect(replay.frames[0].contacts[0].x == 8822.0 / 32767)
    }

    @Test(.needsSharedRecordings(SharedRecordings.ntrig)) func ntrigProtocolADecodesTwoFingers() throws {
        let recording = try EvemuRecording(contentsOf: SharedRecordings.path(SharedRecordings.ntrig))
        // No `# EVEMU` header: the file starts with `N:`.
        #expect(EvemuRecording.isEvemu(try String(contentsOfFile: SharedRecordings.path(SharedRecordings.ntrig), encoding: .utf8)))
        #expect(recording.device.isProtocolA)  // A: 35 but no A: 2f
        #expect(recording.device.forceMode == .area)  // A: 30 (touch major), no pressure
        #expect(recording.events.count == 2203)
        let replay = try ReplaySummary(recording)
        // Counting SYN_MT_REPORTs (0000 0002) between SYN_REPORTs gives 219 frames:
        // 93 with one group, 49 with two, 76 with one, then one empty frame.
        // Finger 1 stays near (1588, 6097); finger 2 lands at frame 94 near
        // (7197, 2070), far away (x range 0...9600); at frame 143 finger 1
        // (1577, 6090) is gone and finger 2 goes on near (7183, 2192); neither
        // moves more than 89 units between frames (nearest-neighbour steps, awk),
        // far under the 0.15 (1440 units) matching limit. So: 2 contacts, ids 1, 2.
        #expect(replay.frames.count == 219)
        #expect(
            replay.frames.map(\.contacts.count) == Array(repeating: 1, count: 93)
                + Array(repeating: 2, count: 49) + Array(repeating: 1, count: 76) + [0])
        #expect(replay.distinctIDs == [1, 2])
        #expect(replay.frames[93].contacts.map(\.id) == [1, 2])
        #expect(replay.frames[142].contacts.map(\.id) == [2])
        #expect(replay.downs == 2 && replay.ups == 2)
        #expect(replay.frames[0].contacts[0].x == 1588.0 / 9600)
    }

    @Test(.needsSharedRecordings(SharedRecordings.nexus4)) func recordingAsDescriptionPlusEventsFiles() throws {
        // nexus4 was made by concatenating n4.desc and n4.events: split it again
        // at the first E: line and read the two parts as two files.
        let whole = try String(contentsOfFile: SharedRecordings.path(SharedRecordings.nexus4), encoding: .utf8)
        let cut = whole.range(of: "\nE: ")!.lowerBound
        let split = try EvemuRecording(
            descriptionText: String(whole[...cut]), descriptionFile: "n4.desc",
            eventsText: String(whole[whole.index(after: cut)...]), eventsFile: "n4.events")
        let joined = try EvemuRecording(contentsOf: SharedRecordings.path(SharedRecordings.nexus4))
        #expect(split.device == joined.device)
        #expect(split.events == joined.events)
    }
}
