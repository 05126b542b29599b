import Foundation

@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// A broker that speaks only MQTT 3.1.1, as older brokers do: a relay on
/// a loopback port of its own in front of the real mosquitto. A CONNECT
/// of another protocol level gets 3.1.1's CONNACK "unacceptable protocol
/// version" (0x01) and the connection is closed, as MQTT 3.1.1 section
/// 3.2.2.3 says; a 3.1.1 CONNECT is passed on, and the bytes both ways.
final class OldBroker: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let upstream: Int
    private let lock = NSLock()
    private var levels: [UInt8] = []

    init(upstream: Int) throws {
        self.upstream = upstream
        port = try Broker.freePort()
        listener = try Broker.listening(port: port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { shutdown(listener, Int32(SHUT_RDWR)) }

    /// The protocol levels of the CONNECTs seen, in order (5, then 4 for a fallback).
    var connectLevels: [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return levels
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            Thread { [self] in serve(client) }.start()
        }
    }

    /// Reads the fixed header, the protocol name and the level byte.
    private func serve(_ client: Int32) {
        var head: [UInt8] = []
        var byte: UInt8 = 0
        // Fixed header (1) + remaining length (1 to 4) + name length (2) + "MQTT" (4) + level (1).
        while head.count < 12, read(client, &byte, 1) == 1 {
            head.append(byte)
            if head.count >= 2, let start = Self.nameStart(head), head.count == start + 7 { break }
        }
        guard let start = Self.nameStart(head), head.count == start + 7 else {
            close(client)
            return
        }
        let level = head[start + 6]
        lock.lock()
        levels.append(level)
        lock.unlock()
        guard level == 4 else {
            _ = [UInt8]([0x20, 0x02, 0x00, 0x01]).withUnsafeBytes { write(client, $0.baseAddress, 4) }
            close(client)
            return
        }
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Broker.loopback(upstream)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(server)
            close(client)
            return
        }
        _ = head.withUnsafeBytes { write(server, $0.baseAddress, head.count) }
        Thread { Self.pump(from: server, to: client) }.start()
        Self.pump(from: client, to: server)
    }

    /// Where the protocol name's length starts: after the remaining length's bytes.
    private static func nameStart(_ head: [UInt8]) -> Int? {
        var index = 1
        while index < head.count, index <= 4 {
            if head[index] & 0x80 == 0 { return index + 1 }
            index += 1
        }
        return nil
    }

    private static func pump(from source: Int32, to target: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(source, &buffer, buffer.count)
            guard count > 0, buffer.withUnsafeBytes({ write(target, $0.baseAddress, count) }) == count else { break }
        }
        shutdown(source, Int32(SHUT_RDWR))
        shutdown(target, Int32(SHUT_RDWR))
    }
}
