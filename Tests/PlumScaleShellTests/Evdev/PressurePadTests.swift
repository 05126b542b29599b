import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// Pressure pads, SEMI_MT pads and a protocol A pad, from the project's own
/// recordings (Fixtures/recordings, each described in its header): what
/// `devices` says, what `auto` takes, what a replay shows and what the
/// state document says.
@Suite struct PressurePadTests {
    static let grams = "pressure-pad-grams.evemu"
    static let noResolution = "pressure-pad-no-resolution.evemu"
    static let quirk = "pressure-pad-quirk.evemu"
    static let semiMT = "semi-mt-pad.evemu"
    static let protocolAPad = "protocol-a-pad.evemu"

    static func recording(_ name: String) throws -> EvemuRecording {
        try EvemuRecording(contentsOf: OwnRecordings.path(name))
    }

    static func state(_ name: String, at t: Double) throws -> AppState {
        let replay = try EvemuReplay.replay(try recording(name), file: name)
        return RenderCommand.replayState(replay, at: t, size: PixelSize(1280, 720))
    }

    static func document(_ state: AppState) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(state.stateDocument().prettyText.utf8)) as? [String: Any])
    }

    static func texts(_ document: [String: Any]) -> [String] {
        (document["texts"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }

    // MARK: pressure pads

    /// Resolution 10 units per gram: 200 units are 20 g, 600 are 60 g.
    @Test func aPressurePadWithResolutionWeighsInGramsWithoutCalibration() throws {
        let device = try Self.recording(Self.grams).device
        #expect(device.kind == .touchpad && device.isPressurePad && device.category == .pressurepad)
        #expect(device.pressurePadEvidence == "INPUT_PROP_PRESSUREPAD")
        #expect(DeviceGrams(device)?.gramsAtFullRange == 200)
        let s = try Self.state(Self.grams, at: 0.15)
        #expect(s.contactViews.map(\.label) == ["20.0 g", "60.0 g"])
        #expect(s.contactViews.map(\.secondaryLabel) == ["10.0% · device's figure", "30.0% · device's figure"])
        let document = try Self.document(s)
        #expect(document["device_kind"] as? String == "pressurepad")
        let calibration = try #require(document["calibration"] as? [String: Any])
        #expect(calibration["grams_from"] as? String == "device")
        #expect(
            calibration["grams_from_reason"] as? String
                == "ABS_MT_PRESSURE resolution 10 units per gram: 0...200 g over its range")
        let lines = TouchDeviceScanner.describe("/dev/input/event7", device)
        #expect(
            lines.contains(
                "  kind: touchpad (no INPUT_PROP_DIRECT, pressure pad: INPUT_PROP_PRESSUREPAD); weighed with --source touchpad"))
        #expect(lines.contains { $0.hasPrefix("  grams: from the device, without calibration (ABS_MT_PRESSURE resolution 10") })
    }

    @Test func aPressurePadWithoutResolutionWeighsInPercent() throws {
        let device = try Self.recording(Self.noResolution).device
        #expect(device.category == .pressurepad && DeviceGrams(device) == nil)
        let s = try Self.state(Self.noResolution, at: 0.15)
        #expect(s.contactViews.map(\.label) == ["10.0%", "30.0%"])
        let calibration = try #require(try Self.document(s)["calibration"] as? [String: Any])
        #expect(calibration["grams_from"] is NSNull)
        #expect(
            calibration["grams_from_reason"] as? String
                == "ABS_MT_PRESSURE has no resolution in units per gram; calibrate with known masses")
        #expect(
            TouchDeviceScanner.describe("/dev/input/event7", device).contains(
                "  grams: only after calibration (ABS_MT_PRESSURE has no resolution in units per gram; calibrate with known masses)"))
    }

    /// No property: known by bus, vendor and product from libinput's quirks.
    @Test func aPadListedInLibinputsQuirksIsAPressurePad() throws {
        let device = try Self.recording(Self.quirk).device
        #expect(!device.properties.contains(InputProperty.pressurepad))
        #expect(device.bus == 0x18 && device.vendor == 0x06cb && device.product == 0xce37)
        #expect(device.category == .pressurepad)
        let evidence = try #require(device.pressurePadEvidence)
        #expect(evidence.contains("quirks/50-system-lenovo.quirks [Lenovo Yoga 9i Pressurepad]"))
        let state = try Self.state(Self.quirk, at: 0.15)
        #expect(try Self.document(state)["device_kind"] as? String == "pressurepad")
        // The same pad on another bus is not the quirk's.
        var usb = device
        usb.bus = 0x03
        #expect(!usb.isPressurePad && usb.category == .touchpad)
    }

    /// `auto`: a pressure pad before a pad whose pressure may be contact
    /// size, whatever the order; a force touchscreen still first.
    @Test func autoTakesThePressurePadBeforeAPlainPadWithPressure() throws {
        let plain = ("/dev/input/event4", try Self.recording(OwnRecordings.hoverTouchpad).device)
        let quirk = ("/dev/input/event5", try Self.recording(Self.quirk).device)
        let screen = ("/dev/input/event3", try Self.recording(OwnRecordings.pressure).device)
        let choice = try #require(DeviceChoice.automatic([plain, quirk]))
        #expect(choice.path == "/dev/input/event5")
        #expect(choice.reason.hasPrefix("no force touchscreen; a pressure touchpad (a pressure pad, listed as a pressure pad in"))
        #expect(
            DeviceChoice.automatic([plain]).map(\.reason)
                == "no force touchscreen; a pressure touchpad (ABS_MT_PRESSURE), weighed as a pad")
        #expect(DeviceChoice.automatic([plain, quirk, screen])?.path == "/dev/input/event3")
        #expect(DeviceChoice.touchpad([plain, quirk])?.path == "/dev/input/event5")
        #expect(TouchDeviceScanner.padPressureLine(plain.1) != nil && TouchDeviceScanner.padPressureLine(quirk.1) == nil)
    }

    @Test func theQuirkListSaysWhereEachEntryCameFrom() {
        #expect(!PressurePadQuirk.known.isEmpty)
        for quirk in PressurePadQuirk.known {
            let file = quirk.source.hasPrefix("libinput's quirks/50-system-") || quirk.source.hasPrefix("libinput's quirks/30-vendor-")
            #expect(file && quirk.source.contains("[\(quirk.model)]") && quirk.source.contains("libinput commit "), "\(quirk.source)")
        }
        // The pads the issue names by maker: Pixart (Acer), Goodix (ThinkPad X9, ThinkBook), Elan, Synaptics.
        for (vendor, product) in [(0x093A, 0x4811), (0x27C6, 0x0F95), (0x04F3, 0x3355), (0x06CB, 0xD024)] {
            #expect(PressurePadQuirk.match(bus: PressurePadQuirk.i2c, vendor: vendor, product: product) != nil)
        }
        #expect(Set(PressurePadQuirk.known.map { [$0.bus, $0.vendor, $0.product] }).count == PressurePadQuirk.known.count)
    }

    // MARK: SEMI_MT

    /// The bounding box's corners are not objects: no contacts, the reason
    /// on screen, and no advice about the input group.
    @Test func aSemiMTPadIsRefusedInAReplayWithTheReasonOnScreen() throws {
        let recording = try Self.recording(Self.semiMT)
        #expect(recording.device.weighingRefusal != nil && recording.device.kind == .touchpad)
        #expect(try recording.frames().contains { $0.contacts.count == 2 })  // what the decoder alone sees
        let replay = try EvemuReplay.replay(recording, file: Self.semiMT)
        #expect(replay.events.isEmpty && replay.device.mode == .position)
        let s = RenderCommand.replayState(replay, at: 0.15, size: PixelSize(1280, 720))
        #expect(s.contactViews.isEmpty)
        let document = try Self.document(s)
        #expect(document["device_kind"] as? String == "touchpad")
        let texts = Self.texts(document).joined(separator: " ")
        #expect(texts.contains("Cannot weigh"))
        #expect(texts.contains("INPUT_PROP_SEMI_MT"))
        #expect(!texts.contains("input group"))
        let calibration = try #require(document["calibration"] as? [String: Any])
        #expect((calibration["grams_from_reason"] as? String)?.hasPrefix("the device cannot weigh: INPUT_PROP_SEMI_MT") == true)
        #expect(DeviceChoice.automatic([("/dev/input/event6", recording.device)]) == nil)
        let lines = TouchDeviceScanner.describe("/dev/input/event6", recording.device)
        #expect(lines.contains { $0.hasPrefix("  cannot weigh: INPUT_PROP_SEMI_MT") })
    }

    /// The path render and the window take (ReplayLoader streams the file
    /// line by line): the same refusal, no contacts, the device kept.
    @Test func aStreamedSemiMTPadIsRefusedToo() throws {
        let replay = try ReplayLoader.load(path: OwnRecordings.path(Self.semiMT), description: nil)
        #expect(replay.events.isEmpty, "\(replay.events.count) events streamed")
        #expect(replay.device.refusal != nil && replay.device.mode == .position && replay.device.deviceGrams == nil)
        let s = RenderCommand.replayState(replay, at: 0.15, size: PixelSize(1280, 720))
        #expect(s.contactViews.isEmpty)
        #expect(Self.texts(try Self.document(s)).joined(separator: " ").contains("INPUT_PROP_SEMI_MT"))
    }

    // MARK: notices

    @Test func thePositionOnlyNoticeIsTrueOfTheSource() throws {
        let replay = try EvemuReplay.replay(try Self.recording(OwnRecordings.positionOnly), file: "p")
        let replayed = InputSource.replay(replay.device).notice(calibrated: false).joined(separator: " ")
        #expect(replayed.hasPrefix("Position only: this recording of"))
        #expect(!replayed.contains("input group") && !replayed.contains("--source evdev"))
        let evdev = InputSource(kind: "evdev", deviceName: "panel", mode: .position).notice(calibrated: false)
        #expect(!evdev.joined().contains("input group"))
        #expect(InputSource.sdl().notice(calibrated: false).joined().contains("join the input group"))
        #expect(InputSource(kind: "evdev", deviceName: "pad", mode: .force).notice(calibrated: false).isEmpty)
    }

    // MARK: protocol A

    /// BTN_TOUCH after the groups judges the same frame: the lift at 0.040
    /// leaves no contact, and the new finger at 0.200 shows at once.
    @Test func aProtocolAPadAppliesTouchInTheFrameItCameIn() throws {
        let frames = try Self.recording(Self.protocolAPad).frames()
        #expect(frames.map { $0.contacts.map(\.id) } == [[1], [1], [], [], [2], []])
        #expect(frames[1].contacts.first?.x == 310.0 / 1200)
        #expect(frames[4].contacts.first?.pressure == 100.0 / 255)
    }
}
