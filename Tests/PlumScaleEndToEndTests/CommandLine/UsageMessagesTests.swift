import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// The tests of UsageMessagesTests that start the built plumscale (or a tool
/// around it): the end-to-end layer; the rest of the suite runs in-process.
@Suite struct UsageMessagesTests {
    /// The real binary with no display at all: every stderr line is the
    /// program's own, and the error says what to do; exit code 1.
    @Test func withNoDisplayTheFirstLineIsOurs() throws {
        let dir = Paths.temporaryDirectory("no-display")
        defer { try? FileManager.default.removeItem(at: dir) }
        let err = dir.appendingPathComponent("stderr").path
        let child = try Spawned(
            Paths.binary.path, ["--exit-after", "2"], unsetting: ["DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "SDL_VIDEODRIVER"],
            stdout: dir.appendingPathComponent("stdout").path, stderr: err)
        let status = child.wait(timeout: 30)
        let lines = ((try? String(contentsOfFile: err, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(status == 1)
        #expect(lines.first?.hasPrefix("plumscale: error: no display") == true, "\(lines)")
        #expect(lines.allSatisfy { $0.hasPrefix("plumscale: ") }, "\(lines)")
    }

    /// Refused before a window opens: under Xvfb with the mouse, no window
    /// ever appears.
    @Test func recordEvemuIsRefusedBeforeAWindow() throws {
        let result = try runPlumscale(["--record-evemu", "r.evemu", "--source", "mouse", "--exit-after", "5"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--record-evemu needs an evdev source"))
    }
}
