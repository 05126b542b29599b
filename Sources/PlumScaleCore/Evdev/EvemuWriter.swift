import Foundation

/// Writes kernel events as an evemu recording (`--record-evemu FILE`): the
/// device description (N:, I:, P:, B:, A: lines as evemu-record writes
/// them) and one `E:` line per event, which `EvemuParser` and evemu-play
/// read back.
public enum EvemuWriter {
    /// The header and description of `device`.
    public static func header(_ device: TouchDeviceDescription) -> String {
        var lines = [
            "# EVEMU 1.3",
            "# Recorded by plumscale --record-evemu.",
            "# Input device name: \"\(device.name)\"",
            "N: \(device.name)",
            String(format: "I: %04x %04x %04x %04x", device.bus, device.vendor, device.product, device.version),
            "P: " + hexBytes(mask(device.properties, bytes: 8)),
        ]
        let types = Set(device.supportedCodes.filter { !$0.value.isEmpty }.keys).union([EventType.syn])
        lines += maskLines(type: 0, mask(types, bytes: 8))
        for type in types.sorted() where type != EventType.syn {
            guard let highest = EvdevLimits.maximumCode(type: type) else { continue }
            let bytes = (Int(highest) / 8 + 8) / 8 * 8
            lines += maskLines(type: type, mask(device.supportedCodes[type] ?? [], bytes: bytes))
        }
        for axis in device.axes.values.sorted(by: { $0.code < $1.code }) {
            lines.append(
                String(format: "A: %02x ", axis.code)
                    + "\(axis.minimum) \(axis.maximum) \(axis.fuzz) \(axis.flat) \(axis.resolution)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One `E:` line; times before 0 are written as 0 (evemu times are
    /// unsigned).
    public static func line(_ event: KernelEvent) -> String {
        let micros = Int64((max(0, event.time.isFinite ? event.time : 0) * 1_000_000).rounded())
        let value = event.value < 0 ? String(format: "-%03d", -Int64(event.value)) : String(format: "%04d", event.value)
        return String(format: "E: %lld.%06lld %04x %04x ", micros / 1_000_000, micros % 1_000_000, event.type, event.code) + value
    }

    /// The `E:` lines of `events`, each time at least the one before (an
    /// evemu file's times never go backwards, and a state loaded at open
    /// is stamped with the clock, not by the kernel); `last` carries over
    /// from one frame to the next.
    public static func lines(_ events: [KernelEvent], after last: inout Double) -> String {
        var text = ""
        for var event in events {
            event.time = max(last, event.time)
            last = event.time
            text += line(event) + "\n"
        }
        return text
    }

    static func mask(_ bits: Set<UInt16>, bytes: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: bytes)
        for bit in bits where Int(bit) / 8 < bytes { out[Int(bit) / 8] |= 1 << (bit % 8) }
        return out
    }

    static func hexBytes(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String(format: "%02x", $0) }.joined(separator: " ")
    }

    static func maskLines(type: UInt16, _ bytes: [UInt8]) -> [String] {
        stride(from: 0, to: bytes.count, by: 8).map { start in
            String(format: "B: %02x ", type) + hexBytes(bytes[start..<min(start + 8, bytes.count)])
        }
    }
}

extension DeviceSnapshot {
    /// The state as the events that would make it from an empty device, so
    /// a recording started with objects down replays with them: each slot
    /// in use (ABS_MT_SLOT, tracking id, the axes the device has), the
    /// current slot, the single-touch axes, BTN_TOUCH, then SYN_REPORT.
    public func events(for device: TouchDeviceDescription, time: Double) -> [KernelEvent] {
        var out: [KernelEvent] = []
        func abs(_ code: UInt16, _ value: Int32) {
            if device.axes[code] != nil { out.append(KernelEvent(time: time, type: EventType.abs, code: code, value: value)) }
        }
        for (index, slot) in slots.enumerated() where slot.trackingID >= 0 {
            abs(AbsCode.mtSlot, Int32(index) + (device.axes[AbsCode.mtSlot]?.minimum ?? 0))
            abs(AbsCode.mtTrackingID, slot.trackingID)
            abs(AbsCode.mtPositionX, slot.x)
            abs(AbsCode.mtPositionY, slot.y)
            abs(AbsCode.mtPressure, slot.pressure)
            abs(AbsCode.mtTouchMajor, slot.touchMajor)
            if slot.toolType != ToolType.finger { abs(AbsCode.mtToolType, slot.toolType) }
            if slot.distance != 0 { abs(AbsCode.mtDistance, slot.distance) }
        }
        if !slots.isEmpty { abs(AbsCode.mtSlot, Int32(currentSlot) + (device.axes[AbsCode.mtSlot]?.minimum ?? 0)) }
        if device.axes[AbsCode.mtPositionX] == nil {
            abs(AbsCode.x, single.x)
            abs(AbsCode.y, single.y)
            abs(AbsCode.pressure, single.pressure)
        } else if DeviceTotalAxis(device) != nil {
            abs(AbsCode.pressure, single.pressure)  // a pressure pad's total
        }
        if device.supports(type: EventType.key, code: KeyCode.btnTouch) {
            out.append(KernelEvent(time: time, type: EventType.key, code: KeyCode.btnTouch, value: touching ? 1 : 0))
        }
        out.append(KernelEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0))
        return out
    }
}
