import Foundation

@testable import PlumScaleTestSupport

/// A service manager's notification socket, owned by one test: an AF_UNIX
/// datagram socket bound to a path of its own. A child started with
/// NOTIFY_SOCKET set to `path` sends its sd_notify messages here.
final class NotifySocket {
    let path: String
    private let fd: Int32
    private let directory: URL

    init() throws {
        directory = Paths.temporaryDirectory("notify")
        path = directory.appendingPathComponent("notify.sock").path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        guard fd >= 0 else { throw SpawnError(message: "socket(AF_UNIX, SOCK_DGRAM): \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            throw SpawnError(message: "socket path too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in bytes.enumerated() { raw[i] = byte }
            raw[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw SpawnError(message: "bind \(path): \(reason)")
        }
    }

    deinit {
        close(fd)
        try? FileManager.default.removeItem(at: directory)
    }

    /// The next message, or nil when none comes within `timeout` seconds.
    func receive(timeout: Double) -> String? {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(max(0, timeout * 1000))) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(fd, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// Every message that comes within `seconds`, each with when it came.
    func collect(for seconds: Double) -> [(time: Date, message: String)] {
        var messages: [(Date, String)] = []
        let end = Date().addingTimeInterval(seconds)
        while case let left = end.timeIntervalSinceNow, left > 0 {
            if let message = receive(timeout: left) { messages.append((Date(), message)) }
        }
        return messages
    }

    /// Waits for a message that contains `text`; throws with what came instead.
    @discardableResult
    func waitFor(_ text: String, timeout: Double) throws -> String {
        var seen: [String] = []
        let end = Date().addingTimeInterval(timeout)
        while case let left = end.timeIntervalSinceNow, left > 0 {
            guard let message = receive(timeout: left) else { break }
            if message.contains(text) { return message }
            seen.append(message)
        }
        throw WaitFailure("no \(text) on \(path) within \(timeout) s; got \(seen)")
    }
}
