import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Items 2 and 3 of the station rig: the program shows the device's real
/// state when it cannot have seen the events that made it: objects already
/// down when it opens the device (libevdev's state, EVIOCGMTSLOTS), and a
/// flood it missed while stopped (SYN_DROPPED, then the state synced). One
/// VM run per test, on the project's pressure panel: three objects down after
/// its first three frames, at (800, 450) pressure 200, (1600, 900) 600 and
/// (2400, 1350) 400, X 0...3200, Y 0...1800, pressure 0...1000.
@Suite(.serialized, .needsStationRig)
struct DeviceStateStationTests {
    static let panel = OwnRecordings.path(OwnRecordings.pressure)
    static let downAtStart: [(x: Double, y: Double, pressure: Double)] = [(800, 450, 200), (1600, 900, 600), (2400, 1350, 400)]

    /// The contacts the live core was left with: each id's last sample.
    static func contacts(after events: [InputEvent]) -> [Int: TouchSample] {
        var contacts: [Int: TouchSample] = [:]
        for event in events {
            switch event.kind {
            case .touchDown(let s), .touchMove(let s): contacts[s.id] = s
            case .touchUp(let id), .touchCancel(let id): contacts[id] = nil
            default: break
            }
        }
        return contacts
    }

    /// The samples, in device units, sorted by x.
    static func deviceUnits(_ contacts: [Int: TouchSample]) -> [(x: Double, y: Double, pressure: Double)] {
        contacts.values.map { ($0.x * 3200, $0.y * 1800, ($0.pressure ?? -1) * 1000) }.sorted { $0.x < $1.x }
    }

    static func close(_ a: [(x: Double, y: Double, pressure: Double)], _ b: [(x: Double, y: Double, pressure: Double)]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy { abs($0.x - $1.x) < 1e-6 && abs($0.y - $1.y) < 1e-6 && abs($0.pressure - $1.pressure) < 1e-6 }
    }

    @Test func objectsAlreadyDownAppearAtOnceWhereTheyLie() throws {
        let run = try StationRig.run("already-down", [Self.panel, "3"], timeout: 300)
        print("station: already-down in \(Int(run.seconds)) s:\n\(run.log)")
        let stem = "pressure-panel.already-down"
        let live = try ReplayLoader.load(path: run.file(stem + ".live.jsonl").path)
        let frames = LiveComparison.frames(live.events)
        // The first frame the core got holds all three, as downs, at once.
        let first = try #require(frames.first, "the live run fed the core no touch events")
        let downs = first.kinds.compactMap { kind -> TouchSample? in if case .touchDown(let s) = kind { s } else { nil } }
        #expect(downs.count == 3, "first frame: \(first.kinds)")
        let shown = Self.deviceUnits(Dictionary(uniqueKeysWithValues: downs.map { ($0.id, $0) }))
        #expect(Self.close(shown, Self.downAtStart), "shown at start (device units): \(shown)")
        #expect(frames.count == 1, "nothing moved after the start, yet the core got \(frames.count) frames")
        // What the screen showed: three circles with the forces measured
        // (20.0%, 60.0%, 40.0%: the first sample of a contact is its force).
        let document = run.file(stem + ".state.json")
        let result = try runPlumscale(
            ["render", "--replay", run.file(stem + ".live.jsonl").path, "--out", run.file(stem + ".png").path, "--state", document.path])
        #expect(result.status == 0, "\(result.stderr)")
        let labels = ((try readJSON(document)["contacts"] as? [[String: Any]]) ?? []).compactMap { $0["label"] as? String }
        #expect(labels.sorted() == ["20.0%", "40.0%", "60.0%"], "labels shown: \(labels)")
    }

    @Test func afterSynDroppedTheShownContactsAreTheDevicesState() throws {
        let flood = 3000
        let run = try StationRig.run("syn-dropped", [Self.panel, "3", String(flood)], timeout: 300)
        print("station: syn-dropped in \(Int(run.seconds)) s:\n\(run.log)")
        let stem = "pressure-panel.syn-dropped"
        let live = try ReplayLoader.load(path: run.file(stem + ".live.jsonl").path)
        // The device's last state: each object 40 units right, 10 harder.
        let expected = Self.downAtStart.map { ($0.x + 40, $0.y, $0.pressure + 10) }
        let shown = Self.deviceUnits(Self.contacts(after: live.events))
        #expect(Self.close(shown, expected), "shown after SIGCONT (device units): \(shown), device: \(expected)")
        // The kernel did drop events: the reader saw far fewer frames than
        // were written (the rest came as the state libevdev synced).
        let evemu = try String(contentsOf: run.file(stem + ".live.evemu"), encoding: .utf8)
        let reports = evemu.split(separator: "\n").filter { $0.hasPrefix("E: ") && $0.hasSuffix(" 0000 0000 0000") }.count
        #expect(reports < flood / 2, "the reader saw \(reports) frames of \(flood + 4): no SYN_DROPPED happened")
        #expect(Set(Self.contacts(after: live.events).keys) == [1, 2, 3], "the objects kept their ids")
    }
}
