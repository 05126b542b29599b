import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// The broker as it goes wrong: TLS with a test CA (and with the wrong
/// one), a wrong password, a broker that never answers. Nothing is lost,
/// the station says what is wrong in plain words, nothing hangs.
@Suite(.serialized, .enabled(if: Broker.installed, Broker.missing))
struct FleetFailureTests {
    static let topic = "plumscale/line-1/weighings"

    static func sh(_ script: String, in directory: URL) throws {
        let log = directory.appendingPathComponent("sh.log").path
        let child = try ChildProcess("/bin/sh", ["-ec", "cd '\(directory.path)'; " + script], stdout: log, stderr: log + ".err")
        guard child.wait(timeout: 60) == 0 else { throw WaitFailure("\(script): \(FleetFixture.read(log + ".err"))") }
    }

    /// The station hook: saves `count`, waits `wait` s for delivery; (status, stdout).
    static func station(_ config: String, db: String, count: Int, wait: Double) throws -> (Int32?, String) {
        let station = try #require(FleetFixture.station(), "no PlumScaleFleetStation beside the test bundle")
        let out = (db as NSString).deletingLastPathComponent + "/station-\(UUID().uuidString.prefix(4)).out"
        let child = try Spawned(
            station, ["--config", config, "--db", db, "--count", "\(count)", "--wait", "\(wait)"], stdout: out, stderr: out + ".err")
        let status = child.wait(timeout: wait + 30)
        return (status, FleetFixture.read(out) + FleetFixture.read(out + ".err"))
    }

    @Test func tlsWithATestCADeliversAndTheWrongCAQueues() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.sh(
            """
            for ca in ca other; do
              openssl req -x509 -newkey rsa:2048 -nodes -keyout $ca.key -out $ca.pem -days 2 -subj /CN=PlumScale-test-$ca 2>/dev/null
            done
            openssl req -newkey rsa:2048 -nodes -keyout server.key -out server.csr -subj /CN=127.0.0.1 2>/dev/null
            printf 'subjectAltName=IP:127.0.0.1\\n' > san.cnf
            openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 2 -extfile san.cnf 2>/dev/null
            """, in: dir)
        let ca = dir.appendingPathComponent("ca.pem").path
        let broker = try Broker(
            directory: dir,
            extra: ["allow_anonymous true", "cafile \(ca)", "certfile \(dir.path)/server.pem", "keyfile \(dir.path)/server.key"])
        let subscription = try Subscription(broker, topic: Self.topic, extra: ["--cafile", ca])
        let db = dir.appendingPathComponent("h.sqlite3").path

        // Signed by another CA: refused, nothing lost, and said.
        let wrong = try FleetFixture.config(in: dir, FleetFixture.plain(broker.port) + #", "tls": {"caFile": "other.pem"}"#)
        let (refused, said) = try Self.station(wrong, db: db, count: 3, wait: 3)
        #expect(refused == 3, "\(said)")
        #expect(said.contains("status Fleet: 3 queued, TLS failed: the broker's certificate is not signed by the CA file"), "\(said)")
        #expect(try FleetFixture.counts(db).queued == 3)

        // Signed by the right CA, but made out to 127.0.0.1, not to the name given: said so.
        let renamed = try FleetFixture.config(
            in: dir,
            FleetFixture.plain(broker.port).replacingOccurrences(of: "127.0.0.1", with: "localhost")
                + #", "tls": {"caFile": "ca.pem"}"#)
        let (mismatched, told) = try Self.station(renamed, db: db, count: 0, wait: 3)
        #expect(mismatched == 3, "\(told)")
        #expect(told.contains("TLS failed: the broker's certificate is signed by the CA file but not made out to localhost"), "\(told)")
        #expect(subscription.weighingIDs(topic: Self.topic).isEmpty, "nothing reached a broker whose name did not match")

        // The right CA (relative to the config's directory): all three go out.
        let right = try FleetFixture.config(in: dir, FleetFixture.plain(broker.port) + #", "tls": {"caFile": "ca.pem"}"#)
        let (delivered, output) = try Self.station(right, db: db, count: 0, wait: 15)
        #expect(delivered == 0, "\(output)")
        #expect(firstArrivals(try subscription.waitForWeighings(3, topic: Self.topic, timeout: 10)) == [1, 2, 3])
    }

    @Test func aWrongPasswordIsSaidPlainlyAndLosesNothing() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.sh("mosquitto_passwd -b -c passwords station secret; printf 'guess\\n' > password; chmod 600 password", in: dir)
        let broker = try Broker(directory: dir, extra: ["allow_anonymous false", "password_file \(dir.path)/passwords"])
        let subscription = try Subscription(broker, topic: Self.topic, extra: ["-u", "station", "-P", "secret"])
        let db = dir.appendingPathComponent("h.sqlite3").path
        let config = try FleetFixture.config(
            in: dir, FleetFixture.plain(broker.port) + #", "username": "station", "passwordFile": "password""#)

        let (refused, said) = try Self.station(config, db: db, count: 3, wait: 3)
        #expect(refused == 3, "\(said)")
        #expect(said.contains("status Fleet: 3 queued, broker refused the username or password"), "\(said)")
        #expect(try FleetFixture.counts(db).queued == 3)
        #expect(subscription.weighingIDs(topic: Self.topic).isEmpty)

        try "secret\n".write(toFile: dir.appendingPathComponent("password").path, atomically: true, encoding: .utf8)
        chmod(dir.appendingPathComponent("password").path, 0o600)
        let (delivered, output) = try Self.station(config, db: db, count: 0, wait: 15)
        #expect(delivered == 0, "\(output)")
        #expect(firstArrivals(try subscription.waitForWeighings(3, topic: Self.topic, timeout: 10)) == [1, 2, 3])
    }

    /// A listener that completes the TCP handshake and never says a word:
    /// the real program goes on weighing, says the broker is not
    /// answering, and quits at once on SIGTERM.
    @Test func aBrokerThatNeverAnswersHangsNothing() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let port = try Broker.freePort()
        let silent = try Broker.listening(port: port)
        defer { close(silent) }
        let config = try FleetFixture.config(in: dir, FleetFixture.plain(port))
        let db = dir.appendingPathComponent("h.sqlite3").path
        let err = dir.appendingPathComponent("window.err").path
        let window = try FleetFixture.window(
            ["--config", config, "--db", db, "--replay", try FleetFixture.replay(in: dir, presses: 3), "--exit-after", "120"],
            stderr: err)
        try waitFor("the broker reported silent", timeout: 20) { () -> Bool? in
            guard window.isRunning else { throw WaitFailure("plumscale ended: \(FleetFixture.read(err))") }
            return FleetFixture.read(err).contains("fleet: broker not answering") ? true : nil
        }
        // The UI went on meanwhile: every press was saved, and queued.
        let counts = try FleetFixture.counts(db)
        #expect(counts.saved == 3 && counts.queued == 3, "\(counts)")
        let asked = Date()
        window.terminate()
        #expect(window.wait(timeout: 5) == 0, "\(FleetFixture.read(err))")
        #expect(Date().timeIntervalSince(asked) < 4)
    }
}
