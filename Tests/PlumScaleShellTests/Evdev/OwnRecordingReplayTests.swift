import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// Replays of the project's own recordings (Fixtures/recordings), through the
/// same entry points as the real recordings' tests, so the evemu path is
/// covered in a clone with nothing beside it. Every expected value is one
/// written into the file: its header lists the contacts and their raw
/// values; a fraction is the raw value over the axis' range (all minima 0).
@Suite struct EvdevOwnRecordingReplayTests {
    static func load(_ name: String) throws -> EvemuRecording {
        try EvemuRecording(contentsOf: OwnRecordings.path(name))
    }

    /// A frame's contacts, times aside (they are checked on their own).
    static func contacts(_ replay: ReplaySummary) -> [[TouchSample]] { replay.frames.map(\.contacts) }

    static func times(_ replay: ReplaySummary, match expected: [Double]) -> Bool {
        replay.frames.count == expected.count
            && zip(replay.frames, expected).allSatisfy { abs($0.time - $1) < 1e-9 }
    }

    @Test func pressurePanelGivesEachContactItsOwnForce() throws {
        let recording = try Self.load(OwnRecordings.pressure)
        let device = recording.device
        #expect(device.name == "PlumScale fixture pressure panel")
        #expect([device.bus, device.vendor, device.product, device.version] == [0x18, 0x1209, 0x0001, 0x0100] as [Int])
        #expect(device.properties == Set([1]))  // INPUT_PROP_DIRECT
        #expect(device.supports(type: EventType.key, code: KeyCode.btnTouch))
        #expect(device.forceMode == .force)
        #expect(!device.isProtocolA)
        #expect(device.slotCount == 10)  // A: 2f 0 9
        #expect(device.axes[AbsCode.mtPressure] == AbsAxis(code: 0x3a, minimum: 0, maximum: 1000))
        #expect(device.axes[AbsCode.mtPositionX] == AbsAxis(code: 0x35, minimum: 0, maximum: 3200, resolution: 10))
        #expect(recording.firstTimestamp == 1200.5)
        #expect(recording.events.first?.time == 0)
        #expect(recording.duration == 1.0)  // 1201.500000 - 1200.500000
        #expect(recording.events.count == 44)  // E: lines

        let replay = try ReplaySummary(recording)
        let x = { (raw: Double) in raw / 3200 }
        let y = { (raw: Double) in raw / 1800 }
        let force = { (raw: Double) in raw / 1000 }
        let one = TouchSample(id: 1, x: x(800), y: y(450), pressure: force(200), touchMajor: nil)
        let two = TouchSample(id: 2, x: x(1600), y: y(900), pressure: force(600), touchMajor: nil)
        let three = TouchSample(id: 3, x: x(2400), y: y(1350), pressure: force(400), touchMajor: nil)
        var oneHarder = one
        var twoMoved = two
        var threeHeaviest = three
        oneHarder.pressure = force(300)
        twoMoved.x = x(1640)
        threeHeaviest.pressure = force(800)
        // Slot 0 again, tracking id 103: a new contact. Its x was not sent
        // (unchanged), so it is slot 0's last one, 800.
        let four = TouchSample(id: 4, x: x(800), y: y(1350), pressure: force(500), touchMajor: nil)
        #expect(
            Self.contacts(replay) == [
                [one],
                [one, two],
                [one, two, three],
                [oneHarder, twoMoved, threeHeaviest],
                [oneHarder, threeHeaviest],
                [threeHeaviest],
                [four, threeHeaviest],  // slot order: 0, then 2
                [],
            ])
        #expect(Self.times(replay, match: [0, 0.02, 0.04, 0.1, 0.5, 0.6, 0.7, 1.0]))
        #expect(replay.maxSimultaneous == 3)
        #expect(replay.downs == 4 && replay.ups == 4)
        #expect(replay.distinctIDs == Set(1...4))
        // Different pressures: at 0.1 s the heaviest is contact 3 (800 of 1000).
        #expect(replay.frames[3].contacts.max { ($0.pressure ?? 0) < ($1.pressure ?? 0) }?.id == 3)
    }

    @Test func touchMajorPanelGivesSizesAndNoPressure() throws {
        let recording = try Self.load(OwnRecordings.touchMajor)
        #expect(recording.device.name == "PlumScale fixture area panel")
        #expect(recording.device.forceMode == .area)  // A: 30, no A: 3a
        #expect(recording.device.slotCount == 5)
        #expect(recording.firstTimestamp == 50)
        #expect(recording.events.count == 27)

        let replay = try ReplaySummary(recording)
        let x = { (raw: Double) in raw / 1920 }
        let y = { (raw: Double) in raw / 1080 }
        // Touch major is in surface units (those of the positions, 8 per mm):
        // mm over 30 mm, ContactSizeScale's full scale.
        let major = { (raw: Double) in raw / 8 / 30 }
        // The recording starts in slot 1; MSC_TIMESTAMP is not part of a contact.
        let one = TouchSample(id: 1, x: x(480), y: y(270), pressure: nil, touchMajor: major(51))
        let two = TouchSample(id: 2, x: x(1440), y: y(810), pressure: nil, touchMajor: major(153))
        var oneGrown = one
        oneGrown.touchMajor = major(102)
        #expect(Self.contacts(replay) == [[one], [one, two], [oneGrown, two], []])
        #expect(Self.times(replay, match: [0, 0.05, 0.1, 0.5]))
        #expect(replay.downs == 2 && replay.ups == 2)
        #expect(replay.frames.allSatisfy { $0.contacts.allSatisfy { $0.pressure == nil } })
    }

    @Test func positionOnlyPanelGivesPositionsAlone() throws {
        let recording = try Self.load(OwnRecordings.positionOnly)
        #expect(recording.device.name == "PlumScale fixture: écran tactile")
        #expect(recording.device.forceMode == .position)  // neither A: 30 nor A: 3a
        #expect(recording.device.slotCount == 5)
        #expect(recording.firstTimestamp == 3.99999)
        #expect(recording.events.count == 42)

        let replay = try ReplaySummary(recording)
        let at = { (rawX: Double, rawY: Double, id: Int) in
            TouchSample(id: id, x: rawX / 3840, y: rawY / 2160, pressure: nil, touchMajor: nil)
        }
        // Tracking id 0 is a contact like any other; two contacts in the first frame.
        let one = at(384, 216, 1)
        let two = at(1920, 1080, 2)
        let three = at(3456, 1944, 3)
        let four = at(960, 1620, 4)
        let five = at(2880, 540, 5)
        let twoMoved = at(1900, 1100, 2)
        #expect(
            Self.contacts(replay) == [
                [one, two],
                [one, two, three],
                [one, two, three, four],
                [one, two, three, four, five],
                [one, twoMoved, three, four, five],
                [],
            ])
        // 3.999990 to 4.399990 s: the times cross a whole second.
        #expect(Self.times(replay, match: [0, 0.01, 0.02, 0.03, 0.2, 0.4]))
        #expect(replay.maxSimultaneous == 5)
        #expect(replay.downs == 5 && replay.ups == 5)
        // All five lift in one frame: five ups at the same time.
        #expect(replay.events.suffix(5).map(\.kind) == (1...5).map { .touchUp(id: $0) })
    }

    @Test func protocolAPanelKeepsEachFingerWhenTheOrderChanges() throws {
        let recording = try Self.load(OwnRecordings.protocolA)
        #expect(recording.device.name == "PlumScale fixture protocol A panel")
        #expect(recording.device.isProtocolA)  // A: 35, no A: 2f
        #expect(recording.device.slotCount == 0)
        #expect(recording.device.forceMode == .force)  // A: 3a
        #expect(recording.firstTimestamp == 7.25)
        #expect(recording.events.count == 40)

        let replay = try ReplaySummary(recording)
        let at = { (id: Int, rawX: Double, rawY: Double, rawP: Double) in
            TouchSample(id: id, x: rawX / 1600, y: rawY / 900, pressure: rawP / 255, touchMajor: nil)
        }
        // Frame 3 sends finger B first: nearest-neighbour matching keeps the ids.
        #expect(
            Self.contacts(replay) == [
                [at(1, 400, 225, 51)],
                [at(1, 404, 226, 102), at(2, 1200, 675, 204)],
                [at(1, 408, 228, 153), at(2, 1196, 672, 204)],
                [at(2, 1190, 670, 204)],
                [],  // a lone SYN_MT_REPORT
            ])
        #expect(Self.times(replay, match: [0, 0.02, 0.04, 0.3, 0.5]))
        #expect(replay.downs == 2 && replay.ups == 2)
    }

    @Test func ownRecordingAsDescriptionPlusEventsFiles() throws {
        let whole = try String(contentsOfFile: OwnRecordings.path(OwnRecordings.pressure), encoding: .utf8)
        let cut = try #require(whole.range(of: "\nE: ")).lowerBound
        let split = try EvemuRecording(
            descriptionText: String(whole[...cut]), descriptionFile: "panel.desc",
            eventsText: String(whole[whole.index(after: cut)...]), eventsFile: "panel.events")
        let joined = try Self.load(OwnRecordings.pressure)
        #expect(split.device == joined.device)
        #expect(split.events == joined.events)
        #expect(split.firstTimestamp == 1200.5)
    }

    /// The loader `plumscale render --replay` uses: the device's name and
    /// force mode, and the same events as the decoder gives.
    @Test(arguments: [
        (OwnRecordings.pressure, "PlumScale fixture pressure panel", ForceMode.force),
        (OwnRecordings.touchMajor, "PlumScale fixture area panel", ForceMode.area),
        (OwnRecordings.positionOnly, "PlumScale fixture: écran tactile", ForceMode.position),
        (OwnRecordings.protocolA, "PlumScale fixture protocol A panel", ForceMode.force),
    ])
    func replayLoaderReadsOwnRecording(file: String, name: String, mode: ForceMode) throws {
        let replay = try ReplayLoader.load(path: OwnRecordings.path(file))
        #expect(replay.device.name == name)
        #expect(replay.device.mode == mode)
        #expect(replay.events == (try Self.load(file).inputEvents()))
    }
}
