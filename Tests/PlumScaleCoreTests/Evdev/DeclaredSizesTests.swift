import Foundation
import Testing

@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// Issue 16: sizes and ranges a recording declares are checked against
/// what evdev allows before anything is allocated or converted: a huge
/// ABS_MT_SLOT maximum used to allocate 40 GB and abort, an over-long bit
/// mask to trap converting a bit number to UInt16. An axis with min = max
/// measures nothing: a position axis so is refused, a pressure or contact
/// size axis so counts as absent (the mode falls back; no 0.0% shown as
/// measured).
@Suite struct DeclaredSizesTests {

    @Test(arguments: [
        (
            "A: 2f 0 9 0 0", "A: 2f 0 2147483647 0 0",
            "ABS_MT_SLOT 0...2147483647 declares 2147483648 slots; at most 256 are allowed (libevdev's limit)"
        ),
        (
            "A: 2f 0 9 0 0", "A: 2f -2147483648 2147483647 0 0",
            "ABS_MT_SLOT -2147483648...2147483647 declares 4294967296 slots; at most 256 are allowed (libevdev's limit)"
        ),
        (
            "A: 35 0 1000 4 0 55", "A: 35 1000 1000 4 0 55",
            "ABS_MT_POSITION_X has an empty range (min = max = 1000): contacts cannot be placed on the screen; expected min < max"
        ),
        (
            "A: 36 0 500 0 0", "A: 36 0 0 0 0",
            "ABS_MT_POSITION_Y has an empty range (min = max = 0): contacts cannot be placed on the screen; expected min < max"
        ),
    ])
    func declaredAxesBeyondEvdevAreErrorsNamingTheLine(old: String, new: String, reason: String) {
        let text = evemuSample(replacing: old, with: new)
        #expect(parseError(text) == EvemuParseError(file: "bad.evemu", line: lineNumber(of: new, in: text), reason: reason))
    }

    @Test func slotsUpToTheLimitDecode() throws {
        let text = evemuSample(replacing: "A: 2f 0 9 0 0", with: "A: 2f 0 255 0 0")
        let recording = try EvemuRecording(text: text, file: "wide.evemu")
        #expect(recording.device.slotCount == 256)
        #expect(try recording.inputEvents().count == 2)  // down, up
    }

    @Test(arguments: [
        // A ninth EV_ABS byte on a line of its own: bit 64, beyond ABS_MAX (0x3f).
        (
            "B: 03 00 00 00 00 00 80 61 06", "B: 03 00 00 00 00 00 80 61 06\nB: 03 01", "B: 03 01",
            "EV_ABS mask sets bit 64; the highest code is 0x3f (63)"
        ),
        // The crash: 9000 bytes made bit numbers past UInt16.max.
        (
            "B: 03 00 00 00 00 00 80 61 06", "B: 03 " + Array(repeating: "ff", count: 9000).joined(separator: " "), "B: 03 ff",
            "EV_ABS mask sets bit 71; the highest code is 0x3f (63)"
        ),
        (
            "P: 02 00 00 00 00 00 00 00", "P: 02 00 00 00 01", "P: 02 00 00 00 01",
            "property mask (INPUT_PROP_*) sets bit 32; the highest code is 0x1f (31)"
        ),
        ("B: 00 0b 00 00 00 00 00 00 00", "B: 20 0b", "B: 20", "bit mask type 0x20 is not an EV_* type (00...1f)"),
    ])
    func overlongBitMasksAreErrorsNamingTheLine(old: String, new: String, badLine: String, reason: String) {
        let text = evemuSample(replacing: old, with: new)
        #expect(parseError(text) == EvemuParseError(file: "bad.evemu", line: lineNumber(of: badLine, in: text), reason: reason))
    }

    @Test func zeroBytesBeyondTheCodesAreAccepted() throws {
        // Word sizes differ: trailing zero bytes set no code and are harmless.
        let text = evemuSample(replacing: "B: 03 00 00 00 00 00 80 61 06", with: "B: 03 00 00 00 00 00 80 61 06 00 00 00 00 00 00 00 00")
        #expect(try EvemuRecording(text: text, file: "wide.evemu").device.supports(type: 3, code: AbsCode.mtPositionX))
    }

