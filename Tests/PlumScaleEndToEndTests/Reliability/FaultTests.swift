import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Faults give one clear message, never a crash (the real binary).
/// A touch device vanishing mid-read is covered by EvdevReaderTests
/// (deviceLost, then the path is reopened).
@Suite struct FaultTests {
    static var session: String { Paths.sessions.appendingPathComponent("five-plums.jsonl").path }

    static func errorLines(_ result: RunResult) -> [Substring] {
        result.stderr.split(separator: "\n").filter { $0.contains("error") || $0.contains("Fatal") }
    }

    @Test func missingFontForRenderIsOneClearError() throws {
        let out = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try runPlumscale([
            "render", "--font", "/nope/font.ttf", "--replay", Self.session,
            "--out", out.appendingPathComponent("f.png").path,
        ])
        #expect(result.status == 1)
        #expect(
            Self.errorLines(result) == [
                "plumscale: error: font /nope/font.ttf: no readable file there (--font expects a .ttf or .otf file)"
            ])
    }

    @Test func missingFontForTheWindowIsOneClearError() throws {
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        let result = try runPlumscale(["--font", "/nope/font.ttf", "--exit-after", "1"], environment: env, timeout: 20)
        #expect(result.status == 1)
        #expect(Self.errorLines(result).count == 1)
        #expect(result.stderr.contains("font /nope/font.ttf"))
    }

    /// SDL's dummy video driver has no accelerated renderer: the window must
    /// fall back to the software renderer, say so once, and draw.
    @Test func noAcceleratedRendererFallsBackToSoftwareAndSaysSo() throws {
        let out = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let png = out.appendingPathComponent("shot.png").path
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        let result = try runPlumscale(
            ["--replay", Self.session, "--exit-after", "1", "--screenshot", png],
            environment: env, timeout: 30)
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("software renderer") }
        #expect(warnings.count == 1, "\(result.stderr)")
        #expect(warnings.first?.contains("warning: no accelerated renderer") == true)
        #expect(FileManager.default.fileExists(atPath: png))
    }
}
