import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport

/// The fleet's plain values in the core: the status line, the state
/// document's `fleet`, the payloads; and the outbox of the store.
@Suite struct FleetCoreTests {
    @Test func statusSaysItInPlainWords() {
        #expect(FleetStatus(connected: true, queued: 0).text == "Fleet: connected")
        #expect(FleetStatus(connected: true, queued: 2).text == "Fleet: connected, 2 queued")
        #expect(FleetStatus(connected: false, queued: 12, lastError: "broker unreachable").text == "Fleet: 12 queued, broker unreachable")
        #expect(FleetStatus(connected: false, queued: 0).text == "Fleet: connecting")
    }

    @Test func theStateDocumentGainsFleetOnlyWithABroker() throws {
        var state = AppState(screen: Size(1280, 720), source: .mouse)
        #expect(state.stateDocument()["fleet"] == .null)
        let empty = state.scene()
        state.apply(InputEvent(time: 1, .fleet(FleetStatus(connected: false, queued: 3, lastError: "broker unreachable"))))
        #expect(state.scene() != empty)
        #expect(
            state.stateDocument()["fleet"]
                == .fields([("connected", .bool(false)), ("queued", .integer(3)), ("last_error", .string("broker unreachable"))]))
        #expect(state.scene().texts(state.metrics).contains { $0.text == "Fleet: 3 queued, broker unreachable" })
        // The same report again changes nothing on screen.
        let reported = state.scene()
        state.apply(InputEvent(time: 2, .fleet(FleetStatus(connected: false, queued: 3, lastError: "broker unreachable"))))
        #expect(state.scene() == reported)
        #expect(state.reconfigured(.defaults).fleet == state.fleet)
    }

    @Test func weighingPayloadCarriesEveryObjectsReading() throws {
        let weighing = Weighing(
            takenAt: Date(timeIntervalSince1970: 1_700_000_000.25), device: "panel \"A\"", mode: "force",
            objects: [
                WeighedObject(index: 0, x: 10, y: 20, force: 0.5, grams: 120.5, stable: true, tare: 0.01),
                WeighedObject(index: 1, x: 30, y: 40, force: nil, grams: nil, stable: false),
            ], units: "oz", step: 0.005)
        let text = FleetPayload.weighing(station: "bench-1", id: 42, uuid: "u-42", weighing)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["station"] as? String == "bench-1")
        #expect((object["id"] as? NSNumber)?.intValue == 42)
        #expect(object["time"] as? String == "2023-11-14T22:13:20.250Z")
        #expect(object["device"] as? String == "panel \"A\"")
        #expect(object["mode"] as? String == "force" && object["units"] as? String == "oz")
        let objects = try #require(object["objects"] as? [[String: Any]])
        #expect(objects.count == 2)
        #expect((objects[0]["grams"] as? NSNumber)?.doubleValue == 120.5)
        #expect(objects[1]["force"] is NSNull && objects[1]["stable"] as? Bool == false)
    }

    @Test func discoveryDescribesAWeightSensorOnTheStateTopic() throws {
        let mqtt = Config.MQTT(host: "h", station: "bench-1")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(FleetPayload.discovery(mqtt).utf8)) as? [String: Any])
        #expect(object["state_topic"] as? String == "plumscale/bench-1/state")
        #expect(object["availability_topic"] as? String == "plumscale/bench-1/availability")
        #expect(object["device_class"] as? String == "weight" && object["unit_of_measurement"] as? String == "g")
        #expect(object["value_template"] as? String == "{{ value_json.total.grams }}")
    }

    @Test func liveDocumentHasTheContactsAndTheTotal() throws {
        var state = AppState(screen: Size(1280, 720), source: .replay(ReplayDevice(name: "p", mode: .force)))
        state.apply(InputEvent(time: 0, .touchDown(TouchSample(id: 7, x: 0.5, y: 0.5, pressure: 0.4))))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(state.liveDocument(station: "s").utf8)) as? [String: Any])
        let contacts = try #require(object["contacts"] as? [[String: Any]])
        #expect(contacts.count == 1 && (contacts[0]["id"] as? NSNumber)?.intValue == 7)
        #expect(((object["total"] as? [String: Any])?["count"] as? NSNumber)?.intValue == 1)
    }

    /// The outbox row is written in the save's own transaction: a save that
    /// fails leaves neither; one that commits leaves both.
    @Test func outboxEntersWithTheWeighingAndLeavesByItsSeq() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let store = try HistoryStore(path: dir.database)
        let weighing = Weighing(
            takenAt: Date(), device: "d", mode: "force",
            objects: [WeighedObject(index: 0, x: 1, y: 2, force: 0.3, grams: nil, stable: true)])
        _ = try store.save(weighing)
        #expect(try store.outboxCount() == 0)  // no broker configured: no outbox
        store.outbox = { id, _, _ in .init(topic: "t", payload: "#\(id)") }
        let second = try store.save(weighing)
        // The outbox insert fails (its table away): the weighing is rolled back with it.
        try store.execute("ALTER TABLE outbox RENAME TO parked")
        #expect(throws: HistoryError.self) { try store.save(weighing) }
        #expect(try store.count() == 2)
        try store.execute("ALTER TABLE parked RENAME TO outbox")
        let third = try store.save(weighing)
        let head = try store.outboxHead(limit: 10)
        #expect(head.map(\.weighingID) == [second, third])
        #expect(head.map(\.message.payload) == ["#\(second)", "#\(third)"])
        try store.removeFromOutbox(seq: head[0].seq)
        #expect(try store.outboxHead(limit: 10).map(\.weighingID) == [third])
    }

    @Test func versionThreeHistoryGainsAnEmptyOutbox() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        do {
            let old = try HistoryStore(path: dir.database, environment: [:], schemaTarget: 3)
            #expect(try old.strings("SELECT name FROM sqlite_master WHERE name = 'outbox'").isEmpty)
            try old.execute("INSERT INTO weighings(id, taken_at, device, mode) VALUES (1, 1714564800000000, 'old', 'force')")
        }
        let store = try HistoryStore(path: dir.database)
        #expect(try store.userVersion() == HistoryStore.schemaVersion)
        #expect(try store.outboxCount() == 0)
        #expect(try store.count() == 1)
    }
}
