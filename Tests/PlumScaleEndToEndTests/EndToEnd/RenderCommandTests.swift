import Foundation
import Testing

@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// The real `plumscale render`, checked from outside as users and the
/// contract tests do: exit codes, the state document, the PNG.
@Suite struct RenderCommandTests {
    let five = Paths.sessions.appendingPathComponent("five-plums.jsonl").path

    @Test func fiveContactsRadiiLabelsAndOneHeaviest() throws {
        let dir = Paths.temporaryDirectory()
        let out = dir.appendingPathComponent("f.png")
        let state = dir.appendingPathComponent("s.json")
        let result = try runPlumscale(["render", "--replay", five, "--at", "1.2", "--out", out.path, "--state", state.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.path))
        let doc = try readJSON(state)
        #expect(doc["size"] as? [Int] == [1280, 720])
        #expect(doc["rotation"] as? Int == 0)
        #expect(doc["mode"] as? String == "force")
        #expect(doc["source"] as? String == "replay")
        #expect(doc["prompt"] is NSNull)
        let contacts = doc["contacts"] as? [[String: Any]] ?? []
        // The file's pressures at t=1.2: ids 1..5 are 0.22, 0.61 (moved at 0.4), 0.42 (moved at 0.6), 0.15, 0.05.
        let forces = [0.22, 0.61, 0.42, 0.15, 0.05]
        #expect(contacts.count == 5)
        for (contact, force) in zip(contacts, forces) {
            #expect(contact["force"] as? Double == force)
            #expect(abs((contact["radius"] as? Double ?? 0) - (120 + force * 120)) < 1e-6)
            #expect(contact["label"] as? String == String(format: "%.1f%%", force * 100))
        }
        #expect(contacts.filter { $0["heaviest"] as? Bool == true }.map { $0["id"] as? Int } == [2])
        // id 1 went down at x=0.16, y=0.36 of a 1280x720 screen.
        #expect(contacts[0]["x"] as? Double == 204.8)
        #expect(contacts[0]["y"] as? Double == 259.2)
    }

    @Test func promptComesBackWhenEveryContactIsLifted() throws {
        let dir = Paths.temporaryDirectory()
        let state = dir.appendingPathComponent("s.json")
        let result = try runPlumscale([
            "render", "--replay", five, "--out", dir.appendingPathComponent("f.png").path, "--state", state.path,
        ])
        #expect(result.status == 0)
        let doc = try readJSON(state)
        #expect(doc["prompt"] as? String == "lay your plums on me.")
        #expect((doc["contacts"] as? [Any])?.isEmpty == true)
    }

    @Test func portraitSizeRotatesTheLayout() throws {
        let dir = Paths.temporaryDirectory()
        let state = dir.appendingPathComponent("s.json")
        let result = try runPlumscale(
            [
                "render", "--replay", five, "--at", "0.5", "--size", "720x1280", "--out", dir.appendingPathComponent("f.png").path,
                "--state", state.path,
            ])
        #expect(result.status == 0)
        let doc = try readJSON(state)
        #expect(doc["size"] as? [Int] == [1280, 720])
        #expect(doc["rotation"] as? Int == 90)
        let first = (doc["contacts"] as? [[String: Any]])?.first
        // Screen (0.16 x 720, 0.36 x 1280) = (115.2, 460.8) lands at layout (460.8, 720 - 115.2).
        #expect(first?["x"] as? Double == 460.8)
        #expect(first?["y"] as? Double == 604.8)
    }

    @Test func malformedReplayExitsTwoNamingFileAndLine() throws {
        let dir = Paths.temporaryDirectory()
        let bad = dir.appendingPathComponent("bad.jsonl")
        try "{\"t\":0,\"type\":\"down\",\"id\":1,\"x\":0.5,\"y\":0.5}\n{\"t\":0.1,\"type\":\"move\",\"id\":1,\"x\":0.5}\n"
            .write(to: bad, atomically: true, encoding: .utf8)
        let result = try runPlumscale(["render", "--replay", bad.path, "--out", dir.appendingPathComponent("f.png").path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(bad.path):2:"))
        #expect(result.stderr.contains("expected numbers \"x\" and \"y\""))
    }

    @Test func missingReplayAndBadUsageExitTwo() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("x.png").path
        let missing = try runPlumscale(["render", "--replay", "/nonexistent/r.jsonl", "--out", out])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/nonexistent/r.jsonl"))
        #expect(!FileManager.default.fileExists(atPath: out), "nothing is written for a replay that is not there")
        let usage = try runPlumscale(["render", "--replay", five])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("--out"))
    }