    @Test func emptyPressureOrSizeRangeMeansNotMeasured() throws {
        let flat = evemuSample(replacing: "A: 3a 0 255 0 0", with: "A: 3a 7 7 0 0")
        let recording = try EvemuRecording(text: flat, file: "flat.evemu")
        #expect(recording.device.forceMode == .position)
        let events = try recording.inputEvents()
        guard case .touchDown(let sample) = events.first?.kind else {
            Issue.record("no touch down: \(events)")
            return
        }
        #expect(sample.pressure == nil, "no reading rather than 0 shown as measured")
        #expect(sample.x == 0.5)
        // With a contact size axis left, the mode is area.
        var device = recording.device
        device.axes[AbsCode.mtTouchMajor] = AbsAxis(code: AbsCode.mtTouchMajor, minimum: 0, maximum: 30)
        #expect(device.forceMode == .area)
        device.axes[AbsCode.mtTouchMajor] = AbsAxis(code: AbsCode.mtTouchMajor, minimum: 30, maximum: 30)
        #expect(device.forceMode == .position)
    }

    @Test func theDecoderRefusesTheSameDescriptionsWhereverTheyComeFrom() {
        // A live device (libevdev) or a description built in code: no line to name.
        let device = TouchDeviceDescription(
            name: "flat",
            axes: [
                AbsAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 9),
                AbsAxis(code: AbsCode.mtPositionX, minimum: 5, maximum: 5),
                AbsAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 100),
            ])
        #expect(
            throws: MultitouchDecoderError.unusable(
                device: "flat",
                reason:
                    "ABS_MT_POSITION_X has an empty range (min = max = 5): contacts cannot be placed on the screen; expected min < max")
        ) {
            try MultitouchDecoder(device: device)
        }
        let huge = TouchDeviceDescription(
            name: "huge",
            axes: [
                AbsAxis(code: AbsCode.mtSlot, minimum: 0, maximum: .max),
                AbsAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 100),
                AbsAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 100),
            ])
        #expect(huge.slotCount == EvdevLimits.maximumSlots)
        #expect(throws: MultitouchDecoderError.self) { try MultitouchDecoder(device: huge) }
    }

    @Test func aRecordingSpanningMoreThanTheLimitIsAnError() {
        let text = evemuSample(replacing: "E: 100.260000 0003 0039 -001", with: "E: 1000000101.000000 0003 0039 -001")
        #expect(
            parseError(text)
                == EvemuParseError(
                    file: "bad.evemu", line: lineNumber(of: "E: 1000000101", in: text),
                    reason:
                        "event time 1000000101.000000 is 1000000001 s after the first event's; a recording may span at most 1000000000 s"))
    }

    @Test func crlfRecordingsReadLikeLFOnes() throws {
        let lf = smallDescription + smallEvents
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(EvemuRecording.isEvemu(crlf))
        #expect(EvemuRecording.isEvemu("# a comment first\r\nN: pad\r\n"))
        let a = try EvemuRecording(text: lf, file: "lf.evemu")
        let b = try EvemuRecording(text: crlf, file: "crlf.evemu")
        #expect(a.device == b.device && a.events == b.events)
        // Errors still name the right line.
        let bad = crlf.replacingOccurrences(of: "A: 36 0 500 0 0", with: "A: 36 zero 500 0 0")
        #expect(parseError(bad)?.line == lineNumber(of: "A: 36 zero", in: bad.replacingOccurrences(of: "\r\n", with: "\n")))
    }

    @Test func aProtocolAFrameKeepsAtMostTheSlotLimit() throws {
        let device = TouchDeviceDescription(
            name: "A",
            axes: [
                AbsAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 1000),
                AbsAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 1000),
            ])
        var decoder = try MultitouchDecoder(device: device)
        var events: [KernelEvent] = []
        for i in 0..<5000 {
            events.append(KernelEvent(time: 0, type: EventType.abs, code: AbsCode.mtPositionX, value: Int32(i % 1000)))
            events.append(KernelEvent(time: 0, type: EventType.abs, code: AbsCode.mtPositionY, value: Int32(i / 1000)))
            events.append(KernelEvent(time: 0, type: EventType.syn, code: SynCode.mtReport, value: 0))
        }
        events.append(KernelEvent(time: 0, type: EventType.syn, code: SynCode.report, value: 0))
        #expect(decoder.decode(events).first?.contacts.count == EvdevLimits.maximumSlots)
    }
}
