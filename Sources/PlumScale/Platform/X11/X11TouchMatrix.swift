import CXInput
import Foundation
import PlumScaleCore

/// X11's word on where a touchscreen lies, read through libXi: the X input
/// device whose "Device Node" property is the touchscreen's evdev node
/// (the libinput and evdev drivers set it), its "Coordinate Transformation
/// Matrix", and the size of the X screen the matrix maps onto. A
/// connection of its own to the X server SDL uses ($DISPLAY).
final class X11TouchMatrix {
    /// What the server said of one device node.
    struct Reading: Equatable {
        /// The X input device's id and name.
        var deviceID: Int32
        var deviceName: String
        /// The matrix's nine floats, as the server holds them.
        var matrix: [Double]
        /// The mapping they make; nil when they cannot place a contact.
        var mapping: TouchPlacement.X11Mapping?
    }

    private let display: OpaquePointer
    private let nodeAtom: Atom
    private let matrixAtom: Atom
    private let floatAtom: Atom
    private let stringAtom: Atom
    /// The device last found on a node.
    private var known: (id: Int32, name: String, node: String)?

    /// Nil without an X server or without XInput 2.
    init?(displayName: String? = nil) {
        guard let display = XOpenDisplay(displayName) else { return nil }
        var major: Int32 = 2
        var minor: Int32 = 0
        guard XIQueryVersion(display, &major, &minor) == Success else {
            XCloseDisplay(display)
            return nil
        }
        self.display = display
        // Interned once (made if no device has them yet: a later one may).
        nodeAtom = XInternAtom(display, "Device Node", 0)
        matrixAtom = XInternAtom(display, "Coordinate Transformation Matrix", 0)
        floatAtom = XInternAtom(display, "FLOAT", 0)
        stringAtom = XInternAtom(display, "STRING", 0)
    }

    deinit { XCloseDisplay(display) }

    /// The X input device on `node` (symbolic links resolved on both sides);
    /// nil when the server has none.
    func reading(forDeviceNode node: String) -> Reading? {
        // A device can go between the query and the reads: the server's
        // BadDevice must fail the read, not end the program (Xlib's default
        // handler exits), so a quiet handler stands in meanwhile.
        let previous = XSetErrorHandler { _, _ in 0 }
        defer {
            XSync(display, 0)
            XSetErrorHandler(previous)
        }
        let wanted = Self.resolved(node)
        // The device found last time, if it still has the node: three round
        // trips (a read comes with a touch), not one for every device.
        if let known, known.node == wanted, let deviceNode = string(known.id, nodeAtom), Self.resolved(deviceNode) == wanted {
            return reading(known.id, name: known.name)
        }
        known = nil
        var count: Int32 = 0
        guard let devices = XIQueryDevice(display, XIAllDevices, &count) else { return nil }
        defer { XIFreeDeviceInfo(devices) }
        for device in UnsafeBufferPointer(start: devices, count: Int(count))
        where device.use == XISlavePointer || device.use == XIFloatingSlave {
            guard let deviceNode = string(device.deviceid, nodeAtom), Self.resolved(deviceNode) == wanted else { continue }
            let name = device.name.map { String(cString: $0) } ?? ""
            known = (device.deviceid, name, wanted)
            return reading(device.deviceid, name: name)
        }
        return nil
    }

    private func reading(_ id: Int32, name: String) -> Reading {
        let matrix = floats(id, matrixAtom) ?? []
        return Reading(
            deviceID: id, deviceName: name, matrix: matrix,
            mapping: screenSize().flatMap {
                TouchPlacement.X11Mapping(coordinateTransformationMatrix: matrix, screenWidth: $0.width, screenHeight: $0.height)
            })
    }

    /// A matrix's numbers as xinput and udev write them ("0.5 0 0.5 …").
    static func shown(_ numbers: [Double]) -> String {
        numbers.map { String(format: "%g", $0) }.joined(separator: " ")
    }

    /// What a reading means for the contacts on `node`, in a sentence.
    static func account(of reading: Reading?, node: String) -> String {
        guard let reading else {
            return "no X11 input device has \(node) for its Device Node: \(TouchPlacement.Source.display.rawValue) is taken"
        }
        let matrix = shown(reading.matrix)
        let device = "X11 input device \(reading.deviceID) \"\(reading.deviceName)\" is \(node)"
        guard let mapping = reading.mapping else {
            return "\(device), but its Coordinate Transformation Matrix \(matrix) is not nine numbers ending 0 0 1: "
                + "\(TouchPlacement.Source.display.rawValue) is taken"
        }
        return "\(device): its Coordinate Transformation Matrix \(matrix) places the touchscreen on the "
            + "\(Int(mapping.screenWidth))x\(Int(mapping.screenHeight)) X screen"
    }

    /// A property's raw items: (type, format, bytes), nil when absent.
    private func property(_ device: Int32, _ atom: Atom) -> (type: Atom, format: Int32, items: Int, bytes: [UInt8])? {
        var type: Atom = 0
        var format: Int32 = 0
        var items: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XIGetProperty(display, device, atom, 0, 1024, 0, Atom(AnyPropertyType), &type, &format, &items, &after, &data) == Success
        else { return nil }
        defer { if let data { XFree(data) } }
        guard type != 0, let data, format == 8 || format == 16 || format == 32 else { return nil }
        // XInput 2 gives format-32 items as 32 bits each (not longs).
        let bytes = Array(UnsafeBufferPointer(start: data, count: Int(items) * Int(format / 8)))
        return (type, format, Int(items), bytes)
    }

    private func string(_ device: Int32, _ atom: Atom) -> String? {
        guard let p = property(device, atom), p.type == stringAtom, p.format == 8 else { return nil }
        return String(decoding: p.bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    private func floats(_ device: Int32, _ atom: Atom) -> [Double]? {
        guard let p = property(device, atom), p.type == floatAtom, p.format == 32 else { return nil }
        return (0..<p.items).map { i in
            Double(p.bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: i * 4, as: Float.self) })
        }
    }

    /// The X screen's size now (the root window's geometry: it follows
    /// RandR, where the connection's cached size would not).
    private func screenSize() -> (width: Double, height: Double)? {
        var root: CXInput.Window = 0
        var x: Int32 = 0
        var y: Int32 = 0
        var width: UInt32 = 0
        var height: UInt32 = 0
        var border: UInt32 = 0
        var depth: UInt32 = 0
        guard XGetGeometry(display, XDefaultRootWindow(display), &root, &x, &y, &width, &height, &border, &depth) != 0
        else { return nil }
        return (Double(width), Double(height))
    }

    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}
