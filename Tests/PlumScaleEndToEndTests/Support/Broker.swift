import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// A real MQTT broker for the fleet tests: Debian's mosquitto on a loopback
/// port of its own, its config in a temporary directory, persistence on
/// (so a subscriber's session and its queued messages survive a restart).
/// `make test` installs it (TEST_PACKAGES); without it the tests are
/// skipped, saying so.
final class Broker {
    static let binary = "/usr/sbin/mosquitto"
    static let subscriber = "/usr/bin/mosquitto_sub"
    static var installed: Bool {
        FileManager.default.isExecutableFile(atPath: binary) && FileManager.default.isExecutableFile(atPath: subscriber)
    }
    static let missing: Comment = "mosquitto is not installed (Debian mosquitto and mosquitto-clients; make test-deps installs them)"

    let directory: URL
    let port: Int
    private let extra: [String]
    private var process: ChildProcess?
    /// The log of the running broker (log_type all): what it did, said by itself.
    private(set) var logPath = ""
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// `extra`: more lines for the listener (TLS files, password_file).
    init(directory: URL, port: Int? = nil, extra: [String] = ["allow_anonymous true"]) throws {
        self.directory = directory
        self.port = try port ?? Self.freePort()
        self.extra = extra
        try start()
    }

    deinit { stop() }

    var configPath: String { directory.appendingPathComponent("mosquitto.conf").path }

    /// Starts it (again) and waits until its port accepts connections.
    func start() throws {
        let lines =
            ["listener \(port) 127.0.0.1"] + extra + [
                // mosquitto refuses to run as root without this.
                "user \(geteuid() == 0 ? "root" : NSUserName())",
                "persistence true", "persistence_location \(directory.path)/",
                "log_dest stderr", "log_type all",
            ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: configPath, atomically: true, encoding: .utf8)
        let log = directory.appendingPathComponent("mosquitto-\(UUID().uuidString.prefix(4)).log").path
        logPath = log
        process = try ChildProcess(Self.binary, ["-c", configPath], stderr: log)
        try waitFor("mosquitto on port \(port) (log \(log))", timeout: 10) { () -> Bool? in
            guard process?.isRunning == true else {
                throw WaitFailure("mosquitto exited: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
            }
            return Self.accepts(port) ? true : nil
        }
    }

    /// Stops the broker in its tracks (SIGSTOP) for `seconds`, then lets it
    /// go on: every connection is still open, nothing is answered meanwhile.
    func pause(for seconds: Double) {
        guard let pid = process?.pid else { return }
        kill(pid, SIGSTOP)
        Thread.sleep(forTimeInterval: seconds)
        kill(pid, SIGCONT)
    }

    /// SIGTERM (it saves its persistence file), waiting for the end.
    func stop() {
        process?.stop()
        process = nil
    }

    static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    static func loopback(_ port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// A port the kernel just handed out (bound to 0, then released).
    static func freePort() throws -> Int {
        let fd = try listening(port: 0)
        defer { close(fd) }
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// A TCP socket listening on loopback: the kernel completes every
    /// handshake, and nothing ever answers (the silent broker).
    static func listening(port: Int, backlog: Int32 = 16) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = loopback(port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, bound == 0, listen(fd, backlog) == 0 else {
            close(fd)
            throw WaitFailure("no loopback listener: \(String(cString: strerror(errno)))")
        }
        return fd
    }
}

/// `mosquitto_sub` on a persistent session at QoS 1, printing each message
/// as "TOPIC PAYLOAD" on a line of its file.
final class Subscription {
    let output: String
    private let process: ChildProcess

    init(_ broker: Broker, topic: String, extra: [String] = []) throws {
        output = broker.directory.appendingPathComponent("sub-\(UUID().uuidString.prefix(6)).txt").path
        let id = "test-sub-\(UUID().uuidString.prefix(8))"
        process = try ChildProcess(
            Broker.subscriber, ["-h", "127.0.0.1", "-p", "\(broker.port)", "-t", topic, "-q", "1", "-c", "-i", id, "-v"] + extra,
            stdout: output, stderr: output + ".err")
        // Subscribed once the broker has acknowledged the subscription (its
        // log says so): a message published after that reaches it.
        let process = self.process
        let output = self.output
        try waitFor("the broker's SUBACK to \(id)", timeout: 10) { () -> Bool? in
            guard process.isRunning else {
                let said = (try? String(contentsOfFile: output + ".err", encoding: .utf8)) ?? ""
                throw WaitFailure("mosquitto_sub ended: \(said)\nthe broker's log:\n\(broker.log.suffix(2000))")
            }
            return broker.log.contains("Sending SUBACK to \(id)") ? true : nil
        }
    }

    deinit { process.stop() }

    var lines: [String] {
        ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// The weighing ids received on `topic`, in arrival order, duplicates kept.
    func weighingIDs(topic: String) -> [Int64] {
        lines.compactMap { line -> Int64? in
            guard line.hasPrefix(topic + " ") else { return nil }
            let payload = Data(line.dropFirst(topic.count + 1).utf8)
            let object = try? JSONSerialization.jsonObject(with: payload) as? [String: Any]
            return (object?["id"] as? NSNumber)?.int64Value
        }
    }

    /// Waits until `count` distinct weighing ids arrived.
    @discardableResult
    /// `context` is added to the failure (what the publisher said).
    func waitForWeighings(_ count: Int, topic: String, timeout: Double, context: () -> String = { "" }) throws -> [Int64] {
        do {
            return try waitFor("\(count) weighings on \(topic)", timeout: timeout) { () -> [Int64]? in
                let ids = weighingIDs(topic: topic)
                return Set(ids).count >= count ? ids : nil
            }
        } catch {
            throw WaitFailure("\(error): got \(firstArrivals(weighingIDs(topic: topic))); \(context())")
        }
    }
}

/// Ids as they arrived, each kept at its first arrival: at-least-once may
/// repeat one, the consumer drops the repeat.
func firstArrivals(_ ids: [Int64]) -> [Int64] {
    var seen = Set<Int64>()
    return ids.filter { seen.insert($0).inserted }
}
