import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// The live state at the rate asked for, and a sink that sleeps when idle;
/// weighing ids that survive a reinstall.
@Suite(.serialized)
struct FleetLiveTests {
    /// Voluntary context switches of the process's thread named `name`
    /// (each is one wake-up from a sleep).
    static func wakeups(pid: pid_t, thread name: String) -> Int? {
        let tasks = "/proc/\(pid)/task"
        for tid in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
            let comm = (try? String(contentsOfFile: "\(tasks)/\(tid)/comm", encoding: .utf8)) ?? ""
            guard comm.trimmingCharacters(in: .whitespacesAndNewlines) == name else { continue }
            let status = (try? String(contentsOfFile: "\(tasks)/\(tid)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
            return line.flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
        }
        return nil
    }

    /// `liveHz` 60 with a contact moving every 1/60 s for 2 s: far more than
    /// the 10 a second libmosquitto's 100 ms wait allowed. Then, still, the
    /// sink's thread sleeps: a handful of wake-ups in 3 s, not 10 a second.
    @Test(.enabled(if: Broker.installed, Broker.missing))
    func sixtyHertzIsHonouredAndIdleIsAsleep() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let broker = try Broker(directory: dir)
        let state = "plumscale/line-1/state"
        let subscription = try Subscription(broker, topic: state)
        let config = try FleetFixture.config(in: dir, FleetFixture.plain(broker.port) + #", "liveHz": 60"#)
        var lines = [#"{"plumscale-replay":1,"device":{"name":"fleet panel","pressure":true}}"#]
        let start = 1.0
        lines.append(String(format: #"{"t":%.4f,"type":"down","id":1,"x":0.2,"y":0.5,"pressure":0.4}"#, start))
        for i in 1...120 {
            lines.append(
                String(
                    format: #"{"t":%.4f,"type":"move","id":1,"x":%.4f,"y":0.5,"pressure":0.4}"#, start + Double(i) / 60,
                    0.2 + Double(i) * 0.004))
        }
        let replay = dir.appendingPathComponent("sweep.jsonl").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: replay, atomically: true, encoding: .utf8)
        let err = dir.appendingPathComponent("window.err").path
        let window = try FleetFixture.window(
            ["--config", config, "--db", dir.appendingPathComponent("h.sqlite3").path, "--replay", replay, "--exit-after", "30"],
            stderr: err)
        defer { window.terminate() }
        let moving = { FleetTopicsTests.payloads(subscription, state).filter { $0.contains("\"contacts\":[{") }.count }
        try waitFor("the sweep's live states (\(FleetFixture.read(err)))", timeout: 20) { moving() >= 1 ? true : nil }
        usleep(2_600_000)  // the sweep lasts 2 s from its first state: let it pass
        // 120 moves in 2 s; the old 100 ms wait capped it near 20 (17 seen).
        // 40 leaves room for a loaded machine (54 seen with the suites in parallel).
        #expect(moving() >= 40, "only \(moving()) live states for 120 moves at liveHz 60")
        let before = try #require(Self.wakeups(pid: window.pid, thread: "plumscale-fleet"), "no plumscale-fleet thread")
        usleep(3_000_000)
        let after = try #require(Self.wakeups(pid: window.pid, thread: "plumscale-fleet"))
        #expect(after - before <= 8, "the idle sink woke \(after - before) times in 3 s")
    }

    /// Two fresh databases (a reinstall): row ids start again at 1, the
    /// published uuids do not repeat.
    @Test func aReinstalledStationsWeighingsKeepDistinctIDs() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        var published: [String] = []
        for n in 0..<2 {
            let store = try HistoryStore(path: dir.path + "/h\(n).sqlite3")
            store.outbox = { id, uuid, weighing in
                .init(topic: "t", payload: FleetPayload.weighing(station: "s", id: id, uuid: uuid, weighing))
            }
            let weighing = Weighing(
                takenAt: Date(), device: "d", mode: "force",
                objects: [WeighedObject(index: 0, x: 1, y: 2, force: 0.3, grams: nil, stable: true)])
            #expect(try store.save(weighing) == 1)
            published += try store.outboxHead(limit: 1).map(\.message.payload)
        }
        let uuids = try published.map { payload -> String in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any])
            #expect((object["id"] as? NSNumber)?.intValue == 1)
            return try #require(object["uuid"] as? String)
        }
        #expect(uuids.count == 2 && uuids[0] != uuids[1] && UUID(uuidString: uuids[0]) != nil)
    }

