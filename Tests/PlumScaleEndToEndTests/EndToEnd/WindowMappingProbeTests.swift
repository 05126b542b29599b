import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// The program's own window mapping, wired as the event loop has it: a
/// real SDL window on Xvfb (PlumScaleMappingProbe, Tests/MappingProbe) and
/// the XTEST pointer given the Device Node and matrix the libinput driver
/// would set for a touchscreen on the right half of a 1920×1080 screen.
@Suite(.serialized) struct WindowMappingProbeTests {
    /// Runs the probe for `node` and the device points; the window's place,
    /// the placed points, and its log.
    static func run(_ xvfb: Xvfb, node: String, _ points: [(Double, Double)]) throws
        -> (window: [Double], placed: [(x: Double, y: Double)], log: String)
    {
        let probe = try #require(Paths.hook("PlumScaleMappingProbe"), "no PlumScaleMappingProbe beside the test bundle")
        let root = Paths.temporaryDirectory("mapping-probe")
        let out = root.appendingPathComponent("out").path
        let err = root.appendingPathComponent("err").path
        let child = try Spawned(
            probe, [node] + points.map { "\($0.0),\($0.1)" }, environment: xvfb.environment, stdout: out, stderr: err)
        let status = child.wait(timeout: 30)
        let output = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        let log = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
        try #require(status == 0, "probe exit \(String(describing: status)): \(output)\(log)")
        let lines = output.split(separator: "\n").map { $0.split(separator: " ") }
        let window = try #require(lines.first { $0.first == "window" }).dropFirst().compactMap { Double($0) }
        let placed = lines.filter { $0.first == "placed" }.map { (x: Double($0[1]) ?? .nan, y: Double($0[2]) ?? .nan) }
        return (window, placed, log)
    }

    static let points = [(0.5, 0.5), (0.25, 0.75), (1.0, 0.0)]

    @Test func x11sMatrixPlacesTheContactsInTheWindow() throws {
        let server = try X11TouchMatrixTests.Server(width: 1920, height: 1080)
        let node = try server.touchscreen()
        let (window, placed, log) = try Self.run(server.xvfb, node: node.link, Self.points)
        #expect(log.contains("X11 input device \(server.pointer) \"Virtual core XTEST pointer\" is \(node.link)"), "\(log)")
        try #require(window.count == 4 && placed.count == Self.points.count, "\(window) \(placed)")
        for (p, got) in zip(Self.points, placed) {
            // Right half of the screen, then the window's own place on it.
            let desktop = ((0.5 * p.0 + 0.5) * 1920, p.1 * 1080)
            let expected = ((desktop.0 - window[0]) / window[2], (desktop.1 - window[1]) / window[3])
            #expect(abs(got.x - expected.0) < 1e-6 && abs(got.y - expected.1) < 1e-6, "\(p) → \(got), expected \(expected)")
        }
    }

    @Test func withoutADeviceOnTheNodeTheDisplayIsTheTouchscreen() throws {
        let server = try X11TouchMatrixTests.Server(width: 1920, height: 1080)
        let node = try X11TouchMatrixTests.node()
        let (window, placed, log) = try Self.run(server.xvfb, node: node.file, Self.points)
        #expect(log.contains("no X11 input device has \(node.file) for its Device Node"), "\(log)")
        try #require(window.count == 4 && placed.count == Self.points.count, "\(window) \(placed)")
        for (p, got) in zip(Self.points, placed) {
            let expected = ((p.0 * 1920 - window[0]) / window[2], (p.1 * 1080 - window[1]) / window[3])
            #expect(abs(got.x - expected.0) < 1e-6 && abs(got.y - expected.1) < 1e-6, "\(p) → \(got), expected \(expected)")
        }
    }
}
