import Foundation
import PlumScaleCore

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with posix_spawn and reaped with waitpid (not
/// Foundation's Process, whose exit detection on Linux stalls while another
/// long-lived child, such as Xvfb, holds its descriptors).
public final class ChildProcess {
    public let pid: pid_t
    public private(set) var status: Int32?

    /// `stdoutDescriptor`, when given, is the child's standard output instead
    /// of the file `stdout` (a pipe, say).
    public init(
        _ path: String, _ arguments: [String], environment: [String: String]? = nil, stdout: String = "/dev/null",
        stderr: String = "/dev/null", stdoutDescriptor: Int32? = nil
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let stdoutDescriptor {
            posix_spawn_file_actions_adddup2(&actions, stdoutDescriptor, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        // The child starts with no signal blocked, whatever this thread
        // blocks (a test runner blocks SIGTERM): `stop()` must reach it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw RuntimeFailure("cannot start \(path): \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            wait(timeout: 5)
        }
    }

    /// Waits up to `timeout` seconds; the exit status, or nil while running.
    @discardableResult
    public func wait(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while status == nil {
            var raw: Int32 = 0
            let r = waitpid(pid, &raw, WNOHANG)
            if r == pid {
                status = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
                break
            }
            if r < 0 || Date() >= deadline { break }
            usleep(5_000)
        }
        return status
    }

    public var isRunning: Bool { wait(timeout: 0) == nil }

    /// Asks it to end (SIGTERM).
    public func terminate() { kill(pid, SIGTERM) }

    /// SIGTERM, then SIGKILL if it has not ended within 3 s.
    public func stop() {
        guard status == nil else { return }
        kill(pid, SIGTERM)
        if wait(timeout: 3) == nil {
            kill(pid, SIGKILL)
            wait(timeout: 3)
        }
    }
}