    /// A version 4 history gains a uuid for every old weighing, each its
    /// own, the row ids kept.
    @Test func versionFourHistoryGainsAUUIDPerWeighing() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        do {
            let old = try HistoryStore(path: dir.database, environment: [:], schemaTarget: 4)
            for id in [3, 7] {
                try old.execute("INSERT INTO weighings(id, taken_at, device, mode) VALUES (\(id), 1714564800000000, 'old', 'force')")
            }
        }
        let store = try HistoryStore(path: dir.database)
        let rows = try store.strings("SELECT id || ' ' || uuid FROM weighings ORDER BY id")
        #expect(rows.count == 2 && rows[0].hasPrefix("3 ") && rows[1].hasPrefix("7 "), "\(rows)")
        let uuids = rows.map { String($0.split(separator: " ")[1]) }
        #expect(uuids[0] != uuids[1] && uuids.allSatisfy { UUID(uuidString: $0) != nil }, "\(uuids)")
    }

    /// Nothing changes on the glass: the same live document is offered
    /// again when the keepalive is due, and not before, so Home Assistant's
    /// `expire_after` (longer than the keepalive) never marks a running,
    /// idle station stale.
    @Test func anUnchangedLiveDocumentIsOfferedAgainByTheKeepalive() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let history = try HistoryService(path: dir.database, configPath: nil)
        let sink = FleetSink(settings: Config.MQTT(host: "127.0.0.1", station: "s"), history: history, log: Log()) {}
        var live = FleetLive(sink: sink)
        let state = AppState(screen: Size(1280, 720), source: .replay(ReplayDevice(name: "p", mode: .force)))
        let keepalive = FleetLiveTiming.keepaliveSeconds
        live.publishIfDue(now: 1000, state)
        let first = try #require(sink.mailbox.take().live, "the first document was not offered")
        for now in [1001.0, 1000 + keepalive / 2, 1000 + keepalive - 0.5] {
            live.changed()  // a frame that leaves the document as it was
            live.publishIfDue(now: now, state)
            #expect(sink.mailbox.take().live == nil, "the unchanged document offered again at +\(now - 1000) s")
        }
        #expect(live.wake == 1000 + keepalive, "the loop is not woken for the keepalive: \(String(describing: live.wake))")
        live.publishIfDue(now: 1000 + keepalive, state)
        #expect(sink.mailbox.take().live == first)
        #expect(Double(FleetLiveTiming.expireAfterSeconds) >= 2 * keepalive)
    }

    /// A NUL in a device name goes out as the history keeps it (U+FFFD).
    @Test func aNULInADeviceNameIsPublishedAsStored() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let history = try HistoryService(path: dir.database, configPath: nil)
        let sink = FleetSink(settings: Config.MQTT(host: "127.0.0.1", station: "s"), history: history, log: Log()) {}
        history.publish(to: sink)
        let object = WeighedObject(index: 0, x: 1, y: 2, force: 0.5, grams: nil, stable: true)
        guard case .saved = history.perform(.save(device: "pa\u{0}nel", mode: .force, objects: [object], units: .g, step: 0.1)) else {
            Issue.record("not saved")
            return
        }
        let payload = try #require(try history.store.outboxHead(limit: 1).first?.message.payload)
        #expect(!payload.contains("\\u0000") && payload.contains("pa\u{FFFD}nel"), "\(payload)")
    }
}
