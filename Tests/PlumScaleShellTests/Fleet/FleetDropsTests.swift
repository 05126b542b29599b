import Testing

@testable import PlumScale

/// A broker that sends oversized messages in a loop cannot flood the log:
/// the first on a topic is said, then one line a minute with the count.
@Suite struct FleetDropsTests {
    @Test func theFirstIsSaidThenOneLineAMinuteWithTheCount() {
        var drops = FleetDrops(interval: 60)
        let first = drops.dropped(topic: "homeassistant/status", bytes: 20_000, now: 100)
        #expect(first == "fleet: dropped an incoming message of 20000 bytes on homeassistant/status (limit 16 KiB)")
        for t in stride(from: 101.0, to: 160, by: 1) {
            #expect(drops.dropped(topic: "homeassistant/status", bytes: 30_000, now: t) == nil, "at \(t)")
        }
        let later = drops.dropped(topic: "homeassistant/status", bytes: 40_000, now: 160)
        #expect(
            later
                == "fleet: dropped 60 more incoming messages on homeassistant/status in the last 60 s, the last of 40000 bytes (limit 16 KiB)"
        )
        #expect(drops.dropped(topic: "homeassistant/status", bytes: 1, now: 161) == nil)
    }

    @Test func eachTopicIsSaidOnItsOwnAndTheMemoryIsBounded() {
        var drops = FleetDrops(interval: 60)
        #expect(drops.dropped(topic: "a", bytes: 1, now: 0) != nil)
        #expect(drops.dropped(topic: "b", bytes: 1, now: 0) != nil)
        #expect(drops.dropped(topic: "a", bytes: 1, now: 1) == nil)
        // Many topics: remembered at most mostTopics, so the map never grows without end.
        for i in 0..<(FleetDrops.mostTopics * 4) { _ = drops.dropped(topic: "t\(i)", bytes: 1, now: 2) }
        #expect(drops.topicCount <= FleetDrops.mostTopics)
    }
}
