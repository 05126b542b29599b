/// What a touch device is: a screen the contacts lie on, or a touchpad
/// beside it. Decides where contacts are drawn and how `auto` ranks devices.
public enum DeviceKind: String, Equatable, Sendable {
    /// INPUT_PROP_DIRECT: the panel is the display.
    case touchscreen
    /// INPUT_PROP_POINTER or INPUT_PROP_BUTTONPAD, or no INPUT_PROP_DIRECT
    /// with BTN_TOOL_FINGER: a pad, weighed as a surface of its own.
    case touchpad
}

/// What the state document calls the device (`device_kind`).
public enum DeviceCategory: String, Equatable, Sendable {
    case touchscreen
    case touchpad
    /// A touchpad that measures force (`TouchDeviceDescription.isPressurePad`).
    case pressurepad
    case penDisplay = "pen display"
}

extension TouchDeviceDescription {
    /// Touchscreen or touchpad. A device with none of the properties and no
    /// BTN_TOOL_FINGER (old drivers such as N-Trig's set none) is taken for
    /// a touchscreen, as libinput does.
    public var kind: DeviceKind {
        if properties.contains(InputProperty.direct) { return .touchscreen }
        if properties.contains(InputProperty.pointer) || properties.contains(InputProperty.buttonpad)
            || supports(type: EventType.key, code: KeyCode.btnToolFinger)
        {
            return .touchpad
        }
        return .touchscreen
    }

    /// INPUT_PROP_SEMI_MT: the pad reports the bounding box of the fingers,
    /// not the contacts (ALPS, Cypress, Elantech).
    public var isSemiMultitouch: Bool { properties.contains(InputProperty.semiMT) }

    /// A pressure pad: a touchpad that clicks by force, without a hinge
    /// (INPUT_PROP_PRESSUREPAD, 0x07, named INPUT_PROP_HAPTIC_TOUCHPAD
    /// before Linux 6.18), or one libinput's quirks list as such.
    public var isPressurePad: Bool { pressurePadEvidence != nil }

    /// Why this device is a pressure pad, nil when it is not: the kernel's
    /// property, or the entry of libinput's quirks that names it.
    public var pressurePadEvidence: String? {
        guard kind == .touchpad else { return nil }
        if properties.contains(InputProperty.pressurepad) { return "INPUT_PROP_PRESSUREPAD" }
        return PressurePadQuirk.match(bus: bus, vendor: vendor, product: product)?.account
    }

    /// The state document's `device_kind`. A pen display is a touchscreen
    /// with BTN_TOOL_PEN; an ABS_MT_TOOL_TYPE range up to MT_TOOL_PALM says
    /// nothing (hid-multitouch declares it for any panel with Confidence).
    public var category: DeviceCategory {
        switch kind {
        case .touchpad: return isPressurePad ? .pressurepad : .touchpad
        case .touchscreen:
            return supports(type: EventType.key, code: KeyCode.btnToolPen) ? .penDisplay : .touchscreen
        }
    }

    /// Why this device cannot weigh, nil when it can: SEMI_MT pads give two
    /// corners of a box, not one contact per object.
    public var weighingRefusal: String? {
        if isSemiMultitouch {
            return "INPUT_PROP_SEMI_MT: the pad reports the bounding box of the fingers, not each contact; "
                + "objects cannot be told apart or weighed"
        }
        return nil
    }

    /// A short phrase for `devices` and the `auto` choice.
    public var kindDescription: String {
        switch kind {
        case .touchscreen:
            return properties.contains(InputProperty.direct)
                ? "touchscreen (INPUT_PROP_DIRECT)" : "touchscreen (no INPUT_PROP_DIRECT, no touchpad property: an old driver)"
        case .touchpad:
            let pressure = pressurePadEvidence.map { ", pressure pad: \($0)" } ?? ""
            return "touchpad (no INPUT_PROP_DIRECT\(pressure))"
        }
    }
}
