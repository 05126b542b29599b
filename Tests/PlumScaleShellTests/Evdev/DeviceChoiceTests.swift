import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// Touchscreens against touchpads: which device `--source auto` and
/// `--source touchpad` take, and what `devices` says, from the project's own
/// recordings' device descriptions.
@Suite struct DeviceChoiceTests {
    static func device(_ name: String) throws -> TouchDeviceDescription {
        try EvemuRecording(contentsOf: OwnRecordings.path(name)).device
    }

    /// A SEMI_MT pad with pressure (an old ALPS): refused for weighing.
    static let semiMTPad = TouchDeviceDescription(
        name: "AlpsPS/2 ALPS GlidePoint",
        axes: [
            AbsAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 1), AbsAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 2000),
            AbsAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 1400), AbsAxis(code: AbsCode.mtPressure, minimum: 0, maximum: 127),
        ],
        supportedCodes: [EventType.key: [KeyCode.btnTouch, KeyCode.btnToolFinger]],
        properties: [InputProperty.pointer, InputProperty.semiMT])

    @Test func kindsFromTheProperties() throws {
        #expect(try Self.device(OwnRecordings.pressure).kind == .touchscreen)  // INPUT_PROP_DIRECT
        #expect(try Self.device(OwnRecordings.hoverTouchpad).kind == .touchpad)  // POINTER, BUTTONPAD
        #expect(Self.semiMTPad.kind == .touchpad && Self.semiMTPad.weighingRefusal != nil)
        // No property and no BTN_TOOL_FINGER (an old driver): a touchscreen.
        let bare = TouchDeviceDescription(
            name: "old",
            axes: [AbsAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 9), AbsAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 9)])
        #expect(bare.kind == .touchscreen)
    }

    @Test func autoPrefersAForceTouchscreenThenAPressureTouchpadThenAnyTouchscreen() throws {
        let screen = ("/dev/input/event3", try Self.device(OwnRecordings.pressure))
        let pad = ("/dev/input/event4", try Self.device(OwnRecordings.hoverTouchpad))
        let area = ("/dev/input/event5", try Self.device(OwnRecordings.touchMajor))
        let semi = ("/dev/input/event6", Self.semiMTPad)
        // The pressure touchpad comes first in the list: the force touchscreen still wins.
        let all = DeviceChoice.automatic([semi, pad, area, screen])
        #expect(all?.path == "/dev/input/event3")
        #expect(all?.reason == "a force touchscreen (ABS_MT_PRESSURE)")
        let noForceScreen = DeviceChoice.automatic([semi, area, pad])
        #expect(noForceScreen?.path == "/dev/input/event4")
        #expect(noForceScreen?.reason.contains("pressure touchpad") == true)
        #expect(DeviceChoice.automatic([semi, area])?.path == "/dev/input/event5")
        // A SEMI_MT pad is never taken, by auto nor as the touchpad.
        #expect(DeviceChoice.automatic([semi]) == nil)
        #expect(DeviceChoice.touchpad([semi, screen]) == nil)
        #expect(DeviceChoice.touchpad([screen, semi, pad])?.path == "/dev/input/event4")
    }

    @Test func devicesSaysTheKindTheRefusalAndAutosChoice() throws {
        let text = TouchDeviceScanner.report(
            TouchDeviceScanner.Scan(
                directory: "/dev/input",
                entries: [
                    .init(path: "/dev/input/event4", device: try Self.device(OwnRecordings.hoverTouchpad)),
                    .init(path: "/dev/input/event6", device: Self.semiMTPad),
                    .init(path: "/dev/input/event7", device: try Self.device(OwnRecordings.touchMajor)),
                ]))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains("  kind: touchpad (no INPUT_PROP_DIRECT); weighed with --source touchpad"), "\(text)")
        #expect(lines.contains("  kind: touchscreen (INPUT_PROP_DIRECT)"))
        #expect(lines.contains { $0.hasPrefix("  cannot weigh: INPUT_PROP_SEMI_MT") })
        #expect(lines.contains("  contact size in mm (8 units/mm): 30 mm across reads 100%"))
        #expect(
            lines.last
                == "--source auto takes /dev/input/event4 \"PlumScale fixture hover touchpad\": "
                + "no force touchscreen; a pressure touchpad (ABS_MT_PRESSURE), weighed as a pad")
    }

    @Test func sourceTouchpadParses() throws {
        for (text, expected) in [
            ("touchpad", SourceChoice.touchpad(path: nil)), ("touchpad:/dev/input/event9", .touchpad(path: "/dev/input/event9")),
        ] {
            guard case .run(let options) = try ArgumentParser.parse(["--source", text]) else {
                Issue.record("expected a window command")
                continue
            }
            #expect(options.source == expected)
        }
        #expect(throws: (any Error).self) { try ArgumentParser.parse(["--source", "touchpad:"]) }
    }
}
