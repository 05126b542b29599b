import Foundation

/// Waiting for a lost device to come back.
extension EvdevReader {
    /// Waits until the device at `path` may be back: true when stop() was
    /// called meanwhile.
    func waitForReturn(of path: String) -> Bool {
        guard let arrivals else {
            var wakeFD = pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)
            return poll(&wakeFD, 1, 1000) > 0
        }
        let deadline = Date().addingTimeInterval(Self.retryWithoutUdev)
        while true {
            var fds = [
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
                pollfd(fd: arrivals.fd, events: Int16(POLLIN), revents: 0),
            ]
            let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            let ready = poll(&fds, 2, left)
            if ready < 0 && errno == EINTR { continue }
            if fds[0].revents != 0 { return true }
            if ready <= 0 || arrivals.arrived(path) { return false }
        }
    }

    /// A lost live device is retried this often (s) when udev says nothing.
    static let retryWithoutUdev = 10.0
}
