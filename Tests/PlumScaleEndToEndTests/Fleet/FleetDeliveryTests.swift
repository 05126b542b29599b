import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// At least once, never lost, in order: weighings through a real broker
/// (mosquitto) to a real subscriber (mosquitto_sub).
@Suite(.serialized, .enabled(if: Broker.installed, Broker.missing))
struct FleetDeliveryTests {
    static let topic = "plumscale/line-1/weighings"

    /// 100 weighings saved while the broker is stopped at the 30th and
    /// started again at the 70th: all arrive, in order.
    @Test func hundredWeighingsSurviveABrokerRestartInOrder() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let station = try #require(FleetFixture.station(), "no PlumScaleFleetStation beside the test bundle")
        let broker = try Broker(directory: dir)
        let subscription = try Subscription(broker, topic: "plumscale/#")
        let config = try FleetFixture.config(in: dir, FleetFixture.plain(broker.port))
        let out = dir.appendingPathComponent("station.out").path
        let child = try Spawned(
            station, ["--config", config, "--db", dir.appendingPathComponent("h.sqlite3").path, "--count", "100", "--every", "0.03"],
            stdout: out, stderr: out + ".err")
        try waitFor("the 30th save", timeout: 30) { FleetFixture.read(out).contains("saved 30\n") ? true : nil }
        broker.stop()
        try waitFor("the 70th save", timeout: 30) { FleetFixture.read(out).contains("saved 70\n") ? true : nil }
        try broker.start()
        #expect(child.wait(timeout: 60) == 0, "\(FleetFixture.read(out + ".err"))")
        let ids = try subscription.waitForWeighings(100, topic: Self.topic, timeout: 20) {
            "station: \(FleetFixture.read(out + ".err")); subscriber: \(FleetFixture.read(subscription.output + ".err"))"
        }
        #expect(firstArrivals(ids) == Array(1...100))
        // While the broker was away they were queued, and the station said so.
        let statuses = FleetFixture.read(out).split(separator: "\n").filter { $0.hasPrefix("status ") }
        #expect(statuses.contains { $0.contains("queued") && !$0.contains("connected") }, "\(FleetFixture.read(out + ".err"))")
    }

    /// The real program killed (SIGKILL) with weighings in its outbox and no
    /// broker: started again with one, it delivers every one of them.
    @Test func weighingsQueuedAtASigkillArriveAfterARestart() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let port = try Broker.freePort()
        let config = try FleetFixture.config(in: dir, FleetFixture.plain(port))
        let db = dir.appendingPathComponent("h.sqlite3").path
        let first = try FleetFixture.window(
            ["--config", config, "--db", db, "--replay", try FleetFixture.replay(in: dir, presses: 10), "--exit-after", "60"],
            stderr: dir.appendingPathComponent("first.err").path)
        let firstErr = dir.appendingPathComponent("first.err").path
        var seen = "nothing"
        do {
            try waitFor("10 weighings saved and queued", timeout: 30) { () -> Bool? in
                guard first.isRunning else { throw WaitFailure("plumscale ended: \(FleetFixture.read(firstErr))") }
                // Not before the program made the file a history (its WAL
                // exists then): opened empty, the test would make it one too.
                guard FileManager.default.fileExists(atPath: db + "-wal") else { return nil }
                do {
                    let counts = try FleetFixture.counts(db)
                    seen = "\(counts)"
                    return counts.saved == 10 && counts.queued == 10 ? true : nil
                } catch {
                    seen = "\(error)"
                    return nil
                }
            }
        } catch {
            Issue.record("\(error); last seen \(seen); plumscale said: \(FleetFixture.read(firstErr))")
            return
        }
        kill(first.pid, SIGKILL)
        #expect(first.wait(timeout: 5) == 128 + SIGKILL)

        let broker = try Broker(directory: dir, port: port)
        let subscription = try Subscription(broker, topic: Self.topic)
        let second = try FleetFixture.window(
            ["--config", config, "--db", db, "--replay", try FleetFixture.replay(in: dir, presses: 0), "--exit-after", "4"],
            stderr: dir.appendingPathComponent("second.err").path)
        #expect(second.wait(timeout: 30) == 0)
        let ids = try subscription.waitForWeighings(10, topic: Self.topic, timeout: 10)
        #expect(firstArrivals(ids) == Array(1...10))
        #expect(try FleetFixture.counts(db).queued == 0)
    }
}
