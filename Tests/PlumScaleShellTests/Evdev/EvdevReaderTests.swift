import CEvdev
import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// Collects what a reader reports, from its thread.
final class OutputLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [EvdevReader.Output] = []

    func append(_ output: EvdevReader.Output) { lock.withLock { items.append(output) } }
    var outputs: [EvdevReader.Output] { lock.withLock { items } }
    var frames: [TouchFrame] { outputs.compactMap { if case .frame(let f, _) = $0 { f } else { nil } } }
    var events: [InputEvent] {
        outputs.flatMap { output -> [InputEvent] in
            switch output {
            case .frame(_, let events): return events
            case .deviceLost(_, let cancelled): return cancelled
            case .deviceBack: return []
            }
        }
    }
    var lostCount: Int { outputs.filter { if case .deviceLost = $0 { true } else { false } }.count }
    var backCount: Int { outputs.filter { if case .deviceBack = $0 { true } else { false } }.count }

    /// Waits up to `seconds` for `condition`.
    func wait(_ seconds: Double = 5, until condition: (OutputLog) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(self) { return true }
            usleep(5_000)
        }
        return condition(self)
    }
}

/// Raw `struct input_event` bytes, as the kernel writes them.
func rawEvents(_ events: [KernelEvent]) -> [UInt8] {
    var bytes: [UInt8] = []
    for e in events {
        var raw = input_event()
        raw.time.tv_sec = Int(e.time)
        raw.time.tv_usec = Int(((e.time - Double(Int(e.time))) * 1_000_000).rounded())
        raw.type = e.type
        raw.code = e.code
        raw.value = e.value
        withUnsafeBytes(of: &raw) { bytes.append(contentsOf: $0) }
    }
    return bytes
}

/// Whether nothing is waiting to be read from `fd` (a reader took it all).
func drained(_ fd: Int32) -> Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, 0) == 0
}

func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
    bytes.withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) }
}

