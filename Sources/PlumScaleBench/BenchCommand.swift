import CSDL2
import Foundation
import PlumScale
import PlumScaleCore

#if canImport(Glibc)
    import Glibc
#endif

/// `plumscale-bench`: every figure a ratio of things measured alternately in
/// one run, or a count; the absolute milliseconds are printed behind them.
public enum BenchCommand {
    /// The keys of bench.json, in order, with their targets.
    static let keys: [(key: String, target: String)] = [
        ("frame_ratio_10", "<= 2.0"),
        ("frame_ratio_50", "<= 5.0"),
        ("frame_ratio_10_4k", "<= 2.0"),
        ("frame_instructions_ratio_10", "<= 2.0"),
        ("frame_instructions_ratio_10_4k", "<= 2.0"),
        ("latency_p99_frames", "<= 2.0"),
        ("idle_cpu_percent", "<= 0.5"),
        ("events_per_second", ">= 250000"),
        ("startup_ratio_100k", "<= 1.1"),
        ("history_frame_ratio_1m", "<= 1.1"),
        ("rss_growth_mb_1m_events", "<= 1"),
        ("peak_rss_mb", "<= 60"),
        ("replay_peak_rss_mb", "<= 100"),
        ("replay_rss_growth_mb", "<= 5"),
        ("replay_stream_time_ratio", "<= 1.0"),
        ("fleet_frame_ratio_10", "<= 1.05"),
        ("fleet_event_ratio", "<= 1.05"),
    ]

    static let childUsage =
        "bench: --child expects rss:EVENTS, frames:ROUNDS, fleet:ROUNDS, core:SECONDS, scene-events:N, scenes:SESSIONS[:REPLAY_DIR] or instructions:empty|ten:WxH:FRAMES"

    final class Report {
        var values: [String: Double] = [:]
        var details: [String: String] = [:]
        var info: [(String, String)] = []
    }

    public static func run(_ options: BenchOptions, log: Log) throws {
        let fontPath = try FontLocator.locate(override: options.font)
        if let child = options.child {
            if child.hasPrefix("instructions:") { return try InstructionBench.child(child, fontPath: fontPath) }
            if child.hasPrefix("scenes:") {
                // scenes:SESSIONS or scenes:SESSIONS:REPLAY_DIRECTORY
                let parts = child.split(separator: ":", maxSplits: 2)
                guard parts.count >= 2, let sessions = Int(parts[1]) else { throw UsageError(childUsage) }
                return try SceneDigest.run(sessions: sessions, replays: parts.count == 3 ? String(parts[2]) : nil)
            }
            let parts = child.split(separator: ":")
            guard parts.count == 2, let count = Int(parts[1]) ?? (parts[0].hasPrefix("replay-") ? 0 : nil) else {
                throw UsageError(childUsage)
            }
            if parts.count == 2, parts[0] == "replay-stream" || parts[0] == "replay-memory" {
                return try ReplayBench.childRun(path: String(parts[1]), streamed: parts[0] == "replay-stream")
            }
            switch parts[0] {
            case "scene-events": return CoreBench.countedEvents(count)
            case "rss": return try CoreBench.memoryChild(events: count, fontPath: fontPath)
            case "frames": return try softwareFrames(rounds: count, fontPath: fontPath)
            case "parts": return try FrameParts.run(rounds: count, fontPath: fontPath)
            case "fleet": return try FleetBench.child(rounds: count, fontPath: fontPath)
            case "core":
                let core = CoreBench.eventsPerSecond(seconds: Double(count))
                return print(
                    String(
                        format: "%.0f events/s, %.0f ns/event (median chunk; mean %.0f/s); apply alone %.0f/s",
                        core.perSecond, core.nsPerEvent, core.meanPerSecond, core.applyOnlyPerSecond))
            default:
                throw UsageError(childUsage)
            }
        }
        let quick = options.quick
        let started = benchNow()
        let report = Report()
        func note(_ text: String) { FileHandle.standardError.write(Data("bench: \(text)\n".utf8)) }

        // 1. The core alone.
        note("events per second (apply + scene)")
        let core = CoreBench.eventsPerSecond(seconds: quick ? 1 : 3)
        report.values["events_per_second"] = core.perSecond.rounded()
        report.details["events_per_second"] = String(
            format: "%.0f ns/event, median of %d chunks of 20,000 (mean %.0f/s); apply alone %.0f/s", core.nsPerEvent,
            core.chunks, core.meanPerSecond, core.applyOnlyPerSecond)

        // 2. Memory, headless, in a child process.
        let memoryEvents = 1_000_000
        note("memory over \(memoryEvents) events (child process)")
        let out = NSTemporaryDirectory() + "plumscale-bench-rss-\(getpid()).txt"
        defer { unlink(out) }
        let child = try ChildProcess(
            ProcStats.executablePath(), ["--child", "rss:\(memoryEvents)", "--font", fontPath],
            environment: ProcessInfo.processInfo.environment, stdout: out)
        guard child.wait(timeout: 300) == 0,
            let fields = try? String(contentsOfFile: out, encoding: .utf8).split(separator: " ").compactMap({
                Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }),
            fields.count >= 3
        else { throw RuntimeFailure("bench: the memory run failed (status \(child.status ?? -1))") }
        report.values["rss_growth_mb_1m_events"] = fields[0]
        report.values["peak_rss_mb"] = fields[1]
        report.details["rss_growth_mb_1m_events"] = String(format: "VmRSS %.1f MB after warm-up", fields[2])
        report.details["peak_rss_mb"] = "VmHWM of the headless run"

        // 2b. render's replay reading: streamed, memory flat with the length.
        note(
            "replays: render of \(quick ? 20 : 200) MB and \(quick ? 2 : 20) MB streamed, \(quick ? 2 : 20) MB in memory (child processes)")
        let replayDirectory = NSTemporaryDirectory() + "plumscale-bench-replay-\(getpid())"
        try FileManager.default.createDirectory(atPath: replayDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: replayDirectory) }
        let replays = try ReplayBench.run(quick: quick, directory: replayDirectory)
        report.values["replay_peak_rss_mb"] = replays.largePeakMB
        report.values["replay_rss_growth_mb"] = replays.largePeakMB - replays.smallPeakMB
        report.values["replay_stream_time_ratio"] = replays.streamSeconds / replays.memorySeconds
        report.details["replay_peak_rss_mb"] = "VmHWM of render's replay of \(replays.largeMB) MB, streamed"
        report.details["replay_rss_growth_mb"] = String(
            format: "%.1f MB (%d MB replay) - %.1f MB (%d MB replay)", replays.largePeakMB, replays.largeMB,
            replays.smallPeakMB, replays.largeMB / 10)
        report.details["replay_stream_time_ratio"] = String(
            format: "%.2f s streamed vs %.2f s read whole (peak %.1f MB), %d MB replay", replays.streamSeconds,
            replays.memorySeconds, replays.memoryPeakMB, replays.largeMB / 10)

