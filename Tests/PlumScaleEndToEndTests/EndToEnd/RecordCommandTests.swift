import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// `plumscale --record FILE`: a window replays a recording while recording
/// what it is fed; `render --replay` of that file then gives the state the
/// original gives, at several moments. SDL's dummy video driver stands in
/// for a display (its events are real SDL events all the same).
@Suite(.serialized) struct RecordCommandTests {
    static func state(of replay: String, at: Double, _ dir: URL) throws -> [String: Any] {
        let state = dir.appendingPathComponent("s-\(UUID().uuidString.prefix(6)).json")
        let result = try runPlumscale([
            "render", "--replay", replay, "--at", "\(at)", "--out", dir.appendingPathComponent("f.png").path, "--state", state.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        return try readJSON(state)
    }

    /// What must be the same: where each contact is, what it reads, and the
    /// device, its mode and its surface. Forces within 2e-6: SDL carries
    /// pressures as floats.
    static func expectSame(_ a: [String: Any], _ b: [String: Any], at: Double) {
        for key in ["mode", "device", "prompt"] {
            #expect("\(a[key] ?? "nil")" == "\(b[key] ?? "nil")", "\(key) at \(at)")
        }
        let surface = (a["surface"] as? [Double] ?? [], b["surface"] as? [Double] ?? [])
        #expect(surface.0.count == 4 && surface.0 == surface.1, "surface at \(at): \(surface)")
        let contacts = (a["contacts"] as? [[String: Any]] ?? [], b["contacts"] as? [[String: Any]] ?? [])
        #expect(contacts.0.count == contacts.1.count, "contacts at \(at)")
        for (x, y) in zip(contacts.0, contacts.1) {
            for key in ["id", "label", "heaviest", "stable"] {
                #expect("\(x[key] ?? "nil")" == "\(y[key] ?? "nil")", "\(key) at \(at)")
            }
            for key in ["x", "y", "force", "radius"] {
                let d = abs((x[key] as? Double ?? .nan) - (y[key] as? Double ?? .nan))
                #expect(d < 2e-4, "\(key) at \(at): \(x[key] ?? "nil") vs \(y[key] ?? "nil")")
            }
        }
    }

    @Test func aRecordingRendersAsTheSessionItRecorded() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = OwnRecordings.path(OwnRecordings.pressure)
        let recorded = dir.appendingPathComponent("session.jsonl").path
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        let run = try runPlumscale(["--replay", original, "--record", recorded, "--exit-after", "2"], environment: env, timeout: 30)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try String(contentsOfFile: recorded, encoding: .utf8).split(separator: "\n")
        #expect(
            lines.first?.hasPrefix(#"{"plumscale-replay":1,"device":{"name":"PlumScale fixture pressure panel","pressure":true"#) == true)
        #expect(lines.count == 1 + 11, "\(lines.joined(separator: "\n"))")  // 4 downs, 3 moves, 4 ups
        // Moments with the forces settled (unchanged for 0.3 s: shown exactly).
        for at in [0.45, 0.65, 1.4] {
            Self.expectSame(try Self.state(of: original, at: at, dir), try Self.state(of: recorded, at: at, dir), at: at)
        }
    }

    @Test func recordEvemuNeedsAnEvdevSource() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        let run = try runPlumscale(
            [
                "--replay", Paths.sessions.appendingPathComponent("five-plums.jsonl").path, "--record-evemu",
                dir.appendingPathComponent("r.evemu").path,
                "--exit-after", "1",
            ],
            environment: env, timeout: 30)
        #expect(run.status == 2)
        #expect(run.stderr.contains("--record-evemu records a live evdev device; it does not go with --replay"), "\(run.stderr)")
    }
}
