import CSQLite
import Foundation
import PlumScaleCore

/// One weighing waiting for the broker's acknowledgement.
public struct FleetOutboxEntry: Equatable, Sendable {
    /// What goes to the broker.
    public struct Message: Equatable, Sendable {
        public var topic: String
        public var payload: String
        public init(topic: String, payload: String) {
            self.topic = topic
            self.payload = payload
        }
    }
    /// The outbox's own order: weighings go out in it.
    public var seq: Int64
    public var weighingID: Int64
    public var message: Message
}

/// The outbox table (schema v4): filled by `save` in the weighing's own
/// transaction, emptied by the fleet sink one acknowledgement at a time.
extension HistoryStore {
    /// Inserts inside the caller's open transaction.
    func enqueue(_ message: FleetOutboxEntry.Message, weighingID: Int64) throws {
        let insert = try prepare("INSERT INTO outbox(weighing_id, topic, payload) VALUES (?1, ?2, ?3)")
        insert.bind([.int(weighingID), .text(message.topic), .text(message.payload)])
        _ = try insert.step(fail: failure)
    }

    /// The oldest `limit` entries, oldest first.
    public func outboxHead(limit: Int) throws -> [FleetOutboxEntry] {
        let select = try prepare("SELECT seq, weighing_id, topic, payload FROM outbox ORDER BY seq LIMIT ?1")
        select.bind([.int(Int64(limit))])
        var entries: [FleetOutboxEntry] = []
        while try select.step(fail: failure) {
            entries.append(
                FleetOutboxEntry(
                    seq: select.int(0), weighingID: select.int(1),
                    message: .init(topic: select.text(2), payload: select.text(3))))
        }
        return entries
    }

    /// How many weighings wait for the broker.
    public func outboxCount() throws -> Int {
        Int(try strings("SELECT count(*) FROM outbox").first ?? "0") ?? 0
    }

    /// The broker acknowledged entry `seq`: it leaves.
    public func removeFromOutbox(seq: Int64) throws {
        let delete = try prepare("DELETE FROM outbox WHERE seq = ?1")
        delete.bind([.int(seq)])
        _ = try delete.step(fail: failure)
    }
}