        // 3. Frames in SDL's software renderer, no display (offscreen driver).
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        SDL_SetHint(SDL_HINT_RENDER_VSYNC, "0")
        // A software window presents through the video driver's own
        // framebuffer (XShm on x11), not through a GPU texture.
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        guard SDL_Init(SDL_INIT_EVENTS) == 0 else { throw SDLError("SDL_Init") }
        defer { SDL_Quit() }
        try SDLLibrary.startTTF()
        let fonts = try FontSet(path: fontPath)
        let iterations = quick ? 60 : 300
        note("frames: software renderer (offscreen driver), \(iterations) rounds per path")
        try BenchVideo.with(driver: "offscreen") {
            let target = try BenchWindow(software: true)
            let spans = FrameRenderer(renderer: target.renderer, rendererName: "software", fonts: fonts)
            let direct = try FrameBench.measure(target, iterations: iterations) { try spans.draw($0) }
            spans.directSurface = false
            let viaTexture = try FrameBench.measure(target, iterations: iterations) { try spans.draw($0) }
            let geometry = GeometryRenderer(renderer: target.renderer, fonts: fonts)
            let geo = try FrameBench.measure(target, iterations: max(iterations / 3, 30)) { try geometry.draw($0) }
            report.values["frame_ratio_10"] = direct.ratio10
            report.values["frame_ratio_50"] = direct.ratio50
            report.details["frame_ratio_10"] = String(
                format: "%.3f ms vs empty %.3f ms (spans into the window surface)", direct.frame10, direct.empty)
            report.details["frame_ratio_50"] = String(format: "%.3f ms vs empty %.3f ms", direct.frame50, direct.empty)
            report.info.append(("software renderer, spans via streaming texture", describe(viaTexture)))
            // 3840x2160 at the UI scale that size gets (3): ten contacts
            // against the empty frame of the same size.
            let big = try BenchWindow(software: true, width: 3840, height: 2160)
            let bigSpans = FrameRenderer(renderer: big.renderer, rendererName: "software", fonts: fonts)
            let uhd = try FrameBench.measure(big, iterations: max(iterations / 3, 20), screen: Size(3840, 2160)) {
                try bigSpans.draw($0)
            }
            report.values["frame_ratio_10_4k"] = uhd.ratio10
            report.details["frame_ratio_10_4k"] = String(
                format: "%.3f ms vs empty %.3f ms at 3840x2160, UI scale %.2f", uhd.frame10, uhd.empty,
                Layout.defaultScale(for: Size(3840, 2160)))
            spans.directSurface = true
            note("history frames while scrolling: 1,000,000 weighings vs 100")
            let directory = NSTemporaryDirectory() + "plumscale-bench-history-\(getpid())"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let history = try HistoryBench.run(target, frames: spans, rounds: quick ? 160 : 480, directory: directory)
            report.values["history_frame_ratio_1m"] = history.ratio
            report.details["history_frame_ratio_1m"] = String(
                format: "%.3f ms vs %.3f ms (scrolling by wheel, pages from SQLite, software renderer, spans)",
                history.largeMs, history.smallMs)
            report.info.append(("software renderer, SDL_RenderGeometry", describe(geo)))
            note("the MQTT sink: 10-contact frames and events, sink off vs on (a real mosquitto when installed)")
            let fleet = try FleetBench.run(target, frames: spans, rounds: iterations, directory: directory)
            report.values["fleet_frame_ratio_10"] = fleet.frameOn / fleet.frameOff
            report.values["fleet_event_ratio"] = fleet.eventOn / fleet.eventOff
            let broker = fleet.connected ? "connected to mosquitto" : "no broker (not installed or not reached): retrying"
            report.details["fleet_frame_ratio_10"] =
                String(format: "%.3f ms on vs %.3f ms off", fleet.frameOn, fleet.frameOff) + " (sink \(broker), live at 5 Hz)"
            report.details["fleet_event_ratio"] = String(
                format: "%.0f ns on vs %.0f ns off per event (apply + scene)", fleet.eventOn, fleet.eventOff)
        }

