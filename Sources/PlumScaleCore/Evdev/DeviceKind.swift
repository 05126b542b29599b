/// What a touch device is: a screen the contacts lie on, or a touchpad
/// beside it. Decides where contacts are drawn and how `auto` ranks devices.
public enum DeviceKind: String, Equatable, Sendable {
    /// INPUT_PROP_DIRECT: the panel is the display.
    case touchscreen
    /// INPUT_PROP_POINTER or INPUT_PROP_BUTTONPAD, or no INPUT_PROP_DIRECT
    /// with BTN_TOOL_FINGER: a pad, weighed as a surface of its own.
    case touchpad
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

    /// INPUT_PROP_PRESSUREPAD: a haptic pad that measures force (no
    /// physical button).
    public var isPressurePad: Bool { properties.contains(InputProperty.pressurepad) }

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
            let pressure = isPressurePad ? ", pressure pad (INPUT_PROP_PRESSUREPAD)" : ""
            return "touchpad (no INPUT_PROP_DIRECT\(pressure))"
        }
    }
}
