import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// Objects already on the panel: the reader loads the device's state at open
/// and at every reopen (libevdev's slot values for a live device; the test
/// seam's `initialState` here), so they appear at once with their values.
@Suite struct EvdevReaderStateTests {
    /// Two objects down in slots 1 and 3 before the program starts; slot 3
    /// is the current one, so the kernel's next event for it carries no
    /// ABS_MT_SLOT.
    static let twoDown = DeviceSnapshot(
        slots: [
            .init(trackingID: -1),
            .init(trackingID: 40, x: 250, y: 100, pressure: 50),
            .init(trackingID: -1),
            .init(trackingID: 41, x: 750, y: 400, pressure: 150, touchMajor: 5),
        ],
        currentSlot: 3, touching: true)

    @Test func objectsAlreadyDownAppearAtOpenWithTheirValues() throws {
        var fds: [Int32] = [0, 0]
        #expect(closeOnExecPipe(&fds) == 0)
        defer { close(fds[0]) }
        let log = OutputLog()
        let reader = try EvdevReader(
            fd: fds[0], device: slotDevice(), initialState: { Self.twoDown }, handler: { log.append($0) })
        reader.start()
        defer { reader.stop() }
        try #require(log.wait { $0.frames.count == 1 })
        let downs = log.events.compactMap { if case .touchDown(let s) = $0.kind { s } else { nil } }
        #expect(
            downs == [
                TouchSample(id: 1, x: 0.25, y: 0.2, pressure: 0.25, touchMajor: 0),
                TouchSample(id: 2, x: 0.75, y: 0.8, pressure: 0.75, touchMajor: 0.5),
            ])
        // Only the pressure of the current slot (3) comes: no phantom x = 0,
        // the position is the one loaded.
        writeAll(fds[1], rawEvents([abs(AbsCode.mtPressure, 200, 1), syn(1)]))
        try #require(log.wait { $0.frames.count == 2 })
        #expect(log.frames[1].contacts == [downs[0], TouchSample(id: 2, x: 0.75, y: 0.8, pressure: 1, touchMajor: 0.5)])
        close(fds[1])
    }

    @Test func objectsDownWhenTheDeviceComesBackAppear() throws {
        let path = NSTemporaryDirectory() + "plumscale-state-fifo-\(getpid())"
        unlink(path)
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        // Empty at open; two objects down when the device is back.
        let opened = OpenCount()
        let log = OutputLog()
        let reader = try EvdevReader(
            rawPath: path, device: slotDevice(),
            initialState: { opened.next() == 0 ? DeviceSnapshot() : Self.twoDown },
            handler: { log.append($0) })
        reader.start()
        defer { reader.stop() }
        var writer = open(path, O_WRONLY | O_CLOEXEC)
        writeAll(writer, rawEvents([abs(AbsCode.mtTrackingID, 1, 1), abs(AbsCode.mtPositionX, 500, 1), syn(1)]))
        try #require(log.wait { $0.frames.count == 1 })
        close(writer)
        try #require(log.wait { $0.lostCount == 1 })
        try #require(log.wait(3) { $0.backCount == 1 && $0.frames.count == 2 })
        // Fresh ids after the loss (1 was the first contact, cancelled).
        #expect(log.frames[1].contacts.map(\.id) == [2, 3])
        #expect(log.frames[1].contacts.map(\.x) == [0.25, 0.75])
        writer = open(path, O_WRONLY | O_CLOEXEC)
        close(writer)
    }
}

extension EvdevReaderStateTests {
    /// `--record-evemu`: the frames the reader hands over, the loaded state
    /// first, make a recording that decodes to what the reader reported.
    @Test func rawFramesMakeARecordingOfWhatWasRead() throws {
        var fds: [Int32] = [0, 0]
        #expect(closeOnExecPipe(&fds) == 0)
        defer { close(fds[0]) }
        let log = OutputLog()
        let raw = RawLog()
        let reader = try EvdevReader(
            fd: fds[0], device: slotDevice(), initialState: { Self.twoDown }, handler: { log.append($0) })
        reader.rawFrames = { raw.append($0) }
        reader.start()
        defer { reader.stop() }
        // Closed first, whatever happens: the reader sees the end and stops.
        defer { close(fds[1]) }
        writeAll(fds[1], rawEvents([abs(AbsCode.mtPressure, 200, 1), syn(1), abs(AbsCode.mtTrackingID, -1, 2), syn(2)]))
        try #require(log.wait { $0.frames.count == 3 })
        #expect(raw.wait { $0.count == 3 })
        var last = 0.0
        let text = EvemuWriter.header(slotDevice()) + EvemuWriter.lines(raw.events, after: &last)
        let recording = try EvemuRecording(text: text, file: "recorded.evemu")
        let decoded = try recording.frames().map(\.contacts)
        #expect(decoded == log.frames.map(\.contacts))
    }
}

/// The raw frames a reader hands over, from its thread.
final class RawLog: @unchecked Sendable {
    private let lock = NSLock()
    private var frames: [[KernelEvent]] = []

    func append(_ frame: [KernelEvent]) { lock.withLock { frames.append(frame) } }
    var count: Int { lock.withLock { frames.count } }
    var events: [KernelEvent] { lock.withLock { frames.flatMap { $0 } } }

    func wait(_ seconds: Double = 5, until condition: (RawLog) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(self) { return true }
            usleep(5_000)
        }
        return condition(self)
    }
}

/// Counts the calls of the state seam, from the reader's thread.
final class OpenCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.withLock {
            defer { count += 1 }
            return count
        }
    }
}
