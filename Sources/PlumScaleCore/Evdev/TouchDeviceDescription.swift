/// One absolute axis of a device (`struct input_absinfo` without the value).
public struct AbsAxis: Equatable, Sendable {
    public var code: UInt16
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var flat: Int32
    /// Units per mm (per radian for orientation); 0 when unknown.
    public var resolution: Int32

    public init(code: UInt16, minimum: Int32, maximum: Int32,
                fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.code = code
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }

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
    /// INPUT_PROP_* bits (1 = INPUT_PROP_DIRECT).
    public var properties: Set<UInt16>

    public init(name: String, bus: Int = 0, vendor: Int = 0, product: Int = 0, version: Int = 0,
                axes: [AbsAxis], supportedCodes: [UInt16: Set<UInt16>] = [:],
                properties: Set<UInt16> = []) {
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

    /// force if ABS_MT_PRESSURE exists, area if only ABS_MT_TOUCH_MAJOR,
    /// position otherwise.
    public var forceMode: ForceMode {
        if axes[AbsCode.mtPressure] != nil { return .force }
        if axes[AbsCode.mtTouchMajor] != nil { return .area }
        return .position
    }

    /// Multitouch protocol A: MT positions but no ABS_MT_SLOT.
    public var isProtocolA: Bool {
        axes[AbsCode.mtPositionX] != nil && axes[AbsCode.mtSlot] == nil
    }

    /// Whether the device reports several contacts (protocol A or B).
    public var isMultitouch: Bool { axes[AbsCode.mtPositionX] != nil }

    /// Number of protocol B slots (ABS_MT_SLOT max - min + 1), 0 without slots.
    public var slotCount: Int {
        guard let slot = axes[AbsCode.mtSlot] else { return 0 }
        return Swift.max(0, Int(slot.maximum) - Int(slot.minimum) + 1)
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
