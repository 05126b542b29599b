import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// Pens, palms, hovering fingers and objects already down, from the
/// project's own recordings (Fixtures/recordings, each header lists what
/// happens when). Decoder-level: replays and the live reader both get it.
@Suite struct ToolAndHoverRecordingTests {
    static func replay(_ name: String) throws -> (EvemuRecording, ReplaySummary) {
        let recording = try EvemuRecording(contentsOf: OwnRecordings.path(name))
        return (recording, try ReplaySummary(recording))
    }

    @Test func palmsAreNeverShownAndAPalmMidTouchCancels() throws {
        let (recording, replay) = try Self.replay(OwnRecordings.palm)
        #expect(recording.device.kind == .touchscreen)
        // 10 is a finger (id 1), 11 a palm from the start (id 2, never
        // shown), 12 a finger after the lift (id 3).
        #expect(replay.story == ["0 down 1", "0.1 move 1", "0.2 cancel 1", "0.5 down 3", "0.6 up 3"])
        #expect(replay.frames.map(\.contacts.count) == [1, 1, 1, 0, 0, 0, 1, 0])
        #expect(replay.frames[6].contacts == [TouchSample(id: 3, x: 960.0 / 1920, y: 300.0 / 1080, pressure: 90.0 / 255)])
    }

    @Test func aPenInTheSlotsIsNeverWeighed() throws {
        let (_, replay) = try Self.replay(OwnRecordings.pen)
        #expect(replay.story == ["0.05 down 2", "0.3 up 2"])
        #expect(replay.frames[1].contacts == [TouchSample(id: 2, x: 3000.0 / 4000, y: 1000.0 / 2500, pressure: 400.0 / 1023)])
    }

    @Test func aPenOnASingleTouchDigitizerIsNeverWeighed() throws {
        // BTN_TOOL_PEN in range: what BTN_TOUCH and ABS_PRESSURE say is the
        // pen's. A finger contact it takes over is cancelled.
        let device = TouchDeviceDescription(
            name: "digitizer",
            axes: [
                AbsAxis(code: AbsCode.x, minimum: 0, maximum: 100), AbsAxis(code: AbsCode.y, minimum: 0, maximum: 100),
                AbsAxis(code: AbsCode.pressure, minimum: 0, maximum: 100),
            ],
            supportedCodes: [EventType.key: [KeyCode.btnTouch, KeyCode.btnToolPen]], properties: [InputProperty.direct])
        var decoder = try MultitouchDecoder(device: device)
        let key = { (code: UInt16, value: Int32, t: Double) in KernelEvent(time: t, type: EventType.key, code: code, value: value) }
        let frames = decoder.decode([
            key(KeyCode.btnTouch, 1, 0), abs(AbsCode.x, 10, 0), abs(AbsCode.pressure, 50, 0), syn(0),
            key(KeyCode.btnToolPen, 1, 1), abs(AbsCode.pressure, 80, 1), syn(1),
            abs(AbsCode.x, 20, 2), syn(2),
            key(KeyCode.btnToolPen, 0, 3), key(KeyCode.btnTouch, 0, 3), syn(3),
        ])
        #expect(frames.map(\.contacts.count) == [1, 0, 0, 0])
        #expect(frames[1].cancelled == [1])
        var converter = TouchFrameConverter()
        #expect(frames.flatMap { converter.events(for: $0) }.map(\.kind).last == .touchCancel(id: 1))
    }

    @Test func aTouchpadShowsOnlyWhatTouches() throws {
        let (recording, replay) = try Self.replay(OwnRecordings.hoverTouchpad)
        #expect(recording.device.kind == .touchpad)
        // Hovering (distance 1) and BTN_TOUCH 0 contacts hidden; touching
        // again after hovering is a new contact.
        #expect(
            replay.story == ["0.05 down 1", "0.1 move 1", "0.2 up 1", "0.3 down 2", "0.4 up 2", "0.5 down 3", "0.6 up 3"])
        #expect(replay.frames[1].contacts == [TouchSample(id: 1, x: 300.0 / 1200, y: 400.0 / 800, pressure: 60.0 / 255)])
        #expect(replay.frames[6].contacts == [TouchSample(id: 3, x: 900.0 / 1200, y: 400.0 / 800, pressure: 80.0 / 255)])
    }

    @Test func anObjectDownBeforeTheRecordingIsNeverAPhantom() throws {
        // In the file alone, slot 0's tracking id and position are unknown:
        // it is not shown (no contact at x = 0), only the new object is.
        let (_, replay) = try Self.replay(OwnRecordings.alreadyDown)
        #expect(replay.story == ["0.1 down 1", "0.4 up 1"])
        #expect(replay.frames.allSatisfy { $0.contacts.allSatisfy { $0.x == 2400.0 / 3200 } })
    }

    @Test func anObjectDownBeforeTheRecordingAppearsWithTheLoadedState() throws {
        // The live path: the state libevdev held at open (the header's),
        // then the same events, through the reader.
        let recording = try EvemuRecording(contentsOf: OwnRecordings.path(OwnRecordings.alreadyDown))
        var slots = Array(repeating: MultitouchDecoder.SlotState(trackingID: -1), count: 10)
        slots[0] = .init(trackingID: 50, x: 1000, y: 600, pressure: 250)
        let state = DeviceSnapshot(slots: slots, currentSlot: 0, touching: true)
        var fds: [Int32] = [0, 0]
        #expect(closeOnExecPipe(&fds) == 0)
        defer { close(fds[0]) }
        let log = OutputLog()
        let reader = try EvdevReader(fd: fds[0], device: recording.device, initialState: { state }, handler: { log.append($0) })
        reader.start()
        defer { reader.stop() }
        writeAll(fds[1], rawEvents(recording.events))
        try #require(log.wait { $0.frames.count == 6 })
        let first = TouchSample(id: 1, x: 1000.0 / 3200, y: 600.0 / 1800, pressure: 0.25)
        var pressed = first
        pressed.pressure = 0.3
        #expect(log.frames[0].contacts == [first])
        #expect(log.frames[1].contacts == [pressed])
        #expect(log.frames[2].contacts.map(\.id) == [1, 2])
        #expect(log.frames[5].contacts.isEmpty)
        close(fds[1])
    }

    @Test func singleTouchPressureIsForce() throws {
        let (recording, replay) = try Self.replay(OwnRecordings.singleTouchPressure)
        #expect(recording.device.forceMode == .force)
        let pressures: [[Double]] = replay.frames.map { $0.contacts.compactMap(\.pressure) }
        let expected: [[Double]] = [[64.0 / 255], [128.0 / 255], []]
        #expect(pressures == expected)
    }
}
