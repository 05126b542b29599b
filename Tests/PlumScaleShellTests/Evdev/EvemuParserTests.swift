import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// The evemu parser, good and bad input.
@Suite struct EvdevEvemuParserTests {
    @Test func parsesDescriptionAndEvents() throws {
        let recording = try EvemuRecording(text: smallDescription + smallEvents, file: "small.evemu")
        let device = recording.device
        #expect(device.name == "tiny pad ®")
        #expect([device.bus, device.vendor, device.product, device.version] == [3, 0x56a, 0x5d, 5] as [Int])
        #expect(device.properties == Set([1]))  // INPUT_PROP_DIRECT
        // BTN_TOUCH = 0x14a = 330 = byte 41, bit 2: the 6th "B: 01" line (bytes
        // 40...47), its 2nd byte 0x04.
        #expect(device.supports(type: EventType.key, code: KeyCode.btnTouch))
        #expect(device.supportedCodes[EventType.key] == Set([KeyCode.btnTouch]))
        #expect(device.axes[AbsCode.mtPositionX] == AbsAxis(code: 0x35, minimum: 0, maximum: 1000, fuzz: 4, resolution: 55))
        #expect(device.axes[AbsCode.mtPositionY]?.resolution == 0)
        #expect(device.slotCount == 10)
        #expect(device.forceMode == .force)
        #expect(!device.isProtocolA)
        #expect(recording.firstTimestamp == 100.25)
        #expect(recording.events.count == 6)
        #expect(recording.events[0] == KernelEvent(time: 0, type: 3, code: 0x39, value: 5))
        #expect(abs(recording.events[4].time - 0.01) < 1e-9)
        #expect(recording.events[4].value == -1)
        let events = try recording.inputEvents()
        #expect(
            events == [
                InputEvent(time: 0, .touchDown(TouchSample(id: 1, x: 0.5, y: 0, pressure: 0, touchMajor: nil))),
                InputEvent(time: recording.events[5].time, .touchUp(id: 1)),
            ])
    }

    @Test func recognisesEvemuText() {
        #expect(EvemuRecording.isEvemu("# EVEMU 1.1\nN: x"))
        #expect(EvemuRecording.isEvemu("# made by hand\n\nN: ntrig"))
        #expect(!EvemuRecording.isEvemu("{\"t\":0,\"type\":\"down\"}"))
        #expect(!EvemuRecording.isEvemu("# only comments"))
    }

    @Test func descriptionAndEventsAsTwoFiles() throws {
        let recording = try EvemuRecording(
            descriptionText: smallDescription, descriptionFile: "n.desc",
            eventsText: smallEvents, eventsFile: "n.events")
        #expect(recording.device.name == "tiny pad ®")
        #expect(recording.events.count == 6)
        // An events file alone has no description.
        #expect(
            parseError(smallEvents)
                == EvemuParseError(
                    file: "bad.evemu", line: 1,
                    reason: "missing device description: expected an 'N: name' line before the events"))
    }

    @Test func truncatedEventLineNamesItsLine() {
        let text = smallDescription + "E: 100.250000 0003 0039 0005\nE: 100.250000 0003 00"
        let error = parseError(text)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).count  // the last line
        #expect(line == lineNumber(of: "E: 100.250000 0003 0039", in: text) + 1)
        #expect(error?.line == line)
        #expect(error?.reason.contains("got 3 field(s)") == true)
        #expect(error?.description.hasPrefix("bad.evemu:\(line): expected 'E: seconds.microseconds") == true)
    }

    @Test func badNumbersNameTheirLine() {
        let lines = smallDescription.split(separator: "\n", omittingEmptySubsequences: false)
        let base = lines.count  // the line number of the first appended line
        let cases: [(String, String)] = [
            ("E: 100.25 0003 0035 abc", "event value 'abc' is not a decimal 32-bit number"),
            ("E: 100.25 0003 0035 99999999999", "event value '99999999999' is not a decimal 32-bit number"),
            ("E: 1x0.25 0003 0035 1", "event time '1x0.25' is not seconds.microseconds"),
            ("E: 100.25 00zz 0035 1", "event type '00zz' is not a hex EV_* type (0000...001f)"),
            ("garbage here", "unexpected line 'garbage here': expected '# comment', N:, I:, P:, B:, A: or E:"),
        ]
        for (line, reason) in cases {
            #expect(parseError(smallDescription + line) == EvemuParseError(file: "bad.evemu", line: base, reason: reason))
        }
        let backwards = smallDescription + "E: 100.250000 0000 0000 0\nE: 99.000000 0000 0000 0"
        #expect(parseError(backwards)?.line == base + 1)
    }

    @Test func badDescriptionLines() {
        let badAxis = smallDescription.replacingOccurrences(of: "A: 36 0 500 0 0", with: "A: 36 zero 500 0 0")
        #expect(
            parseError(badAxis)
                == EvemuParseError(
                    file: "bad.evemu", line: lineNumber(of: "A: 36", in: badAxis),
                    reason: "axis value 'zero' is not a decimal 32-bit number"))
        let shortAxis = smallDescription.replacingOccurrences(of: "A: 36 0 500 0 0", with: "A: 36 0 500")
        #expect(parseError(shortAxis)?.line == lineNumber(of: "A: 36", in: shortAxis))
        let badIDs = smallDescription.replacingOccurrences(of: "I: 0003 056a 005d 0005", with: "I: 00zz")
        #expect(parseError(badIDs)?.reason == "expected 'I: bus vendor product version' as 4 hex numbers, got '00zz'")
        let noIDs = smallDescription.replacingOccurrences(of: "I: 0003 056a 005d 0005\n", with: "")
        #expect(parseError(noIDs + smallEvents)?.reason.hasPrefix("incomplete device description") == true)
        #expect(parseError("")?.line == 1)
        #expect(parseError(smallDescription + smallEvents + "N: second")?.reason == "device description line 'N:' after the events")
    }

    @Test func unreadableFileIsNamed() {
        #expect(throws: EvemuParseError(file: "/nonexistent/x.evemu", line: 0, reason: "no such file")) {
            _ = try EvemuRecording(contentsOf: "/nonexistent/x.evemu")
        }
    }
}