        // 3b. The same frames counted in instructions under callgrind: the
        // one frame figure that does not depend on the host's speed or load.
        note("frames in instructions: callgrind, empty and 10-contact frames at 1280x720 and 3840x2160 (child processes)")
        if InstructionBench.available {
            let directory = NSTemporaryDirectory() + "plumscale-bench-callgrind-\(getpid())"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let frames = quick ? 4 : 12
            for (key, width, height) in [("frame_instructions_ratio_10", 1280, 720), ("frame_instructions_ratio_10_4k", 3840, 2160)] {
                let counted = try InstructionBench.measure(
                    width: width, height: height, frames: frames, fontPath: fontPath, directory: directory)
                report.values[key] = counted.ratio
                report.details[key] = String(
                    format: "%.2f M vs empty %.2f M instructions per frame at %dx%d (callgrind, %d frames)", counted.ten / 1e6,
                    counted.empty / 1e6, width, height, frames)
            }
        } else {
            for key in ["frame_instructions_ratio_10", "frame_instructions_ratio_10_4k"] {
                report.details[key] = "not measured: valgrind is not installed (apt-get install valgrind)"
            }
        }

        // 4. On an X display: the default renderer, latency, startup, idle.
        let display = try BenchDisplay(log: log)
        defer { display.stop() }
        setenv("DISPLAY", display.name, 1)
        note("X display \(display.name)\(display.startedOwnServer ? " (own Xvfb)" : "")")
        try BenchVideo.with(driver: "x11") {
            let target = try BenchWindow(software: false)
            let frames = FrameRenderer(renderer: target.renderer, rendererName: target.rendererName, fonts: fonts)
            note("frames: default renderer on x11 (\(target.rendererName))")
            let onScreen = try FrameBench.measure(target, iterations: max(iterations / 3, 30)) { try frames.draw($0) }
            report.info.append(("x11 default renderer (\(target.rendererName)), \(frames.pathName)", describe(onScreen)))
        }
        let latencyEvents = quick ? 10_000 : 24_000
        try BenchVideo.with(driver: "x11") {
            let target = try BenchWindow(software: true)
            let frames = FrameRenderer(renderer: target.renderer, rendererName: target.rendererName, fonts: fonts)
            note("latency: \(latencyEvents) events at 2,400/s, x11 software renderer, \(frames.pathName)")
            let latency = try LatencyBench.run(target, frames: frames, events: latencyEvents)
            report.values["latency_p99_frames"] = latency.p99Frames
            report.details["latency_p99_frames"] = String(
                format:
                    "p99 %.3f ms (queue->loop p99 %.3f, loop->presented p99 %.3f), p50 %.3f ms, max %.2f ms; median frame %.3f ms; %d events, %d frames (x11, software renderer, spans)",
                latency.p99Ms, latency.p99QueueMs, latency.p99DrawMs, latency.p50Ms, latency.maxMs, latency.medianFrameMs, latency.events,
                latency.frames)
        }
        try BenchVideo.with(driver: "x11") {
            let target = try BenchWindow(software: false)
            let frames = FrameRenderer(renderer: target.renderer, rendererName: target.rendererName, fonts: fonts)
            note("latency: \(quick ? 2_000 : latencyEvents / 2) events, x11 default renderer (\(target.rendererName)), for information")
            let latency = try LatencyBench.run(target, frames: frames, events: quick ? 2_000 : latencyEvents / 2)
            report.info.append(
                (
                    "latency, x11 default renderer (\(target.rendererName))",
                    String(
                        format: "p99 %.2f frames: p99 %.3f ms, p50 %.3f ms; median frame %.3f ms; %d events",
                        latency.p99Frames, latency.p99Ms, latency.p50Ms, latency.medianFrameMs, latency.events)
                ))
        }
        let rounds = quick ? 5 : 15
        note("startup: \(rounds) rounds, history of 100,000 weighings vs empty")
        let (startup, binary) = try StartupBench.run(rounds: rounds, weighings: 100_000, fontPath: fontPath, display: display.name)
        report.values["startup_ratio_100k"] = binary.fullMs / binary.emptyMs
        report.details["startup_ratio_100k"] = String(
            format: "%.1f ms vs %.1f ms: the real binary, spawn to exit with --db and --exit-after 0 (first frame presented)",
            binary.fullMs, binary.emptyMs)
        report.info.append(
            (
                "startup in-process (window, renderer, fonts, store, first page, first present)",
                String(
                    format: "ratio %.2f: %.1f ms vs %.1f ms, of which HistoryStore.init %.1f vs %.2f ms",
                    startup.ratio, startup.fullMs, startup.emptyMs, startup.fullOpenMs, startup.emptyOpenMs)
            ))
        let idleSeconds = 10.0
        note("idle CPU: the windowed program for \(Int(idleSeconds)) s")
        let idle = try IdleBench.run(display: display.name, seconds: idleSeconds)
        report.values["idle_cpu_percent"] = idle.percent
        report.details["idle_cpu_percent"] = String(format: "%.0f ms CPU in %.0f s (utime+stime, x11)", idle.cpuMs, idleSeconds)

