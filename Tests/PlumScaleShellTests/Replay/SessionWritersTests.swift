import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// What `--record` and `--record-evemu` write reads back as what was fed:
/// the replay writer through the replay parser, the evemu writer through
/// the evemu parser and the decoder.
@Suite struct SessionWritersTests {
    static func readBack(_ text: String) throws -> Replay {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("r.jsonl")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return try ReplayLoader.load(path: file.path)
    }

    @Test func aRecordedReplayReadsBackAsWhatWasFed() throws {
        let source = InputSource(
            kind: "evdev", deviceName: "Pad \"7\"", mode: .force, surface: DeviceSurface(width: 100, height: 66.7, isPad: true))
        var writer = ReplayWriter(origin: 100)
        let fed: [InputEvent] = [
            InputEvent(time: 100.25, .touchDown(TouchSample(id: 4, x: 0.1 + 0.2, y: 1.0 / 3, pressure: 0.123456789012345))),
            InputEvent(time: 100.3, .tick),
            InputEvent(time: 100.5, .touchMove(TouchSample(id: 4, x: 0.31, y: 0.5, pressure: 0.2, touchMajor: 0.7))),
            InputEvent(time: 100.6, .keyDown(.character("t"), modifiers: [.control])),
            InputEvent(time: 100.6, .keyUp(.character("t"), modifiers: [.control])),
            InputEvent(time: 100.7, .touchCancel(id: 4)),
            InputEvent(time: 100.8, .resize(width: 720, height: 1280)),
            InputEvent(time: 100.9, .quit),
        ]
        let text = ([ReplayWriter.header(for: source)] + fed.compactMap { writer.line(for: $0) }).joined(separator: "\n") + "\n"
        #expect(text.split(separator: "\n").count == 8)  // the header and every event but the tick
        let replay = try Self.readBack(text)
        #expect(replay.device == ReplayDevice(name: "Pad \"7\"", mode: .force, surface: source.surface))
        let expected = fed.filter { $0.kind != .tick }.map { InputEvent(time: $0.time - 100, $0.kind) }
        #expect(replay.events.count == expected.count)
        for (a, b) in zip(replay.events, expected) {
            #expect(abs(a.time - b.time) < 1e-9 && a.kind == b.kind, "\(a) vs \(b)")
        }
        #expect(replay.warnings.isEmpty)
    }

    @Test func anSDLSourceLeavesTheModeToThePressures() {
        #expect(!ReplayWriter.header(for: .sdl(deviceName: "ELAN")).contains("pressure"))
    }

    /// A live evdev device's kind, grams or their absence go into the
    /// header, so the file's state document says what the window's did.
    @Test func aRecordedDeviceKeepsItsKindAndItsGrams() throws {
        let grams = try #require(DeviceGrams(minimum: 0, maximum: 4096, resolution: 16))
        let weighs = InputSource(
            kind: "evdev", deviceName: "Haptic pad", mode: .force, deviceGrams: grams, category: .pressurepad)
        let withGrams = try Self.readBack(ReplayWriter.header(for: weighs) + "\n")
        #expect(withGrams.device.category == .pressurepad && withGrams.device.deviceGrams == grams)
        #expect(InputSource.replay(withGrams.device).deviceGrams == grams)
        let reason = "ABS_MT_PRESSURE has no resolution in units per gram; calibrate with known masses"
        let without = InputSource(kind: "evdev", deviceName: "Panel", mode: .force, category: .penDisplay, noGramsReason: reason)
        let noGrams = try Self.readBack(ReplayWriter.header(for: without) + "\n")
        #expect(noGrams.device.category == .penDisplay && noGrams.device.noGramsReason == reason)
        #expect(GramsOrigin.of(.replay(noGrams.device), fit: nil).reason == reason)
    }

    @Test(arguments: [
        (#"{"kind":"scale"}"#, #"expected "kind" to be one of"#),
        (#"{"grams":{"units_per_gram":0,"range":10}}"#, #"expected "grams" {"units_per_gram":R,"range":N}"#),
        (#"{"grams":{"units_per_gram":1e-9,"range":10}}"#, "at most 100 kg at full range"),
        (#"{"grams":{"axis":"ABS_X","units_per_gram":1,"range":10}}"#, #""axis" to be "ABS_MT_PRESSURE""#),
        (#"{"no_grams":"a\u0000b"}"#, "without control characters"),
    ])
    func aBadDeviceAccountInAHeaderNamesTheLine(device: String, expected: String) {
        do {
            _ = try Self.readBack(#"{"plumscale-replay":1,"device":"# + device + "}\n")
            Issue.record("\(device) was accepted")
        } catch {
            #expect("\(error)".contains(":1:") && "\(error)".contains(expected), "\(error)")
        }
    }

    @Test func aBadSurfaceInAHeaderNamesTheLine() {
        #expect(throws: InputFileError.self) {
            _ = try Self.readBack(#"{"plumscale-replay":1,"device":{"name":"x","surface":{"width":0,"height":5}}}"# + "\n")
        }
    }

    @Test func anEvemuRecordingReadsBackAsTheDeviceAndItsEvents() throws {
        let original = try EvemuRecording(contentsOf: OwnRecordings.path(OwnRecordings.hoverTouchpad))
        let text = EvemuWriter.header(original.device) + original.events.map { EvemuWriter.line($0) + "\n" }.joined()
        let again = try EvemuRecording(text: text, file: "again.evemu")
        // The same device; types whose B: lines set no bit are not written.
        var device = original.device
        device.supportedCodes = device.supportedCodes.filter { !$0.value.isEmpty }
        #expect(again.device == device)
        #expect(again.events.count == original.events.count)
        #expect(
            zip(again.events, original.events).allSatisfy { abs($0.time - $1.time) < 1e-6 && $0.value == $1.value && $0.code == $1.code })
        #expect(try again.frames() == original.frames())
    }

    @Test func theStateAtOpenIsWrittenAsTheEventsThatMakeIt() throws {
        let device = try EvemuRecording(contentsOf: OwnRecordings.path(OwnRecordings.alreadyDown)).device
        var slots = Array(repeating: MultitouchDecoder.SlotState(trackingID: -1), count: 10)
        slots[2] = .init(trackingID: 50, x: 1000, y: 600, pressure: 250)
        let snapshot = DeviceSnapshot(slots: slots, currentSlot: 2, touching: true)
        var loaded = try MultitouchDecoder(device: device)
        var replayed = try MultitouchDecoder(device: device)
        #expect(replayed.decode(snapshot.events(for: device, time: 1)) == [loaded.load(snapshot, time: 1)])
        // The current slot is restored: an update without ABS_MT_SLOT lands in slot 2.
        let next = [KernelEvent(time: 2, type: EventType.abs, code: AbsCode.mtPressure, value: 400), syn(2)]
        #expect(replayed.decode(next) == loaded.decode(next))
    }
}
