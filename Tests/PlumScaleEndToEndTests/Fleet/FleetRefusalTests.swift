import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// A broker that refuses, an old broker, a broker that drops SYNs, a disk
/// that refuses the outbox's bookkeeping, two stations with one id: each
/// weighing stays queued until the broker truly has it, each problem is
/// said once in plain words, nothing storms and nothing hangs.
@Suite(.serialized, .enabled(if: Broker.installed, Broker.missing))
struct FleetRefusalTests {
    static let topic = "plumscale/line-1/weighings"

    /// An ACL that lets the station say everything but its weighings: MQTT
    /// 5's PUBACK says "not authorised", and all three stay in the outbox,
    /// shown and logged. (With 3.1.1 they left the outbox, lost.)
    @Test func weighingsTheBrokerDeniesStayQueuedAndAreSaid() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let acl = dir.appendingPathComponent("acl").path
        try """
        topic write plumscale/line-1/state
        topic write plumscale/line-1/availability
        topic readwrite homeassistant/#
        topic read plumscale/#
        """.write(toFile: acl, atomically: true, encoding: .utf8)
        let broker = try Broker(directory: dir, extra: ["allow_anonymous true", "acl_file \(acl)"])
        let subscription = try Subscription(broker, topic: Self.topic)
        let config = try FleetFixture.config(in: dir, FleetFixture.plain(broker.port))
        let db = dir.appendingPathComponent("h.sqlite3").path
        let (status, said) = try FleetFailureTests.station(config, db: db, count: 3, wait: 4)
        #expect(status == 3, "\(said)")
        #expect(try FleetFixture.counts(db).queued == 3)
        #expect(said.contains("the broker refuses weighings on \(Self.topic): not authorised"), "\(said)")
        #expect(said.contains("status Fleet: connected, ") && said.contains(" queued, the broker refuses weighings on "), "\(said)")
        let logged = said.components(separatedBy: "fleet: the broker refuses weighings").count - 1
        #expect(logged == 1, "logged \(logged) times: \(said)")
        #expect(subscription.weighingIDs(topic: Self.topic).isEmpty)
    }

    /// The DELETE after a PUBACK fails (a trigger refuses it, as a full disk
    /// would): the weighing is not sent again and again; the failure is
    /// logged once; nothing is lost.
    @Test func aFailingOutboxDeleteBacksOffInsteadOfStorming() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let broker = try Broker(directory: dir)
        let subscription = try Subscription(broker, topic: Self.topic)
        let config = try FleetFixture.config(in: dir, FleetFixture.plain(broker.port))
        let db = dir.appendingPathComponent("h.sqlite3").path
        do {
            let store = try HistoryStore(path: db)
            try store.execute("CREATE TRIGGER full_disk BEFORE DELETE ON outbox BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END")
        }
        let (status, said) = try FleetFailureTests.station(config, db: db, count: 2, wait: 3)
        #expect(status == 3, "\(said)")
        let received = subscription.weighingIDs(topic: Self.topic)
        #expect(received == [1], "received \(received.count): \(received.prefix(20))")
        let logged = said.components(separatedBy: "the outbox could not be updated").count - 1
        #expect(logged == 1, "logged \(logged) times: \(said.prefix(2000))")
        #expect(try FleetFixture.counts(db).queued == 2)
    }

    /// A listener whose accept queue is full: the kernel drops the SYNs, and
    /// a blocking connect would wait about 130 s. The station says the
    /// broker is not answering within seconds, with its queue.
    @Test func aBrokerThatDropsSYNsIsGivenUpInSeconds() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let port = try Broker.freePort()
        let listener = try Broker.listening(port: port, backlog: 0)
        defer { close(listener) }
        var fillers: [Int32] = []
        defer { for fd in fillers { close(fd) } }
        for _ in 0..<4 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
            var address = Broker.loopback(port)
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            fillers.append(fd)
        }
        let config = try FleetFixture.config(in: dir, FleetFixture.plain(port))
        let db = dir.appendingPathComponent("h.sqlite3").path
        let started = Date()
        let (status, said) = try FleetFailureTests.station(config, db: db, count: 2, wait: 9)
        #expect(status == 3, "\(said)")
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(said.contains("status Fleet: 2 queued, broker not answering"), "\(said)")
    }

    /// A broker that speaks only MQTT 3.1.1 refuses the MQTT 5 CONNECT: the
    /// station asks again in 3.1.1, says so, and delivers.
    @Test func aBrokerSpeakingOnlyMQTT311GetsAFallbackThatIsSaid() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let broker = try Broker(directory: dir)
        let old = try OldBroker(upstream: broker.port)
        let subscription = try Subscription(broker, topic: Self.topic)
        let config = try FleetFixture.config(in: dir, FleetFixture.plain(old.port))
        let db = dir.appendingPathComponent("h.sqlite3").path
        let (status, said) = try FleetFailureTests.station(config, db: db, count: 3, wait: 15)
        #expect(status == 0, "\(said)")
        #expect(said.contains("speaks only MQTT 3.1.1: falling back"), "\(said)")
        #expect(Array(old.connectLevels.prefix(2)) == [5, 4])
        #expect(firstArrivals(try subscription.waitForWeighings(3, topic: Self.topic, timeout: 10)) == [1, 2, 3])
    }

    /// No username, and a broker that wants one: said as such.
    @Test func anAnonymousStationIsToldItIsRefusedAsAnonymous() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FleetFailureTests.sh("mosquitto_passwd -b -c passwords station secret", in: dir)
        let broker = try Broker(directory: dir, extra: ["allow_anonymous false", "password_file \(dir.path)/passwords"])
        let config = try FleetFixture.config(in: dir, FleetFixture.plain(broker.port))
        let (status, said) = try FleetFailureTests.station(config, db: dir.appendingPathComponent("h.sqlite3").path, count: 1, wait: 3)
        #expect(status == 3, "\(said)")
        #expect(said.contains("broker refuses anonymous stations"), "\(said)")
    }

    /// Two stations configured with the same station id: each connection
    /// takes the other's over, and both say why.
    @Test func twoStationsWithOneIDAreReported() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let broker = try Broker(directory: dir)
        let config = try FleetFixture.config(in: dir, FleetFixture.plain(broker.port))
        var windows: [(Spawned, String)] = []
        for n in 0..<2 {
            let err = dir.appendingPathComponent("window-\(n).err").path
            let window = try FleetFixture.window(
                [
                    "--config", config, "--db", dir.appendingPathComponent("h\(n).sqlite3").path, "--replay",
                    try FleetFixture.replay(in: dir, presses: 0), "--exit-after", "30",
                ], stderr: err)
            windows.append((window, err))
        }
        defer { for (window, _) in windows { window.terminate() } }
        let said = { windows.map { FleetFixture.read($0.1).contains("another station connected with station id line-1") } }
        try waitFor("both stations told another uses their id (\(said()))", timeout: 25) { () -> Bool? in
            said().allSatisfy { $0 } ? true : nil
        }
    }

    /// A 1 MB message on the topic the station subscribes to: its CONNECT
    /// asked for packets of 16 KiB at most, so the broker drops it for the
    /// station (and says so in its log), and the station stays connected;
    /// it never saw the message, so it has nothing to say of it.
    @Test func aLargeIncomingMessageIsDroppedByTheBroker() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let broker = try Broker(directory: dir)
        let said = try Self.sendLargeMessage(broker: broker, stationPort: broker.port, in: dir) {
            broker.log.contains("Dropping too large outgoing PUBLISH for plumscale-") ? true : nil
        }
        #expect(!said.contains("dropped an incoming message"), "\(said)")
    }

    /// Through a broker that speaks only MQTT 3.1.1, which cannot be asked
    /// for a limit: the message reaches the station, which drops it itself
    /// and says so once, with its size, topic and the limit.
    @Test func aLargeIncomingMessageFromAnOldBrokerIsDroppedAndSaid() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let broker = try Broker(directory: dir)
        let old = try OldBroker(upstream: broker.port)
        let err = dir.appendingPathComponent("window.err").path
        let line = "fleet: dropped an incoming message of 1000000 bytes on homeassistant/status (limit 16 KiB)"
        let said = try Self.sendLargeMessage(broker: broker, stationPort: old.port, in: dir, copies: 2) {
            FleetFixture.read(err).contains(line) ? true : nil
        }
        #expect(said.contains("(MQTT 3.1.1)"), "\(said)")
        #expect(said.components(separatedBy: "dropped an incoming message").count - 1 == 1, "\(said)")
        #expect(!said.contains("dropped 1 more"), "the second within a minute is counted, not said: \(said)")
    }

    /// Starts a window publishing to `stationPort`, sends `copies` 1 MB
    /// messages to homeassistant/status on `broker`, waits for `dropped`;
    /// the window is still running and connected. What it said.
    static func sendLargeMessage(
        broker: Broker, stationPort: Int, in dir: URL, copies: Int = 1, dropped: @escaping () -> Bool?
    ) throws -> String {
        let config = try FleetFixture.config(in: dir, FleetFixture.plain(stationPort))
        let err = dir.appendingPathComponent("window.err").path
        let window = try FleetFixture.window(
            [
                "--config", config, "--db", dir.appendingPathComponent("h.sqlite3").path, "--replay",
                try FleetFixture.replay(in: dir, presses: 0), "--exit-after", "30",
            ], stderr: err)
        defer { window.terminate() }
        try waitFor("the station connected (\(FleetFixture.read(err)))", timeout: 20) {
            FleetFixture.read(err).contains("fleet: connected") ? true : nil
        }
        let big = dir.appendingPathComponent("big").path
        try Data(repeating: 0x61, count: 1_000_000).write(to: URL(fileURLWithPath: big))
        for _ in 0..<copies {
            let publisher = try ChildProcess(
                "/usr/bin/mosquitto_pub", ["-h", "127.0.0.1", "-p", "\(broker.port)", "-t", "homeassistant/status", "-f", big],
                stdout: big + ".out", stderr: big + ".err")
            #expect(publisher.wait(timeout: 10) == 0)
        }
        try waitFor("the message dropped (\(FleetFixture.read(err)))", timeout: 10, dropped)
        // A moment for anything the station would say of it.
        usleep(300_000)
        let said = FleetFixture.read(err)
        #expect(window.isRunning && !said.contains("connection lost"), "\(said)")
        return said
    }
}
