import CEvdev
import Foundation
import PlumScaleCore

/// Lists the event devices and what each would give PlumScale, for
/// `plumscale devices`.
public enum TouchDeviceScanner {
    /// One /dev/input/eventN.
    public struct Entry: Equatable, Sendable {
        public var path: String
        /// From libevdev when the device could be opened.
        public var device: TouchDeviceDescription?
        /// The name from sysfs (readable without permission), if any.
        public var sysfsName: String?
        /// Why the device cannot be read, nil when it can.
        public var problem: String?
        /// For a touchscreen, what places its contacts in a window: udev's
        /// calibration matrix, X11's word on the device.
        public var placement: [String]

        public init(
            path: String, device: TouchDeviceDescription?, sysfsName: String? = nil, problem: String? = nil, placement: [String] = []
        ) {
            self.path = path
            self.device = device
            self.sysfsName = sysfsName
            self.problem = problem
            self.placement = placement
        }

        /// A touchscreen or touchpad: multitouch axes, or ABS_X/Y with BTN_TOUCH.
        public var isTouch: Bool {
            guard let device else { return false }
            return device.isMultitouch
                || (device.axes[AbsCode.x] != nil && device.supports(type: EventType.key, code: KeyCode.btnTouch))
        }
    }

    /// The result of a scan: nil entries when the directory is absent.
    public struct Scan: Equatable, Sendable {
        public var directory: String
        public var entries: [Entry]?

        /// The touch devices that could be opened, for `DeviceChoice`.
        public var candidates: [DeviceChoice.Candidate] {
            (entries ?? []).filter { $0.isTouch && $0.problem == nil }.compactMap { entry in entry.device.map { (entry.path, $0) } }
        }
    }

