import CUdev
import Foundation
import PlumScaleCore

/// Input devices that appear, from a udev monitor (the "udev" netlink
/// source: events sent once udev's rules have run, so the node has its
/// final permissions). The evdev reader waits on it after a loss instead of
/// retrying the path every second. Without udevd (some containers) no event
/// ever comes: the reader still retries, rarely.
final class DeviceArrivals {
    private let udev: OpaquePointer
    private let monitor: OpaquePointer
    /// Readable when udev has news.
    let fd: Int32

    /// nil when no monitor can be made (no netlink socket allowed).
    init?() {
        guard let udev = udev_new() else { return nil }
        guard let monitor = udev_monitor_new_from_netlink(udev, "udev") else {
            udev_unref(udev)
            return nil
        }
        guard udev_monitor_filter_add_match_subsystem_devtype(monitor, "input", nil) >= 0,
            udev_monitor_enable_receiving(monitor) >= 0
        else {
            udev_monitor_unref(monitor)
            udev_unref(udev)
            return nil
        }
        self.udev = udev
        self.monitor = monitor
        self.fd = udev_monitor_get_fd(monitor)
    }

    deinit {
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }

    /// Reads what udev sent: true when a device node at `path` (or at what
    /// `path` links to) was added or changed.
    func arrived(_ path: String) -> Bool {
        let wanted = Set([path, URL(fileURLWithPath: path).resolvingSymlinksInPath().path])
        var found = false
        while let device = udev_monitor_receive_device(monitor) {
            defer { udev_device_unref(device) }
            let action = udev_device_get_action(device).map { String(cString: $0) } ?? ""
            guard action == "add" || action == "change", let node = udev_device_get_devnode(device) else { continue }
            if wanted.contains(String(cString: node)) { found = true }
        }
        return found
    }
}

/// udev's word on a device node's calibration: LIBINPUT_CALIBRATION_MATRIX
/// (set by a udev rule or hwdb entry for panels mounted rotated or offset).
enum UdevCalibration {
    /// The matrix of the device at `path`, nil without one (or without udev).
    static func matrix(for path: String) -> TouchMappingFit.AffineMap? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFCHR, let udev = udev_new() else { return nil }
        defer { udev_unref(udev) }
        guard let device = udev_device_new_from_devnum(udev, Int8(bitPattern: UInt8(ascii: "c")), status.st_rdev) else { return nil }
        defer { udev_device_unref(device) }
        guard let value = udev_device_get_property_value(device, "LIBINPUT_CALIBRATION_MATRIX") else { return nil }
        return TouchMappingFit.AffineMap(calibrationMatrix: String(cString: value))
    }
}
