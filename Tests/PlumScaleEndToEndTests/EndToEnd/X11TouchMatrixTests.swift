import CXInput
import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// X11's word on a touchscreen, read through libXi from a real X server
/// (Xvfb). Xvfb has no touchscreen, so its XTEST pointer is given the
/// properties the libinput driver gives one: a Device Node and a
/// Coordinate Transformation Matrix, set as `xinput set-prop` sets them.
@Suite(.serialized) struct X11TouchMatrixTests {
    /// The X server, and a connection of the test's own to set properties.
    final class Server {
        let xvfb: Xvfb
        let display: OpaquePointer
        let pointer: Int32

        init(width: Int = 3840, height: Int = 1080) throws {
            xvfb = try Xvfb(width: width, height: height)
            display = try #require(XOpenDisplay(xvfb.display))
            var count: Int32 = 0
            let devices = try #require(XIQueryDevice(display, XIAllDevices, &count))
            defer { XIFreeDeviceInfo(devices) }
            pointer = try #require(
                UnsafeBufferPointer(start: devices, count: Int(count)).first {
                    String(cString: $0.name) == "Virtual core XTEST pointer"
                }?.deviceid)
        }

        deinit { XCloseDisplay(display) }

        /// A node (and a link to it) made the XTEST pointer's, with `matrix`.
        func touchscreen(matrix: [Float] = X11TouchMatrixTests.rightHalf) throws -> (file: String, link: String) {
            let node = try X11TouchMatrixTests.node()
            setNode(node.file)
            setMatrix(matrix)
            return node
        }

        func setNode(_ path: String) {
            var bytes = Array(path.utf8)
            XIChangeProperty(
                display, pointer, XInternAtom(display, "Device Node", 0), XInternAtom(display, "STRING", 0), 8,
                PropModeReplace, &bytes, Int32(bytes.count))
            XSync(display, 0)
        }