    /// Opens every `event*` node of `directory` read-only and describes it.
    public static func scan(directory: String = "/dev/input") -> Scan {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            return Scan(directory: directory, entries: nil)
        }
        // X11's word, where an X server is reachable ($DISPLAY).
        let x11 = X11TouchMatrix()
        let events = names.filter { $0.hasPrefix("event") }
            .sorted { (Int($0.dropFirst(5)) ?? .max, $0) < (Int($1.dropFirst(5)) ?? .max, $1) }
        return Scan(
            directory: directory,
            entries: events.map { name in
                let path = directory + "/" + name
                let sysfs = try? String(contentsOfFile: "/sys/class/input/\(name)/device/name", encoding: .utf8)
                let sysfsName = sysfs?.trimmingCharacters(in: .whitespacesAndNewlines)
                do {
                    let device = try LibevdevDevice(path: path).describe()
                    let placement = device.kind == .touchscreen ? placementLines(path, x11: x11) : []
                    return Entry(path: path, device: device, sysfsName: sysfsName, placement: placement)
                } catch let error as EvdevError {
                    return Entry(path: path, device: nil, sysfsName: sysfsName, problem: error.reason)
                } catch {
                    return Entry(path: path, device: nil, sysfsName: sysfsName, problem: "\(error)")
                }
            })
    }

    /// What places a touchscreen's contacts in a window, besides the fit
    /// from SDL's touches.
    static func placementLines(_ path: String, x11: X11TouchMatrix?) -> [String] {
        var lines: [String] = []
        if let calibration = UdevCalibration.matrix(for: path) {
            lines.append("  udev calibration matrix: \(X11TouchMatrix.shown(calibration.numbers))")
        }
        if let x11 { lines.append("  in an X11 window: " + X11TouchMatrix.account(of: x11.reading(forDeviceNode: path), node: path)) }
        return lines
    }

    /// The human-readable report `plumscale devices` prints.
    public static func report(directory: String = "/dev/input") -> String {
        report(scan(directory: directory))
    }

    /// Formats a scan: touch devices in detail, others on one line.
    public static func report(_ scan: Scan) -> String {
        guard let entries = scan.entries else {
            return "no \(scan.directory): this system has no input event devices (a container or a VM without them?).\n"
                + "Touch input then comes from SDL only, without force.\n"
        }
        if entries.isEmpty { return "no event devices in \(scan.directory).\n" }
        var lines: [String] = []
        for entry in entries {
            if let problem = entry.problem {
                let name = entry.sysfsName.map { " \"\($0)\"" } ?? ""
                lines.append("\(entry.path)\(name): cannot be opened: \(problem)")
                continue
            }
            guard let device = entry.device else { continue }
            guard entry.isTouch else {
                lines.append("\(entry.path) \"\(device.name)\": not a touch device")
                continue
            }
            lines.append(contentsOf: describe(entry.path, device) + entry.placement)
        }
        if !entries.contains(where: \.isTouch) {
            lines.append("no touch device could be read.")
        } else if let choice = DeviceChoice.automatic(scan.candidates) {
            lines.append("--source auto takes \(choice.path) \"\(choice.device.name)\": \(choice.reason)")
        } else {
            lines.append("--source auto takes no touch device here: SDL's touch events, or the mouse")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Where grams come from: the pressure axis' resolution, which the
    /// kernel defines in units per gram, or a calibration.
    static func gramsLine(_ device: TouchDeviceDescription) -> String {
        if let grams = DeviceGrams(device) {
            return "  grams: from the device, without calibration (\(grams.account)); a calibration can check and refine them"
        }
        return "  grams: only after calibration (\(DeviceGrams.absence(device) ?? "no force axis"))"
    }

    /// A pressure pad's own total force (DeviceTotalAxis).
    static let totalLine =
        "  total force: ABS_PRESSURE, the kernel's sum of the contacts' (INPUT_MT_TOTAL_FORCE); the total line shows it"

    /// On a touchpad that is not a pressure pad, ABS_MT_PRESSURE is often
    /// the contact's size (libinput treats it so): said beside the mode.
    static func padPressureLine(_ device: TouchDeviceDescription) -> String? {
        guard device.kind == .touchpad, device.forceMode == .force, !device.isPressurePad else { return nil }
        return "  not a pressure pad (no INPUT_PROP_PRESSUREPAD, not in libinput's pressure-pad quirks): "
            + "its pressure may follow contact size more than force"
    }

    static func hex(_ value: Int) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    static func describe(_ path: String, _ device: TouchDeviceDescription) -> [String] {
        var lines = [
            "\(path) \"\(device.name)\" (bus \(hex(device.bus)) vendor \(hex(device.vendor)) "
                + "product \(hex(device.product)) version \(hex(device.version)))"
        ]
        let kind =
            device.isProtocolA
            ? "multitouch protocol A (no slots)"
            : device.slotCount > 0
                ? "multitouch protocol B, \(device.slotCount) slots"
                : "single touch"
        lines.append("  \(kind)\(device.properties.contains(1) ? ", direct (touchscreen)" : "")")
        lines.append("  kind: \(device.kindDescription)\(device.kind == .touchpad ? "; weighed with --source touchpad" : "")")
        if let refusal = device.weighingRefusal { lines.append("  cannot weigh: \(refusal)") }
        for axis in device.axes.values.sorted(by: { $0.code < $1.code }) {
            let resolution = axis.resolution != 0 ? ", resolution \(axis.resolution)" : ""
            let flat = axis.hasRange ? "" : " (empty range: measures nothing)"
            lines.append("  \(AbsCode.name(axis.code)) \(axis.minimum)...\(axis.maximum)\(resolution)\(flat)")
        }
        for problem in device.problems { lines.append("  cannot be used: \(problem.message)") }
        switch device.forceMode {
        case .force:
            let axis = device.axes[AbsCode.mtPressure]?.hasRange == true ? "ABS_MT_PRESSURE" : "ABS_PRESSURE"
            lines.append("  force mode: force (\(axis): real pressure, can weigh)")
            lines.append(gramsLine(device))
            if let line = padPressureLine(device) { lines.append(line) }
            if DeviceTotalAxis(device) != nil { lines.append(totalLine) }
        case .area:
            lines.append("  force mode: area (ABS_MT_TOUCH_MAJOR contact size only: approximate, ranks objects, does not weigh)")
            if let axis = device.axes[AbsCode.mtTouchMajor] {
                lines.append("  " + ContactSizeScale(axis: axis, positionX: device.axes[AbsCode.mtPositionX]).explanation)
            }
        case .position:
            lines.append("  force mode: position (positions only: no force from this device)")
        }
        return lines
    }
}
