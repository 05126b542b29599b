import CEvdev
import Foundation
import PlumScaleCore

/// Why an event device cannot be used.
public struct EvdevError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The error for `errno` after opening `path`, with what to do about it.
    public init(path: String, errno code: Int32) {
        self.init(path: path, reason: EvdevError.explain(errno: code))
    }

    public var description: String { "\(path): \(reason)" }

    /// A person's explanation of an open(2) errno on an event device.
    public static func explain(errno code: Int32) -> String {
        switch code {
        case EACCES, EPERM:
            return "permission denied: add yourself to the `input` group: sudo usermod -aG input $USER, then log in again"
        case ENOENT: return "no such device"
        case ENODEV, ENXIO: return "the device is gone"
        case EBUSY: return "the device is grabbed by another program"
        default: return String(cString: strerror(code))
        }
    }
}

/// A device opened with libevdev: the fd and the libevdev handle. The ioctl
/// part of the reader, kept thin: open, describe, read one event, slots.
final class LibevdevDevice {
    let fd: Int32
    let handle: OpaquePointer

    /// Opens `path` read-only, non-blocking, and sets the clock to
    /// CLOCK_MONOTONIC so timestamps do not jump with the wall clock.
    init(path: String) throws(EvdevError) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw EvdevError(path: path, errno: errno) }
        var handle: OpaquePointer?
        let rc = libevdev_new_from_fd(fd, &handle)
        guard rc == 0, let handle else {
            close(fd)
            throw EvdevError(path: path, reason: "not an event device (\(String(cString: strerror(-rc))))")
        }
        _ = libevdev_set_clock_id(handle, CLOCK_MONOTONIC)
        self.fd = fd
        self.handle = handle
    }

    deinit {
        libevdev_free(handle)
        close(fd)
    }

    /// Name, ids, axes, supported codes and properties as libevdev knows them.
    func describe() -> TouchDeviceDescription {
        var axes: [AbsAxis] = []
        for code in 0...UInt32(AbsCode.max) where libevdev_has_event_code(handle, UInt32(EV_ABS), code) != 0 {
            guard let info = libevdev_get_abs_info(handle, code)?.pointee else { continue }
            axes.append(
                AbsAxis(
                    code: UInt16(code), minimum: info.minimum, maximum: info.maximum,
                    fuzz: info.fuzz, flat: info.flat, resolution: info.resolution))
        }
        var codes: [UInt16: Set<UInt16>] = [:]
        for type in [EV_SYN, EV_KEY, EV_REL, EV_ABS, EV_MSC] where libevdev_has_event_type(handle, UInt32(type)) != 0 {
            let maxCode = libevdev_event_type_get_max(UInt32(type))
            guard maxCode > 0 else { continue }
            codes[UInt16(type)] = Set(
                (0...UInt32(maxCode)).filter {
                    libevdev_has_event_code(handle, UInt32(type), $0) != 0
                }.map { UInt16($0) })
        }
        let properties = Set((0...UInt32(INPUT_PROP_MAX)).filter { libevdev_has_property(handle, $0) != 0 }.map { UInt16($0) })
        return TouchDeviceDescription(
            name: libevdev_get_name(handle).map { String(cString: $0) } ?? "",
            bus: Int(libevdev_get_id_bustype(handle)), vendor: Int(libevdev_get_id_vendor(handle)),
            product: Int(libevdev_get_id_product(handle)), version: Int(libevdev_get_id_version(handle)),
            axes: axes, supportedCodes: codes, properties: properties)
    }

    /// The device's whole state as libevdev holds it: every slot's value of
    /// every axis the decoder reads, the current slot, BTN_TOUCH, the pen
    /// tool keys and the single-touch axes. Loaded at open, at a reopen and
    /// after SYN_DROPPED, so what lies on the panel appears at once.
    func snapshot() -> DeviceSnapshot {
        let count = max(0, libevdev_get_num_slots(handle))
        let slots = (0..<UInt32(count)).map { slot in
            let value = { (code: Int32) in libevdev_get_slot_value(self.handle, slot, UInt32(code)) }
            return MultitouchDecoder.SlotState(
                trackingID: value(ABS_MT_TRACKING_ID), x: value(ABS_MT_POSITION_X), y: value(ABS_MT_POSITION_Y),
                pressure: value(ABS_MT_PRESSURE), touchMajor: value(ABS_MT_TOUCH_MAJOR),
                toolType: value(ABS_MT_TOOL_TYPE), distance: value(ABS_MT_DISTANCE))
        }
        let key = { (code: UInt16) in libevdev_get_event_value(self.handle, UInt32(EV_KEY), UInt32(code)) != 0 }
        let abs = { (code: Int32) in libevdev_get_event_value(self.handle, UInt32(EV_ABS), UInt32(code)) }
        return DeviceSnapshot(
            slots: slots, currentSlot: Int(max(0, libevdev_get_current_slot(handle))),
            touching: key(KeyCode.btnTouch),
            penInRange: (KeyCode.btnToolPen...KeyCode.btnToolAirbrush).contains(where: key),
            single: DeviceSnapshot.SingleTouch(x: abs(ABS_X), y: abs(ABS_Y), pressure: abs(ABS_PRESSURE)))
    }

    enum ReadResult {
        case event(input_event)
        case dropped(input_event)
        case again
        case failed(Int32)
    }

    /// One event in normal mode; on SYN_DROPPED drains libevdev's sync
    /// events (its state is then current) and returns `.dropped`.
    func next() -> ReadResult {
        var event = input_event()
        let rc = libevdev_next_event(handle, LIBEVDEV_READ_FLAG_NORMAL.rawValue, &event)
        switch rc {
        case Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue): return .event(event)
        case Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue):
            var sync = input_event()
            while libevdev_next_event(handle, LIBEVDEV_READ_FLAG_SYNC.rawValue, &sync)
                == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue)
            {}
            return .dropped(event)
        case -EAGAIN: return .again
        default: return .failed(-rc)
        }
    }
}

extension KernelEvent {
    /// A kernel `struct input_event`, its time shifted by `-timeBase`.
    init(_ event: input_event, timeBase: Double) {
        self.init(
            time: Double(event.time.tv_sec) + Double(event.time.tv_usec) / 1_000_000 - timeBase,
            type: event.type, code: event.code, value: event.value)
    }
}
