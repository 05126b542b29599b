import Foundation
import PlumScale
import PlumScaleCore

#if canImport(Glibc)
    import Glibc
#endif

/// The real windowed binary, started as a user would (no options) on the
/// X display, left alone: its CPU time (utime + stime from /proc/PID/stat)
/// over `seconds`, as a percentage of one core.
enum IdleBench {
    static func run(display: String, seconds: Double, settle: Double = 2) throws -> (percent: Double, cpuMs: Double) {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment.removeValue(forKey: "SDL_VIDEODRIVER")
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        let child = try ChildProcess(ProcStats.programPath(), [], environment: environment)
        defer { child.stop() }
        usleep(UInt32(settle * 1e6))
        guard child.isRunning, let before = ProcStats.cpuSeconds(pid: child.pid) else {
            throw RuntimeFailure("bench: the windowed program exited early (status \(child.status ?? -1))")
        }
        let t0 = benchNow()
        usleep(UInt32(seconds * 1e6))
        guard child.isRunning, let after = ProcStats.cpuSeconds(pid: child.pid) else {
            throw RuntimeFailure("bench: the windowed program exited while idle (status \(child.status ?? -1))")
        }
        let elapsed = benchNow() - t0
        let cpu = after - before
        return (cpu / elapsed * 100, cpu * 1000)
    }
}
