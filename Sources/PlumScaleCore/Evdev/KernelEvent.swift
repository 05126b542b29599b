/// One kernel input event (`struct input_event`), as read from
/// /dev/input/eventN or from an evemu recording.
public struct KernelEvent: Equatable, Sendable {
    /// Seconds (the event's timeval as a Double).
    public var time: Double
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(time: Double, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }
}

/// Event types of linux/input-event-codes.h that the decoder uses.
public enum EventType {
    public static let syn: UInt16 = 0x00
    public static let key: UInt16 = 0x01
    public static let abs: UInt16 = 0x03
    public static let msc: UInt16 = 0x04
    /// Highest event type (EV_MAX).
    public static let max: UInt16 = 0x1f

    /// The kernel's name for an event type ("EV_ABS"), or hex.
    public static func name(_ type: UInt16) -> String {
        let names: [UInt16: String] = [
            0x00: "EV_SYN", 0x01: "EV_KEY", 0x02: "EV_REL", 0x03: "EV_ABS", 0x04: "EV_MSC", 0x05: "EV_SW",
            0x11: "EV_LED", 0x12: "EV_SND", 0x14: "EV_REP", 0x15: "EV_FF", 0x16: "EV_PWR", 0x17: "EV_FF_STATUS",
        ]
        return names[type] ?? "EV_0x" + String(type, radix: 16)
    }
}

/// EV_SYN codes.
public enum SynCode {
    public static let report: UInt16 = 0
    public static let config: UInt16 = 1
    public static let mtReport: UInt16 = 2
    public static let dropped: UInt16 = 3
}

/// EV_KEY codes the decoder uses.
public enum KeyCode {
    public static let btnTouch: UInt16 = 0x14a
    /// BTN_TOOL_PEN; BTN_TOOL_RUBBER ... BTN_TOOL_AIRBRUSH follow it (0x141...0x144).
    public static let btnToolPen: UInt16 = 0x140
    public static let btnToolAirbrush: UInt16 = 0x144
    /// BTN_TOOL_FINGER: sent by touchpads (and DOUBLETAP ... QUINTTAP after it).
    public static let btnToolFinger: UInt16 = 0x145
    /// Highest key code (KEY_MAX).
    public static let max: UInt16 = 0x2ff
}

/// EV_ABS codes the decoder uses.
public enum AbsCode {
    public static let x: UInt16 = 0x00
    public static let y: UInt16 = 0x01
    public static let pressure: UInt16 = 0x18
    public static let mtSlot: UInt16 = 0x2f
    public static let mtTouchMajor: UInt16 = 0x30
    public static let mtPositionX: UInt16 = 0x35
    public static let mtPositionY: UInt16 = 0x36
    public static let mtTrackingID: UInt16 = 0x39
    public static let mtPressure: UInt16 = 0x3a
    public static let mtToolType: UInt16 = 0x37
    public static let mtDistance: UInt16 = 0x3b
    /// Highest absolute axis code (ABS_MAX).
    public static let max: UInt16 = 0x3f

    /// The kernel's name for an axis code ("ABS_MT_POSITION_X"), or hex.
    public static func name(_ code: UInt16) -> String {
        switch code {
        case 0x00: return "ABS_X"
        case 0x01: return "ABS_Y"
        case 0x18: return "ABS_PRESSURE"
        case 0x28: return "ABS_MISC"
        case 0x2f: return "ABS_MT_SLOT"
        case 0x30: return "ABS_MT_TOUCH_MAJOR"
        case 0x31: return "ABS_MT_TOUCH_MINOR"
        case 0x32: return "ABS_MT_WIDTH_MAJOR"
        case 0x33: return "ABS_MT_WIDTH_MINOR"
        case 0x34: return "ABS_MT_ORIENTATION"
        case 0x35: return "ABS_MT_POSITION_X"
        case 0x36: return "ABS_MT_POSITION_Y"
        case 0x37: return "ABS_MT_TOOL_TYPE"
        case 0x38: return "ABS_MT_BLOB_ID"
        case 0x39: return "ABS_MT_TRACKING_ID"
        case 0x3a: return "ABS_MT_PRESSURE"
        case 0x3b: return "ABS_MT_DISTANCE"
        default: return "ABS_0x" + String(code, radix: 16)
        }
    }
}

/// ABS_MT_TOOL_TYPE values (linux/input.h).
public enum ToolType {
    public static let finger: Int32 = 0
    public static let pen: Int32 = 1
    public static let palm: Int32 = 2

    /// Whether a contact of this tool is never weighed: pens and palms.
    public static func isExcluded(_ tool: Int32) -> Bool { tool == pen || tool == palm }
}

/// INPUT_PROP_* bits (linux/input-event-codes.h).
public enum InputProperty {
    public static let pointer: UInt16 = 0x00
    public static let direct: UInt16 = 0x01
    public static let buttonpad: UInt16 = 0x02
    public static let semiMT: UInt16 = 0x03
    public static let pressurepad: UInt16 = 0x07
}