@Suite struct EvdevReaderTests {
    @Test func readsRawEventsFromAPipe() throws {
        var fds: [Int32] = [0, 0]
        #expect(closeOnExecPipe(&fds) == 0)
        let log = OutputLog()
        let reader = try EvdevReader(fd: fds[0], device: slotDevice(), timeBase: 100) { log.append($0) }
        reader.start()
        let down = rawEvents([
            abs(AbsCode.mtTrackingID, 3, 100.5), abs(AbsCode.mtPositionX, 250, 100.5),
            abs(AbsCode.mtPositionY, 100, 100.5), abs(AbsCode.mtPressure, 100, 100.5), syn(100.5),
        ])
        // Split inside a record: the reader must keep the half until the rest
        // comes, so the rest is written once the reader has taken the half.
        writeAll(fds[1], Array(down[..<30]))
        try waitFor("the reader to read the first half of the record", timeout: 5) { drained(fds[0]) ? true : nil }
        writeAll(fds[1], Array(down[30...]))
        try #require(log.wait { $0.frames.count == 1 })
        #expect(
            log.events == [
                InputEvent(
                    time: 0.5,
                    .touchDown(
                        TouchSample(id: 1, x: 0.25, y: 0.2, pressure: 0.5, touchMajor: 0)))
            ])
        // SYN_DROPPED: the next frame is discarded, the one after comes.
        writeAll(
            fds[1],
            rawEvents([
                syn(101, SynCode.dropped), abs(AbsCode.mtPositionX, 999, 101), syn(101),
                abs(AbsCode.mtPositionX, 500, 102), syn(102),
                abs(AbsCode.mtSlot, 1, 103), abs(AbsCode.mtTrackingID, 4, 103), syn(103),
            ]))
        try #require(log.wait { $0.frames.count == 3 })
        #expect(log.frames.map(\.time) == [0.5, 2, 3])
        #expect(log.frames[1].contacts.map(\.x) == [0.5])
        #expect(log.frames[2].contacts.map(\.id) == [1, 2])
        // The writer goes away: device lost, the two contacts cancelled.
        close(fds[1])
        try #require(log.wait { $0.lostCount == 1 })
        guard case .deviceLost(let reason, let cancelled) = log.outputs.last else {
            Issue.record("no deviceLost")
            return
        }
        #expect(reason == "end of file")
        #expect(cancelled == [InputEvent(time: 3, .touchCancel(id: 1)), InputEvent(time: 3, .touchCancel(id: 2))])
        reader.stop()
        close(fds[0])
    }

    @Test func reopensAPathAfterTheDeviceIsLost() throws {
        let path = NSTemporaryDirectory() + "plumscale-fifo-\(getpid())"
        unlink(path)
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let log = OutputLog()
        let reader = try EvdevReader(rawPath: path, device: slotDevice()) { log.append($0) }
        reader.start()
        defer { reader.stop() }
        var writer = open(path, O_WRONLY | O_CLOEXEC)
        writeAll(writer, rawEvents([abs(AbsCode.mtTrackingID, 1, 1), syn(1)]))
        try #require(log.wait { $0.frames.count == 1 })
        close(writer)
        try #require(log.wait { $0.lostCount == 1 })
        try #require(log.wait(3) { $0.backCount == 1 })  // retried after about a second
        writer = open(path, O_WRONLY | O_CLOEXEC)
        writeAll(writer, rawEvents([abs(AbsCode.mtTrackingID, 1, 5), syn(5)]))
        try #require(log.wait { $0.frames.count == 2 })
        // Same tracking id after a loss: still a new contact.
        #expect(log.frames.map { $0.contacts.map(\.id) } == [[1], [2]])
        close(writer)
    }

    @Test func openingWhatIsNotAnEventDeviceFails() {
        #expect(throws: EvdevError(path: "/nonexistent/event0", reason: "no such device")) {
            _ = try EvdevReader(path: "/nonexistent/event0") { _ in }
        }
        do {
            _ = try EvdevReader(path: "/dev/null") { _ in }
            Issue.record("/dev/null opened as an event device")
        } catch let error as EvdevError {
            #expect(error.reason.hasPrefix("not an event device"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func scannerReportsAMissingDirectory() {
        let scan = TouchDeviceScanner.scan(directory: "/nonexistent/input")
        #expect(scan.entries == nil)
        #expect(TouchDeviceScanner.report(scan).hasPrefix("no /nonexistent/input"))
    }

    @Test(.needsSharedRecordings(SharedRecordings.nexus4, SharedRecordings.dellCanvas))
    func scannerReportFormatsDevicesAndProblems() throws {
        let nexus = try EvemuRecording(contentsOf: SharedRecordings.path(SharedRecordings.nexus4)).device
        let dell = try EvemuRecording(contentsOf: SharedRecordings.path(SharedRecordings.dellCanvas)).device
        let text = TouchDeviceScanner.report(
            TouchDeviceScanner.Scan(
                directory: "/dev/input",
                entries: [
                    .init(path: "/dev/input/event3", device: nexus),
                    .init(path: "/dev/input/event4", device: dell),
                    .init(
                        path: "/dev/input/event5", device: nil, sysfsName: "ELAN Touchscreen",
                        problem: EvdevError.explain(errno: EACCES)),
                ]))
        #expect(text.contains("/dev/input/event3 \"touch_dev\" (bus 0x0000 vendor 0x0000 product 0x0000 version 0x0000)"))
        #expect(text.contains("multitouch protocol B, 10 slots, direct (touchscreen)"))
        #expect(text.contains("ABS_MT_PRESSURE 0...255"))
        #expect(text.contains("force mode: force"))
        #expect(text.contains("ABS_MT_POSITION_X 0...32767, resolution 55"))
        #expect(text.contains("force mode: position"))
        #expect(
            text.contains(
                "/dev/input/event5 \"ELAN Touchscreen\": cannot be opened: permission denied: "
                    + "add yourself to the `input` group: sudo usermod -aG input $USER, then log in again"))
    }

    /// The same report from the project's own recordings: one device of each
    /// force mode and protocol A, with the values their headers state.
    @Test func scannerReportFormatsOwnRecordedDevices() throws {
        let device = { (name: String) in try EvemuRecording(contentsOf: OwnRecordings.path(name)).device }
        let text = TouchDeviceScanner.report(
            TouchDeviceScanner.Scan(
                directory: "/dev/input",
                entries: [
                    .init(path: "/dev/input/event3", device: try device(OwnRecordings.pressure)),
                    .init(path: "/dev/input/event4", device: try device(OwnRecordings.touchMajor)),
                    .init(path: "/dev/input/event5", device: try device(OwnRecordings.positionOnly)),
                    .init(path: "/dev/input/event6", device: try device(OwnRecordings.protocolA)),
                ]))
        let expected = [
            "/dev/input/event3 \"PlumScale fixture pressure panel\" (bus 0x0018 vendor 0x1209 product 0x0001 version 0x0100)",
            "  multitouch protocol B, 10 slots, direct (touchscreen)",
            "  ABS_MT_POSITION_X 0...3200, resolution 10",
            "  ABS_MT_PRESSURE 0...1000",
            "  force mode: force (ABS_MT_PRESSURE: real pressure, can weigh)",
            "  grams: only after calibration (ABS_MT_PRESSURE has no resolution in units per gram; calibrate with known masses)",
            "/dev/input/event4 \"PlumScale fixture area panel\" (bus 0x0003 vendor 0x1209 product 0x0002 version 0x0100)",
            "  multitouch protocol B, 5 slots, direct (touchscreen)",
            "  ABS_MT_TOUCH_MAJOR 0...255",
            "  force mode: area (ABS_MT_TOUCH_MAJOR contact size only: approximate, ranks objects, does not weigh)",
            "/dev/input/event5 \"PlumScale fixture: écran tactile\" (bus 0x0018 vendor 0x1209 product 0x0003 version 0x0100)",
            "  ABS_MT_POSITION_Y 0...2160",
            "  force mode: position (positions only: no force from this device)",
            "/dev/input/event6 \"PlumScale fixture protocol A panel\" (bus 0x0003 vendor 0x1209 product 0x0004 version 0x0100)",
            "  multitouch protocol A (no slots), direct (touchscreen)",
        ]
        let lines = Set(text.split(separator: "\n").map(String.init))
        for line in expected { #expect(lines.contains(line), "missing line \(line.debugDescription) in:\n\(text)") }
        #expect(text.components(separatedBy: "force mode: force").count - 1 == 2)  // pressure panel and protocol A
    }
}