        print(table(report, quick: quick, seconds: benchNow() - started))
        try json(report).write(toFile: options.json, atomically: true, encoding: .utf8)
        note("wrote \(options.json)")
    }

    /// The span path alone, for profiling: `plumscale-bench --child frames:ROUNDS`.
    static func softwareFrames(rounds: Int, fontPath: String) throws {
        SDL_SetHint(SDL_HINT_RENDER_VSYNC, "0")
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        guard SDL_Init(SDL_INIT_EVENTS) == 0 else { throw SDLError("SDL_Init") }
        defer { SDL_Quit() }
        let fonts = try FontSet(path: fontPath)
        try BenchVideo.with(driver: "offscreen") {
            let target = try BenchWindow(software: true)
            let spans = FrameRenderer(renderer: target.renderer, rendererName: "software", fonts: fonts)
            print(describe(try FrameBench.measure(target, iterations: rounds) { try spans.draw($0) }))
        }
    }

    static func describe(_ f: FrameFigures) -> String {
        String(
            format: "ratio 10: %.2f (%.3f ms), ratio 50: %.2f (%.3f ms), empty %.3f ms",
            f.ratio10, f.frame10, f.ratio50, f.frame50, f.empty)
    }

    static func format(_ key: String, _ value: Double?) -> String {
        guard let value else { return "null" }
        switch key {
        case "events_per_second": return String(format: "%.0f", value)
        case "idle_cpu_percent": return String(format: "%.3f", value)
        default: return String(format: "%.2f", value)
        }
    }

    static func table(_ r: Report, quick: Bool, seconds: Double) -> String {
        var lines = [
            "",
            "PlumScale bench\(quick ? " (--quick)" : "") · \(ProcessInfo.processInfo.processorCount) cores · \(String(format: "%.0f", seconds)) s",
            "",
        ]
        let keyWidth = keys.map(\.key.count).max() ?? 0
        lines.append("key".padding(toLength: keyWidth, withPad: " ", startingAt: 0) + "  value        target        measured")
        for (key, target) in keys {
            let value = format(key, r.values[key])
            lines.append(
                key.padding(toLength: keyWidth, withPad: " ", startingAt: 0) + "  "
                    + value.padding(toLength: 11, withPad: " ", startingAt: 0) + "  "
                    + target.padding(toLength: 12, withPad: " ", startingAt: 0) + "  " + (r.details[key] ?? ""))
        }
        lines.append("")
        lines.append("for information:")
        for (name, text) in r.info { lines.append("  \(name): \(text)") }
        return lines.joined(separator: "\n")
    }

    /// bench.json: every key, null for a part that did not run; figures to
    /// four decimals (the table rounds to two, which can hide a miss).
    static func json(_ r: Report) -> String {
        func number(_ key: String) -> String {
            guard let value = r.values[key], value.isFinite else { return "null" }
            return key == "events_per_second" ? String(format: "%.0f", value) : String(format: "%.4f", value)
        }
        let body = keys.map { "  \"\($0.key)\": \(number($0.key))" }.joined(separator: ",\n")
        return "{\n" + body + "\n}\n"
    }
}
