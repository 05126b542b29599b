import Foundation
import PlumScale
import PlumScaleCore

/// `render`'s replay reading (issue 16): peak memory of a streamed replay
/// of 200 MB (20 MB with --quick) and of one ten times smaller, and the
/// time of the streamed reader against the in-memory one on the smaller
/// file. Each run is a child process, so each peak is its own.
enum ReplayBench {
    struct Figures {
        var largeMB: Int
        var largePeakMB: Double
        var smallPeakMB: Double
        var streamSeconds: Double
        var memorySeconds: Double
        var memoryPeakMB: Double
    }

    /// A replay of about `megabytes` MB: two objects pressed at 250 Hz.
    static func generate(_ path: String, megabytes: Int) throws {
        let file = try OutputFile(path: path)
        var chunk =
            #"{"plumscale-replay":1,"device":{"name":"bench panel","pressure":true}}"# + "\n"
            + #"{"t":0,"type":"down","id":1,"x":0.3,"y":0.5,"pressure":0.4}"# + "\n"
            + #"{"t":0,"type":"down","id":2,"x":0.7,"y":0.5,"pressure":0.4}"# + "\n"
        var written = 0
        var n = 0
        while written < megabytes * 1_000_000 {
            let id = 1 + n % 2
            let t = Double(n + 1) * 0.004
            let p = 0.4 + Double((n &* 2_654_435_761) % 1000) / 100_000
            chunk +=
                #"{"t":\#(String(format: "%.3f", t)),"type":"move","id":\#(id),"x":\#(id == 1 ? "0.3" : "0.7"),"y":0.5,"pressure":\#(String(format: "%.5f", p))}"#
                + "\n"
            n += 1
            if chunk.utf8.count > 1 << 20 {
                written += chunk.utf8.count
                try file.append(chunk)
                chunk = ""
            }
        }
        try file.append(chunk)
        try file.commit()
    }

    static func run(quick: Bool, directory: String) throws -> Figures {
        let large = quick ? 20 : 200
        let largePath = directory + "/large.jsonl"
        let smallPath = directory + "/small.jsonl"
        try generate(largePath, megabytes: large)
        try generate(smallPath, megabytes: large / 10)
        let big = try child(largePath, streamed: true)
        let small = try child(smallPath, streamed: true)
        let memory = try child(smallPath, streamed: false)
        return Figures(
            largeMB: large, largePeakMB: big.peakMB, smallPeakMB: small.peakMB,
            streamSeconds: small.seconds, memorySeconds: memory.seconds, memoryPeakMB: memory.peakMB)
    }

    static func child(_ path: String, streamed: Bool) throws -> (seconds: Double, peakMB: Double) {
        let out = NSTemporaryDirectory() + "plumscale-bench-replay-\(getpid()).txt"
        defer { unlink(out) }
        let process = try ChildProcess(
            ProcStats.executablePath(), ["--child", "replay-\(streamed ? "stream" : "memory"):\(path)"],
            environment: ProcessInfo.processInfo.environment, stdout: out)
        guard process.wait(timeout: 900) == 0,
            let fields = try? String(contentsOfFile: out, encoding: .utf8).split(separator: " ")
                .compactMap({ Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }),
            fields.count == 2
        else { throw RuntimeFailure("bench: the replay run on \(path) failed (status \(process.status ?? -1))") }
        return (fields[0], fields[1])
    }

    /// In the child: the state of the replay at its end, read streamed or
    /// whole; prints the seconds taken and VmHWM in MB.
    static func childRun(path: String, streamed: Bool) throws {
        let started = benchNow()
        let state = try RenderCommand.replayedState(path: path, streamed: streamed)
        let seconds = benchNow() - started
        guard !state.scale.board.contacts.isEmpty else { throw RuntimeFailure("bench: the replay left no contact") }
        print(String(format: "%.3f %.1f", seconds, ProcStats.memory().hwm))
    }
}
