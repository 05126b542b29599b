import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// The real program's other topics on a real broker: availability with its
/// last will, Home Assistant discovery, the retained live state.
@Suite(.serialized, .enabled(if: Broker.installed, Broker.missing))
struct FleetTopicsTests {
    static func payloads(_ subscription: Subscription, _ topic: String) -> [String] {
        subscription.lines.filter { $0.hasPrefix(topic + " ") }.map { String($0.dropFirst(topic.count + 1)) }
    }

    @Test func availabilityDiscoveryAndLiveStateAndTheLastWill() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let broker = try Broker(directory: dir)
        let subscription = try Subscription(broker, topic: "#")
        let config = try FleetFixture.config(in: dir, FleetFixture.plain(broker.port))
        let err = dir.appendingPathComponent("window.err").path
        let window = try FleetFixture.window(
            [
                "--config", config, "--db", dir.appendingPathComponent("h.sqlite3").path, "--replay",
                try FleetFixture.replay(in: dir, presses: 1), "--exit-after", "60",
            ],
            stderr: err)
        let availability = "plumscale/line-1/availability"
        let state = "plumscale/line-1/state"
        try waitFor("a live state with the contact (\(FleetFixture.read(err)))", timeout: 20) { () -> Bool? in
            Self.payloads(subscription, state).contains { $0.contains("\"contacts\":[{\"id\":1,") } ? true : nil
        }
        #expect(Self.payloads(subscription, availability).first == "online")
        let discovery = try #require(Self.payloads(subscription, "homeassistant/sensor/plumscale_line-1/weight/config").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(discovery.utf8)) as? [String: Any])
        #expect(object["state_topic"] as? String == state)
        #expect(try subscription.waitForWeighings(1, topic: "plumscale/line-1/weighings", timeout: 10) == [1])

        // Killed: no goodbye of its own; the broker says "offline" for it (the last will).
        kill(window.pid, SIGKILL)
        _ = window.wait(timeout: 5)
        try waitFor("the last will on \(availability)", timeout: 15) { () -> Bool? in
            Self.payloads(subscription, availability).last == "offline" ? true : nil
        }

        // Retained: a subscriber that comes later gets the last state and availability at once.
        let late = try Subscription(broker, topic: "plumscale/line-1/+")
        try waitFor("the retained state and availability", timeout: 5) { () -> Bool? in
            !Self.payloads(late, state).isEmpty && Self.payloads(late, availability) == ["offline"] ? true : nil
        }
    }

    /// A broker that stops answering for longer than the keepalive: the
    /// station gives its connection up and connects again once the broker
    /// goes on. Its last will waits (MQTT 5's will delay), so the broker
    /// does not say "offline" for a station that is back: Home Assistant
    /// never sees it unavailable for a pause of the broker's own.
    @Test func aBrokerPauseLeavesNoStaleOffline() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let broker = try Broker(directory: dir)
        let availability = "plumscale/line-1/availability"
        let subscription = try Subscription(broker, topic: availability)
        let config = try FleetFixture.config(in: dir, FleetFixture.plain(broker.port))
        let err = dir.appendingPathComponent("window.err").path
        let window = try FleetFixture.window(
            [
                "--config", config, "--db", dir.appendingPathComponent("h.sqlite3").path, "--replay",
                try FleetFixture.replay(in: dir, presses: 0), "--exit-after", "90",
            ],
            stderr: err)
        defer { window.terminate() }
        try waitFor("online (\(FleetFixture.read(err)))", timeout: 20) { () -> Bool? in
            Self.payloads(subscription, availability) == ["online"] ? true : nil
        }
        broker.pause(for: 20)
        try waitFor("the station to connect again (\(FleetFixture.read(err)))", timeout: 40) { () -> Bool? in
            broker.log.components(separatedBy: "New client connected").count > 3 ? true : nil
        }
        // Longer than the will delay: a will still pending would be sent by now.
        Thread.sleep(forTimeInterval: Double(MosquittoClient.willDelaySeconds) + 5)
        let seen = Self.payloads(subscription, availability)
        #expect(!seen.contains("offline"), "availability after the pause: \(seen)\n\(FleetFixture.read(err))")
        #expect(seen.last == "online")
    }
}
