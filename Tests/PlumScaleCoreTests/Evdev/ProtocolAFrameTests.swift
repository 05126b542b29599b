import Testing

@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// Protocol A on a touchpad (bcm5974 and other Apple pads): a frame is
/// everything up to SYN_REPORT, so a BTN_TOUCH sent after a contact's
/// SYN_MT_REPORT but before the SYN_REPORT judges that same frame.
@Suite struct ProtocolAFrameTests {
    /// A protocol A pad: INPUT_PROP_POINTER + BUTTONPAD, BTN_TOUCH,
    /// BTN_TOOL_FINGER, X 0...1000, Y 0...600, pressure 0...255.
    static let pad = TouchDeviceDescription(
        name: "bcm5974",
        axes: [
            AbsAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 1000),
            AbsAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 600),
            AbsAxis(code: AbsCode.mtPressure, minimum: 0, maximum: 255),
        ],
        supportedCodes: [EventType.key: [KeyCode.btnTouch, KeyCode.btnToolFinger]],
        properties: [InputProperty.pointer, InputProperty.buttonpad])

    static func key(_ code: UInt16, _ value: Int32, _ t: Double = 0) -> KernelEvent {
        KernelEvent(time: t, type: EventType.key, code: code, value: value)
    }

    static func group(_ x: Int32, _ y: Int32, _ t: Double) -> [KernelEvent] {
        [abs(AbsCode.mtPositionX, x, t), abs(AbsCode.mtPositionY, y, t), abs(AbsCode.mtPressure, 80, t), syn(t, SynCode.mtReport)]
    }

    @Test func touchKeyAfterTheGroupCountsForItsOwnFrame() throws {
        #expect(Self.pad.isProtocolA && Self.pad.kind == .touchpad)
        var decoder = try MultitouchDecoder(device: Self.pad)
        let frames = decoder.decode(
            // The first frame: the group, then BTN_TOUCH 1, then SYN_REPORT.
            Self.group(500, 300, 0) + [Self.key(KeyCode.btnTouch, 1, 0), syn(0)]
                + Self.group(510, 300, 0.01) + [syn(0.01)]
                // The lift: the last group, then BTN_TOUCH 0 in the same frame.
                + Self.group(520, 300, 0.02) + [Self.key(KeyCode.btnTouch, 0, 0.02), syn(0.02)]
                + [syn(0.03, SynCode.mtReport), syn(0.03)])
        #expect(frames.map(\.contacts.count) == [1, 1, 0, 0])
        #expect(frames[0].contacts.first?.x == 0.5)
        #expect(frames.map { $0.contacts.map(\.id) } == [[1], [1], [], []])
    }

    @Test func touchKeyBeforeTheGroupStillCounts() throws {
        var decoder = try MultitouchDecoder(device: Self.pad)
        let frames = decoder.decode(
            [Self.key(KeyCode.btnTouch, 1, 0)] + Self.group(500, 300, 0) + [syn(0)]
                + [Self.key(KeyCode.btnTouch, 0, 0.01)] + Self.group(500, 300, 0.01) + [syn(0.01)])
        #expect(frames.map(\.contacts.count) == [1, 0])
    }
}
