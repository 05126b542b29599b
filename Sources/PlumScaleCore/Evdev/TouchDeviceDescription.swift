/// One absolute axis of a device (`struct input_absinfo` without the value).
public struct AbsAxis: Equatable, Sendable {
    public var code: UInt16
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var flat: Int32
    /// Units per mm (per radian for orientation); 0 when unknown.
    public var resolution: Int32

    public init(
        code: UInt16, minimum: Int32, maximum: Int32,
        fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0
    ) {
        self.code = code
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }

    /// Whether the axis can measure anything: maximum > minimum. An axis
    /// with minimum = maximum (which evdev allows) reports one value only.
    public var hasRange: Bool { maximum > minimum }

    /// `value` mapped like SDL does: (value - min) / (max - min), clamped to
    /// 0...1. An empty range gives 0.
    public func normalise(_ value: Int32) -> Double {
        let range = Double(maximum) - Double(minimum)
        guard range > 0 else { return 0 }
        let t = (Double(value) - Double(minimum)) / range
        return Swift.min(1, Swift.max(0, t))
    }
}

/// What a touch device is and what it reports: from libevdev for a live
/// device, from the description lines of an evemu recording, or given
/// explicitly (tests, pipes).
public struct TouchDeviceDescription: Equatable, Sendable {
    public var name: String
    public var bus: Int
    public var vendor: Int
    public var product: Int
    public var version: Int
    /// Absolute axes by code.
    public var axes: [UInt16: AbsAxis]
    /// Supported event codes by event type (EV_KEY → [BTN_TOUCH, ...]).
    public var supportedCodes: [UInt16: Set<UInt16>]
    /// INPUT_PROP_* bits (1 = INPUT_PROP_DIRECT; `InputProperty`).
    public var properties: Set<UInt16>

    public init(
        name: String, bus: Int = 0, vendor: Int = 0, product: Int = 0, version: Int = 0,
        axes: [AbsAxis], supportedCodes: [UInt16: Set<UInt16>] = [:],
        properties: Set<UInt16> = []
    ) {
        self.name = name
        self.bus = bus
        self.vendor = vendor
        self.product = product
        self.version = version
        self.axes = Dictionary(axes.map { ($0.code, $0) }, uniquingKeysWith: { _, last in last })
        var codes = supportedCodes
        codes[EventType.abs, default: []].formUnion(axes.map(\.code))
        self.supportedCodes = codes
        self.properties = properties
    }

    /// Whether the device reports `code` of event `type`.
    public func supports(type: UInt16, code: UInt16) -> Bool {
        supportedCodes[type]?.contains(code) ?? false
    }

    /// force if ABS_MT_PRESSURE exists (ABS_PRESSURE on a single-touch
    /// device), area if only ABS_MT_TOUCH_MAJOR, position otherwise. An axis
    /// with an empty range (minimum = maximum) measures nothing and counts
    /// as absent: such a device is not shown as measuring force (it would
    /// read 0.0% whatever the weight).
    public var forceMode: ForceMode {
        if axes[AbsCode.mtPressure]?.hasRange == true { return .force }
        if !isMultitouch && axes[AbsCode.pressure]?.hasRange == true { return .force }
        if axes[AbsCode.mtTouchMajor]?.hasRange == true { return .area }
        return .position
    }

    /// What makes the description unusable, each with the axis it concerns:
    /// more slots than evdev devices can have, or position axes with an
    /// empty range (every contact would sit at one edge). Decoding refuses
    /// such a device; the evemu parser names the `A:` line.
    public var problems: [(axis: UInt16, message: String)] {
        var found: [(axis: UInt16, message: String)] = []
        if let slot = axes[AbsCode.mtSlot] {
            let count = Int(slot.maximum) - Int(slot.minimum) + 1
            if count > EvdevLimits.maximumSlots {
                found.append(
                    (
                        AbsCode.mtSlot,
                        "ABS_MT_SLOT \(slot.minimum)...\(slot.maximum) declares \(count) slots; "
                            + "at most \(EvdevLimits.maximumSlots) are allowed (libevdev's limit)"
                    ))
            }
        }
        if let mapping = screenAxes {
            for axis in [mapping.x, mapping.y] where !axis.hasRange {
                found.append(
                    (
                        axis.code,
                        "\(AbsCode.name(axis.code)) has an empty range (min = max = \(axis.minimum)): "
                            + "contacts cannot be placed on the screen; expected min < max"
                    ))
            }
        }
        return found
    }

    /// Multitouch protocol A: MT positions but no ABS_MT_SLOT.
    public var isProtocolA: Bool {
        axes[AbsCode.mtPositionX] != nil && axes[AbsCode.mtSlot] == nil
    }

    /// Whether the device reports several contacts (protocol A or B).
    public var isMultitouch: Bool { axes[AbsCode.mtPositionX] != nil }

    /// Number of protocol B slots (ABS_MT_SLOT max - min + 1), 0 without
    /// slots, never more than `EvdevLimits.maximumSlots` (`problems` reports
    /// a description that declares more).
    public var slotCount: Int {
        guard let slot = axes[AbsCode.mtSlot] else { return 0 }
        return Swift.min(EvdevLimits.maximumSlots, Swift.max(0, Int(slot.maximum) - Int(slot.minimum) + 1))
    }

    /// The axes whose ranges map onto the whole screen: ABS_MT_POSITION_X/Y,
    /// falling back to ABS_X/ABS_Y; nil when the device has neither pair.
    public var screenAxes: ScreenMapping? {
        if let x = axes[AbsCode.mtPositionX], let y = axes[AbsCode.mtPositionY] {
            return ScreenMapping(x: x, y: y)
        }
        if let x = axes[AbsCode.x], let y = axes[AbsCode.y] {
            return ScreenMapping(x: x, y: y)
        }
        return nil
    }
}

/// Maps a device's position range onto the screen, 0...1 on both axes.
public struct ScreenMapping: Equatable, Sendable {
    public var x: AbsAxis
    public var y: AbsAxis

    public init(x: AbsAxis, y: AbsAxis) {
        self.x = x
        self.y = y
    }

    /// Device coordinates → normalised screen coordinates, clamped to 0...1.
    public func normalise(x rawX: Int32, y rawY: Int32) -> (x: Double, y: Double) {
        (x.normalise(rawX), y.normalise(rawY))
    }
}

/// What the kernel's evdev interface allows, against which sizes declared
/// in a recording are checked before they are used.
public enum EvdevLimits {
    /// Protocol B slots a device may have (libevdev's MAX_SLOTS).
    public static let maximumSlots = 256
    /// INPUT_PROP_MAX.
    public static let maximumProperty: UInt16 = 0x1f

    /// The highest code of an event type (linux/input-event-codes.h:
    /// SYN_MAX, KEY_MAX, REL_MAX, ABS_MAX, MSC_MAX, SW_MAX, LED_MAX, SND_MAX,
    /// REP_MAX, FF_MAX, FF_STATUS_MAX); KEY_MAX, the largest, for a type
    /// without codes of its own. nil: not an event type (above EV_MAX).
    public static func maximumCode(type: UInt16) -> UInt16? {
        switch type {
        case 0x00: return 0x0f
        case 0x01: return KeyCode.max
        case 0x02: return 0x0f
        case 0x03: return AbsCode.max
        case 0x04: return 0x07
        case 0x05: return 0x10
        case 0x11: return 0x0f
        case 0x12: return 0x07
        case 0x14: return 0x01
        case 0x15: return 0x7f
        case 0x17: return 0x01
        case ...EventType.max: return KeyCode.max
        default: return nil
        }
    }
}
