import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with posix_spawn and reaped with waitpid. Used
/// instead of Foundation's Process, whose exit detection on Linux can stall
/// while another long-lived child (Xvfb) holds its descriptors.
final class Spawned {
    let pid: pid_t
    private(set) var status: Int32?

    /// Starts `path` with `arguments`; stdout and stderr go to the given files (or /dev/null).
    init(_ path: String, _ arguments: [String], environment: [String: String]? = nil,
         stdout: String = "/dev/null", stderr: String = "/dev/null") throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard result == 0 else { throw SpawnError(message: "cannot start \(path): \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            _ = wait(timeout: 5)
        }
    }

    /// Waits up to `timeout` seconds; returns the exit status, or nil if still running.
    @discardableResult
    func wait(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while status == nil {
            var raw: Int32 = 0
            let r = waitpid(pid, &raw, WNOHANG)
            if r == pid {
                // WIFEXITED / WEXITSTATUS, or 128 + signal.
                status = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
                break
            }
            if r < 0 || Date() >= deadline { break }
            usleep(5_000)
        }
        return status
    }

    var isRunning: Bool { wait(timeout: 0) == nil }

    func terminate() {
        kill(pid, SIGTERM)
    }
}

struct SpawnError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
