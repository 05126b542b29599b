import Foundation

/// Incoming messages the station dropped for their size (a broker that
/// ignores MQTT 5's Maximum Packet Size, or one that speaks only 3.1.1):
/// the first on each topic is said at once, further ones at most once per
/// `interval` with how many there were, so a broker sending them in a loop
/// cannot flood the log.
struct FleetDrops {
    let interval: Double
    private var topics: [String: (lastLogged: Double, unlogged: Int)] = [:]
    /// Topics remembered at most (the station subscribes to one).
    static let mostTopics = 16

    init(interval: Double) { self.interval = interval }

    /// The topics remembered now.
    var topicCount: Int { topics.count }

    static var limit: String { "\(MosquittoClient.maxIncomingBytes / 1024) KiB" }

    /// The line to log for a message of `bytes` dropped on `topic` at `now`, or nil to stay quiet.
    mutating func dropped(topic: String, bytes: Int, now: Double) -> String? {
        guard let seen = topics[topic] else {
            if topics.count >= Self.mostTopics { topics.removeAll() }
            topics[topic] = (now, 0)
            return "fleet: dropped an incoming message of \(bytes) bytes on \(topic) (limit \(Self.limit))"
        }
        let count = seen.unlogged + 1
        guard now - seen.lastLogged >= interval else {
            topics[topic] = (seen.lastLogged, count)
            return nil
        }
        topics[topic] = (now, 0)
        return "fleet: dropped \(count) more incoming message\(count == 1 ? "" : "s") on \(topic) "
            + "in the last \(Int(now - seen.lastLogged)) s, the last of \(bytes) bytes (limit \(Self.limit))"
    }
}
