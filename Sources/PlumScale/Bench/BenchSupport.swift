import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Monotonic time in seconds (CLOCK_MONOTONIC).
@inline(__always)
func benchNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

enum Stats {
    static func median(_ values: [Double]) -> Double { percentile(values, 50) }

    /// Nearest-rank percentile (p in 0...100).
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank - 1, 0), sorted.count - 1)]
    }
}

/// /proc readings for memory and CPU time.
enum ProcStats {
    /// VmRSS and VmHWM of this process, in MiB.
    static func memory() -> (rss: Double, hwm: Double) {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (.nan, .nan) }
        func kib(_ key: String) -> Double {
            for line in text.split(separator: "\n") where line.hasPrefix(key) {
                let digits = line.dropFirst(key.count).filter(\.isNumber)
                return Double(String(digits)) ?? .nan
            }
            return .nan
        }
        return (kib("VmRSS:") / 1024, kib("VmHWM:") / 1024)
    }

    /// utime + stime of a process, in seconds.
    static func cpuSeconds(pid: pid_t) -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        // Fields after "pid (comm)": state is field 3; utime and stime are fields 14 and 15.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let utime = Double(fields[11]), let stime = Double(fields[12]) else { return nil }
        return (utime + stime) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// This executable, for spawning the real binary.
    static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A child process started with posix_spawn and reaped with waitpid (not
/// Foundation's Process, whose exit detection on Linux stalls while another
/// long-lived child, such as Xvfb, holds its descriptors).
final class BenchChild {
    let pid: pid_t
    private(set) var status: Int32?

    init(_ path: String, _ arguments: [String], environment: [String: String], stdout: String = "/dev/null",
         stderr: String = "/dev/null") throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard result == 0 else { throw RuntimeFailure("bench: cannot start \(path): \(String(cString: strerror(result)))") }
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
    func wait(timeout: Double) -> Int32? {
        let deadline = benchNow() + timeout
        while status == nil {
            var raw: Int32 = 0
            let r = waitpid(pid, &raw, WNOHANG)
            if r == pid {
                status = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
                break
            }
            if r < 0 || benchNow() >= deadline { break }
            usleep(5_000)
        }
        return status
    }

    var isRunning: Bool { wait(timeout: 0) == nil }

    func stop() {
        guard status == nil else { return }
        kill(pid, SIGTERM)
        if wait(timeout: 3) == nil {
            kill(pid, SIGKILL)
            wait(timeout: 3)
        }
    }
}

/// The X display for the on-screen parts: $DISPLAY, or our own Xvfb on a free number.
final class BenchDisplay {
    let name: String
    private let server: BenchChild?

    init(log: Log) throws {
        if let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty {
            name = display
            server = nil
            return
        }
        let paths: [String] = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"]
        guard let xvfb = paths.first(where: { (path: String) in access(path, X_OK) == 0 }) else {
            throw RuntimeFailure("bench: DISPLAY is unset and Xvfb is not installed (apt-get install xvfb)")
        }
        var number = 0
        for candidate in (400..<900).shuffled() {
            if access("/tmp/.X11-unix/X\(candidate)", F_OK) != 0, access("/tmp/.X\(candidate)-lock", F_OK) != 0 {
                number = candidate
                break
            }
        }
        guard number > 0 else { throw RuntimeFailure("bench: no free X display number") }
        let child = try BenchChild(
            xvfb, [":\(number)", "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
            environment: ProcessInfo.processInfo.environment)
        let deadline = benchNow() + 10
        while access("/tmp/.X11-unix/X\(number)", F_OK) != 0 {
            guard child.isRunning, benchNow() < deadline else {
                child.stop()
                throw RuntimeFailure("bench: Xvfb :\(number) did not start")
            }
            usleep(20_000)
        }
        usleep(100_000)
        name = ":\(number)"
        server = child
        log.debug("bench: started Xvfb \(name) (pid \(child.pid))")
    }

    var startedOwnServer: Bool { server != nil }

    func stop() { server?.stop() }
}
