import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Item 5 of the station rig: the kiosk on the VM's own display. When the
/// VM says the kiosk is up (ready-for-screendump), qemu's monitor takes
/// what the display shows (`screendump`, the picture the VM's graphics
/// card scans out: bochs, KMSDRM, no X, no Wayland), and it is compared
/// with `plumscale render --kiosk` of the same moment (no touch yet).
final class KioskScreendump {
    let directory: URL
    private(set) var taken: String?
    private var answer = ""

    init(directory: URL) { self.directory = directory }

    var picture: URL { directory.appendingPathComponent("screendump.ppm") }

    /// Takes the picture once the VM asks for it, then tells the VM.
    func takeWhenReady() {
        guard taken == nil, FileManager.default.fileExists(atPath: directory.appendingPathComponent("ready-for-screendump").path)
        else { return }
        let monitor = Paths.repoRoot.appendingPathComponent("scripts/station/monitor.py").path
        let socket = directory.appendingPathComponent("monitor.sock").path
        let result = try? runCommand("/usr/bin/python3", [monitor, socket, "screendump", picture.path], timeout: 60)
        answer = (result?.stdout ?? "") + (result?.stderr ?? "")
        taken = picture.path
        FileManager.default.createFile(atPath: directory.appendingPathComponent("screendump-done").path, contents: Data())
    }

    func check(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require(taken != nil, "the VM never asked for the screendump", sourceLocation: sourceLocation)
        let shown = try Image.load(picture.path)
        print("station: screendump \(shown.width)x\(shown.height) \(answer)")
        // The same moment from render: the kiosk on the VM's pressure panel
        // (station-panel.service), no contact yet.
        let empty = directory.appendingPathComponent("empty.jsonl")
        let header = #"{"plumscale-replay":1,"device":{"name":"PlumScale fixture pressure panel","pressure":true,"touch_major":false}}"#
        try header.appending("\n").write(
            to: empty, atomically: true, encoding: .utf8)
        let rendered = directory.appendingPathComponent("render.png")
        let result = try runPlumscale([
            "render", "--replay", empty.path, "--kiosk", "--size", "\(shown.width)x\(shown.height)", "--out", rendered.path,
        ])
        try #require(result.status == 0, "render: \(result.stderr)", sourceLocation: sourceLocation)
        let expected = try Image.load(rendered.path)
        let differing = shown.differingPixels(from: expected, tolerance: 8)
        print("station: screendump vs render: \(differing) of \(shown.width * shown.height) pixels differ")
        try? shown.savePNG(directory.appendingPathComponent("screendump.png").path)
        #expect(
            differing * 1000 <= shown.width * shown.height,
            "the VM's display and render --kiosk differ in \(differing) pixels (more than 0.1%): see \(directory.path)",
            sourceLocation: sourceLocation)
    }
}