    @Test(.needsSharedRecordings(SharedRecordings.nexus4))
    func evemuRecordingRendersWithItsDeviceMode() throws {
        let dir = Paths.temporaryDirectory()
        let state = dir.appendingPathComponent("s.json")
        let nexus = SharedRecordings.path(SharedRecordings.nexus4)
        let result = try runPlumscale([
            "render", "--replay", nexus, "--at", "4", "--out", dir.appendingPathComponent("f.png").path, "--state", state.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let doc = try readJSON(state)
        #expect(doc["mode"] as? String == "force")
        #expect(doc["device"] as? String == "touch_dev")
        let contacts = doc["contacts"] as? [[String: Any]] ?? []
        #expect(!contacts.isEmpty)
        // Pressures in this recording are 24...66 of 0...255.
        for contact in contacts {
            let force = contact["force"] as? Double ?? -1
            #expect(force >= 24.0 / 255 - 1e-9 && force <= 66.0 / 255 + 1e-9)
        }
    }

    /// A recording split in two, as evemu-record can write it: description and events.
    @Test(.needsSharedRecordings(SharedRecordings.nexus4))
    func evemuEventsWithASeparateDescription() throws {
        let dir = Paths.temporaryDirectory()
        let text = try String(contentsOfFile: SharedRecordings.path(SharedRecordings.nexus4), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let description = dir.appendingPathComponent("n4.desc")
        let events = dir.appendingPathComponent("n4.events")
        try lines.filter { !$0.hasPrefix("E:") }.joined(separator: "\n").write(to: description, atomically: true, encoding: .utf8)
        try lines.filter { $0.hasPrefix("E:") }.joined(separator: "\n").write(to: events, atomically: true, encoding: .utf8)
        let state = dir.appendingPathComponent("s.json")
        let out = dir.appendingPathComponent("f.png").path
        let alone = try runPlumscale(["render", "--replay", events.path, "--out", out])
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("--device-description"))
        let both = try runPlumscale(
            ["render", "--replay", events.path, "--device-description", description.path, "--at", "4", "--out", out, "--state", state.path])
        #expect(both.status == 0, "\(both.stderr)")
        #expect(try readJSON(state)["mode"] as? String == "force")
    }

    /// The project's own pressure recording through `plumscale render`. Its
    /// panel is 16:9 like the layout, so positions are the raw values over the
    /// range times 1280 x 720. The core smooths small changes of force (1€
    /// filter), so a force is the pressure written to within half a percent.
    @Test func ownEvemuRecordingRendersItsContactsAndForces() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let panel = OwnRecordings.path(OwnRecordings.pressure)
        func render(at seconds: String) throws -> [String: Any] {
            let state = dir.appendingPathComponent("s-\(seconds).json")
            let result = try runPlumscale(
                [
                    "render", "--replay", panel, "--at", seconds, "--out", dir.appendingPathComponent("f.png").path,
                    "--state", state.path,
                ])
            #expect(result.status == 0, "\(result.stderr)")
            return try readJSON(state)
        }
        let middle = try render(at: "0.3")
        #expect(middle["mode"] as? String == "force")
        #expect(middle["device"] as? String == "PlumScale fixture pressure panel")
        #expect(middle["prompt"] is NSNull)
        let contacts = middle["contacts"] as? [[String: Any]] ?? []
        #expect(contacts.map { $0["id"] as? Int } == [1, 2, 3])
        #expect(contacts.map { $0["x"] as? Double } == [320, 656, 960])  // 800, 1640, 2400 of 3200
        #expect(contacts.map { $0["y"] as? Double } == [180, 360, 540])  // 450, 900, 1350 of 1800
        for (contact, pressure) in zip(contacts, [0.3, 0.6, 0.8]) {
            let force = contact["force"] as? Double ?? -1
            #expect(abs(force - pressure) <= 0.005, "contact \(contact["id"] ?? "?"): force \(force), pressure \(pressure)")
        }
        #expect(contacts.filter { $0["heaviest"] as? Bool == true }.map { $0["id"] as? Int } == [3])
        // Contact 4 took slot 0 again; its x, not sent, is slot 0's last one (800).
        let later = try render(at: "0.8")
        let four = (later["contacts"] as? [[String: Any]] ?? []).first { $0["id"] as? Int == 4 }
        #expect(four?["x"] as? Double == 320 && four?["y"] as? Double == 540)
        // Everything lifted at 1.0 s: the prompt is back.
        let end = try render(at: "5")
        #expect(end["prompt"] as? String == "lay your plums on me.")
        #expect((end["contacts"] as? [Any])?.isEmpty == true)
    }

    /// The other own recordings render in their devices' force modes, every
    /// contact where the recording put it (all four panels are 16:9).
    @Test(arguments: [
        (OwnRecordings.touchMajor, "0.2", "area", [[320.0, 180.0], [960, 540]]),
        (OwnRecordings.positionOnly, "0.1", "position", [[128.0, 72.0], [640, 360], [1152, 648], [320, 540], [960, 180]]),
        (OwnRecordings.protocolA, "0.1", "force", [[326.4, 182.4], [956.8, 537.6]]),
    ])
    func ownEvemuRecordingRendersInItsDevicesMode(file: String, at: String, mode: String, positions: [[Double]]) throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("s.json")
        let result = try runPlumscale(
            [
                "render", "--replay", OwnRecordings.path(file), "--at", at, "--out", dir.appendingPathComponent("f.png").path,
                "--state", state.path,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let doc = try readJSON(state)
        #expect(doc["mode"] as? String == mode)
        let contacts = doc["contacts"] as? [[String: Any]] ?? []
        #expect(contacts.count == positions.count)
        for (contact, position) in zip(contacts, positions) {
            let x = contact["x"] as? Double ?? -1
            let y = contact["y"] as? Double ?? -1
            #expect(abs(x - position[0]) < 1e-6 && abs(y - position[1]) < 1e-6, "\(x), \(y) is not \(position)")
            switch mode {
            case "position": #expect(contact["force"] is NSNull, "no force without a force axis")
            case "area": #expect((contact["label"] as? String)?.hasPrefix("≈") == true, "area is shown as approximate")
            default: #expect(contact["force"] is Double)
            }
        }
    }

    /// The own pressure recording split in two, description and events.
    @Test func ownEvemuEventsWithASeparateDescription() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = try String(contentsOfFile: OwnRecordings.path(OwnRecordings.pressure), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let description = dir.appendingPathComponent("panel.desc")
        let events = dir.appendingPathComponent("panel.events")
        try lines.filter { !$0.hasPrefix("E:") }.joined(separator: "\n").write(to: description, atomically: true, encoding: .utf8)
        try lines.filter { $0.hasPrefix("E:") }.joined(separator: "\n").write(to: events, atomically: true, encoding: .utf8)
        let state = dir.appendingPathComponent("s.json")
        let out = dir.appendingPathComponent("f.png").path
        let alone = try runPlumscale(["render", "--replay", events.path, "--out", out])
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("--device-description"))
        let both = try runPlumscale(
            [
                "render", "--replay", events.path, "--device-description", description.path, "--at", "0.3", "--out", out,
                "--state", state.path,
            ])
        #expect(both.status == 0, "\(both.stderr)")
        let doc = try readJSON(state)
        #expect(doc["mode"] as? String == "force")
        #expect((doc["contacts"] as? [Any])?.count == 3)
    }

    @Test func helpAndVersion() throws {
        let help = try runPlumscale(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("ctrl+click"))
        #expect(help.stdout.contains("wheel"))
        #expect(try runPlumscale(["--version"]).stdout.hasPrefix("plumscale "))
    }

    @Test func devicesSaysSomethingUsefulWithoutTouchDevices() throws {
        let result = try runPlumscale(["devices"])
        #expect(result.status == 0)
        #expect(!result.stdout.isEmpty)
    }
}