        func setMatrix(_ values: [Float]) {
            var values = values
            let count = Int32(values.count)
            values.withUnsafeMutableBytes { raw in
                XIChangeProperty(
                    display, pointer, XInternAtom(display, "Coordinate Transformation Matrix", 0), XInternAtom(display, "FLOAT", 0), 32,
                    PropModeReplace, raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count)
            }
            XSync(display, 0)
        }
    }

    /// `xinput map-to-output` onto the right-hand of two 1920×1080 monitors.
    static let rightHalf: [Float] = [0.5, 0, 0.5, 0, 1, 0, 0, 0, 1]

    /// A file standing for the evdev node, and a link to it (as
    /// /dev/input/by-id/… links to /dev/input/eventN).
    static func node() throws -> (file: String, link: String) {
        let directory = Paths.temporaryDirectory("x11-node")
        let file = directory.appendingPathComponent("event7").path
        let link = directory.appendingPathComponent("usb-ELAN-event-if00").path
        try Data().write(to: URL(fileURLWithPath: file))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
        return (file, link)
    }

    @Test func theDeviceOnTheNodeGivesItsMatrixAndTheScreenItMapsOnto() throws {
        let server = try Server()
        let node = try server.touchscreen()
        let x11 = try #require(X11TouchMatrix(displayName: server.xvfb.display))
        // The program is given the link; X11 holds the node itself.
        let reading = try #require(x11.reading(forDeviceNode: node.link))
        #expect(reading.deviceID == server.pointer)
        #expect(reading.deviceName == "Virtual core XTEST pointer")
        #expect(reading.matrix == [0.5, 0, 0.5, 0, 1, 0, 0, 0, 1])
        let mapping = try #require(reading.mapping)
        #expect(mapping.screenWidth == 3840 && mapping.screenHeight == 1080)
        // A window filling the right monitor: the panel's centre is its centre.
        let window = TouchPlacement.Rect(x: 1920, y: 0, width: 1920, height: 1080)
        let left = TouchPlacement.Rect(x: 0, y: 0, width: 1920, height: 1080)
        let p = TouchPlacement(x11: mapping).windowPosition(x: 0.5, y: 0.5, window: window, display: left)
        #expect(abs(p.x - 0.5) < 1e-6 && abs(p.y - 0.5) < 1e-6, "\(p)")
    }

    @Test func aChangedMatrixIsSeenOnTheNextRead() throws {
        let server = try Server()
        let node = try Self.node()
        server.setNode(node.file)
        let x11 = try #require(X11TouchMatrix(displayName: server.xvfb.display))
        server.setMatrix([1, 0, 0, 0, 1, 0, 0, 0, 1])
        #expect(x11.reading(forDeviceNode: node.file)?.matrix == [1, 0, 0, 0, 1, 0, 0, 0, 1])
        // The panel is turned a quarter to the left.
        server.setMatrix([0, -1, 1, 1, 0, 0, 0, 0, 1])
        let turned = try #require(x11.reading(forDeviceNode: node.file)?.mapping)
        #expect(turned.matrix == TouchMappingFit.AffineMap(a: 0, b: -1, c: 1, d: 1, e: 0, f: 0))
        // The device now stands for another node: the one found before is
        // asked again, not trusted.
        server.setNode("/dev/input/event42")
        #expect(x11.reading(forDeviceNode: node.file) == nil)
        #expect(x11.reading(forDeviceNode: "/dev/input/event42")?.deviceID == server.pointer)
    }

    @Test func anotherNodeHasNoDeviceAndABrokenMatrixPlacesNothing() throws {
        let server = try Server()
        let node = try Self.node()
        let x11 = try #require(X11TouchMatrix(displayName: server.xvfb.display))
        // Before any device has a Device Node, and for a node none has.
        #expect(x11.reading(forDeviceNode: node.file) == nil)
        server.setNode(node.file)
        #expect(x11.reading(forDeviceNode: "/dev/input/event99") == nil)
        // A projective last row: the device is found, its matrix refused.
        server.setMatrix([1, 0, 0, 0, 1, 0, 0.5, 0, 1])
        let reading = try #require(x11.reading(forDeviceNode: node.file))
        #expect(reading.mapping == nil)
        #expect(reading.matrix.count == 9)
    }

    /// `plumscale devices` says, under each touchscreen, where X11 puts it.
    @Test func theDevicesReportSaysWhatX11SaysOfEachTouchscreen() throws {
        let server = try Server()
        let node = try server.touchscreen()
        let x11 = try #require(X11TouchMatrix(displayName: server.xvfb.display))
        let device = try EvemuRecording(contentsOf: OwnRecordings.path(OwnRecordings.pressure)).device
        let entries: [TouchDeviceScanner.Entry] = [node.link, "/dev/input/event9"].map { path in
            .init(path: path, device: device, placement: TouchDeviceScanner.placementLines(path, x11: x11))
        }
        let lines = TouchDeviceScanner.report(TouchDeviceScanner.Scan(directory: "/dev/input", entries: entries))
            .split(separator: "\n").map(String.init)
        let found =
            "  in an X11 window: X11 input device \(server.pointer) \"Virtual core XTEST pointer\" is \(node.link): "
            + "its Coordinate Transformation Matrix 0.5 0 0.5 0 1 0 0 0 1 places the touchscreen on the 3840x1080 X screen"
        let missing =
            "  in an X11 window: no X11 input device has /dev/input/event9 for its Device Node: the display that holds the window is taken"
        let first = try #require(lines.firstIndex(of: found), "\(lines)")
        let second = try #require(lines.firstIndex(of: missing), "\(lines)")
        // Each under its own device, before the next device's first line.
        #expect(lines[..<first].filter { $0.hasPrefix("/") }.count == 1)
        #expect(lines[first..<second].filter { $0.hasPrefix("/") }.count == 1)
    }

    @Test func noXServerIsNoReading() {
        #expect(X11TouchMatrix(displayName: ":4095") == nil)
    }
}
