import Foundation
import PlumScale
import PlumScaleCore

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

    /// The real program, `plumscale`, built beside this benchmark executable.
    static func programPath() -> String {
        (executablePath() as NSString).deletingLastPathComponent + "/plumscale"
    }

    /// This executable, for running one part in a child process.
    static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// The X display for the on-screen parts: $DISPLAY, or our own Xvfb on a free number.
final class BenchDisplay {
    let name: String
    private let server: ChildProcess?

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
        let child = try ChildProcess(
            xvfb, [":\(number)", "-screen", "0", "1280x720x24", "-nolisten", "tcp", "-noreset"],
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
