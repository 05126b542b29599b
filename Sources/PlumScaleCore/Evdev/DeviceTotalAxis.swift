/// ABS_PRESSURE as the device's total force. On a pressure pad
/// (INPUT_PROP_PRESSUREPAD) hid-multitouch sets INPUT_MT_TOTAL_FORCE, and
/// the kernel's pointer emulation reports ABS_PRESSURE as the sum of
/// ABS_MT_PRESSURE over every slot in use (input-mt.c). On every other
/// multitouch device ABS_PRESSURE is the oldest contact's pressure, not a
/// total, and is left alone. A property set only by libinput's quirks (never
/// seen by the kernel) gives no total either.
public struct DeviceTotalAxis: Equatable, Sendable {
    /// ABS_PRESSURE.
    public var total: AbsAxis
    /// ABS_MT_PRESSURE: the unit a contact's force 0...1 is measured in.
    public var contact: AbsAxis

    /// Nil unless the device is a pressure pad by its own property, speaks
    /// protocol B, and has both axes with a range.
    public init?(_ device: TouchDeviceDescription) {
        guard device.kind == .touchpad, device.properties.contains(InputProperty.pressurepad),
            device.slotCount > 0, !device.isProtocolA,
            let total = device.axes[AbsCode.pressure], total.hasRange,
            let contact = device.axes[AbsCode.mtPressure], contact.hasRange
        else { return nil }
        self.total = total
        self.contact = contact
    }

    /// A raw ABS_PRESSURE value in the contacts' force units (one contact at
    /// full range is 1): through the grams when both axes have a resolution,
    /// else in ABS_MT_PRESSURE's units, as the kernel sums them.
    public func force(_ raw: Double) -> Double {
        let units = raw - Double(total.minimum)
        let contactRange = Double(contact.maximum) - Double(contact.minimum)
        guard total.resolution > 0, contact.resolution > 0 else { return units / contactRange }
        return units / Double(total.resolution) * Double(contact.resolution) / contactRange
    }
}
