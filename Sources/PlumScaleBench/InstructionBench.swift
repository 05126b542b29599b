import CSDL2
import Foundation
import PlumScale
import PlumScaleCore

#if canImport(Glibc)
    import Glibc
#endif

/// Instructions of one software frame, counted under callgrind
/// (docs/performance.md, `frame_instructions_ratio_10`,
/// `frame_instructions_ratio_10_4k`): a count, so the figure does not depend
/// on how fast or how busy the host is, where the time ratios do.
///
/// Both frames are the program's own, drawn by the same path: the empty
/// frame is the scale screen with nothing on it (its prompt, legend and
/// buttons), the 10-contact frame moves every contact first; each builds
/// the scene, draws it with the spans and presents. Each is counted as the
/// difference between two child runs under callgrind that differ only in
/// the frames drawn after the same set-up and warm-up, so the set-up (SDL,
/// fonts, the window) is subtracted the same way for both.
enum InstructionBench {
    enum Frame: String {
        case empty
        case ten
    }

    struct Figures {
        /// Instructions per frame.
        var empty: Double
        var ten: Double
        var ratio: Double { ten / empty }
    }

    static let warmUp = 5
    static let valgrind = "/usr/bin/valgrind"

    static var available: Bool { access(valgrind, X_OK) == 0 }

    /// Counts both frames at `size`, each over `frames` frames: three runs,
    /// the set-up and warm-up alone, then with the frames of each kind.
    static func measure(width: Int, height: Int, frames: Int, fontPath: String, directory: String) throws -> Figures {
        let size = "\(width)x\(height)"
        let base = try count(.empty, size: size, frames: 0, fontPath: fontPath, directory: directory)
        func perFrame(_ frame: Frame) throws -> Double {
            let more = try count(frame, size: size, frames: frames, fontPath: fontPath, directory: directory)
            return Double(more - base) / Double(frames)
        }
        return Figures(empty: try perFrame(.empty), ten: try perFrame(.ten))
    }

    /// The instructions callgrind counts for one whole child run.
    static func count(_ frame: Frame, size: String, frames: Int, fontPath: String, directory: String) throws -> Int {
        let out = directory + "/callgrind-\(frame.rawValue)-\(size)-\(frames).out"
        let log = out + ".log"
        defer {
            unlink(out)
            unlink(log)
        }
        var environment = ProcessInfo.processInfo.environment
        // The same run counts the same: Swift's hashing unseeded.
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        // Callgrind counts one instruction for each byte a `rep movsb` or
        // `rep stosb` moves: glibc's memcpy and memset use their vector
        // loops instead, so a frame that clears by copying rows (the spans)
        // counts its work, not its bytes.
        environment["GLIBC_TUNABLES"] = "glibc.cpu.x86_rep_movsb_threshold=2147483647:glibc.cpu.x86_rep_stosb_threshold=2147483647"
        let child = try ChildProcess(
            valgrind,
            [
                "--tool=callgrind", "--callgrind-out-file=\(out)", ProcStats.executablePath(), "--child",
                "instructions:\(frame.rawValue):\(size):\(frames)", "--font", fontPath,
            ],
            environment: environment, stdout: log, stderr: log)
        guard child.wait(timeout: 600) == 0, let text = try? String(contentsOfFile: out, encoding: .utf8),
            let total = totalInstructions(inCallgrindOutput: text)
        else {
            let said = (try? String(contentsOfFile: log, encoding: .utf8))?.suffix(400) ?? ""
            throw RuntimeFailure("bench: callgrind run failed (status \(child.status ?? -1)): \(said)")
        }
        return total
    }

    /// The `summary:` (or `totals:`) line of a callgrind output file: the
    /// instructions of the whole run.
    static func totalInstructions(inCallgrindOutput text: String) -> Int? {
        for line in text.split(separator: "\n") where line.hasPrefix("summary:") || line.hasPrefix("totals:") {
            if let value = line.split(separator: " ").dropFirst().first, let count = Int(value) { return count }
        }
        return nil
    }

    /// `--child instructions:FRAME:WxH:FRAMES`: the set-up and warm-up both
    /// frames share (each kind drawn `warmUp` times), then `frames` frames of
    /// one kind.
    static func child(_ specification: String, fontPath: String) throws {
        let parts = specification.split(separator: ":")
        let dimensions = parts.count == 4 ? parts[2].split(separator: "x").compactMap({ Int($0) }) : []
        guard parts.count == 4, let frame = Frame(rawValue: String(parts[1])), dimensions.count == 2,
            let frames = Int(parts[3]), frames >= 0
        else { throw UsageError("bench: --child expects instructions:empty|ten:WxH:FRAMES") }
        SDL_SetHint(SDL_HINT_RENDER_VSYNC, "0")
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        guard SDL_Init(SDL_INIT_EVENTS) == 0 else { throw SDLError("SDL_Init") }
        defer { SDL_Quit() }
        try SDLLibrary.startTTF()
        let fonts = try FontSet(path: fontPath)
        try BenchVideo.with(driver: "offscreen") {
            let target = try BenchWindow(software: true, width: dimensions[0], height: dimensions[1])
            let spans = FrameRenderer(renderer: target.renderer, rendererName: "software", fonts: fonts)
            let screen = Size(Double(dimensions[0]), Double(dimensions[1]))
            let empty = BenchWorkload.state(contacts: 0, screen: screen)
            var state = BenchWorkload.state(contacts: 10, screen: screen)
            var step = 0
            func draw(_ frame: Frame) throws {
                switch frame {
                case .empty:
                    try spans.draw(empty.scene())
                case .ten:
                    BenchWorkload.step(&state, contacts: 10, step: step)
                    try spans.draw(state.scene())
                    step += 1
                }
                SDL_RenderPresent(target.renderer)
            }
            for _ in 0..<warmUp {
                try draw(.empty)
                try draw(.ten)
            }
            for _ in 0..<frames { try draw(frame) }
        }
    }
}
