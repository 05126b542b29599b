import Foundation
import PlumScale

@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// A private X server for one test: the real binary gets a real window.
final class Xvfb {
    let display: String
    private let server: Spawned
    /// Where Xvfb keeps its screen as a file (-fbdir), if asked to.
    let framebufferDirectory: URL?

    /// Starts Xvfb, which picks a free display number itself and says which
    /// (-displayfd) once it listens, and which does not reset when its last
    /// client leaves (-noreset): without it, the readiness check below was
    /// the last client, and a program connecting while the server reset
    /// found no X server (seen only under the loaded full run). Throws if
    /// Xvfb is missing (`make test` installs it) or never answers.
    init(width: Int = 1280, height: Int = 800, framebufferDirectory: URL? = nil) throws {
        var lastError: Error = SpawnError(message: "Xvfb did not start")
        self.framebufferDirectory = framebufferDirectory
        for _ in 0..<3 {
            let announced = Paths.temporaryDirectory("xvfb-display").appendingPathComponent("number").path
            let fbdir = framebufferDirectory.map { ["-fbdir", $0.path] } ?? []
            let server = try Spawned(
                "/usr/bin/Xvfb", ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"] + fbdir,
                stdout: announced)
            do {
                let number = try Self.waitForNumber(server, in: announced)
                try Self.waitUntilReady(server, number: number, width: width, height: height)
                self.display = ":\(number)"
                self.server = server
                return
            } catch {
                lastError = error
                server.terminate()
                server.wait(timeout: 5)
            }
        }
        throw lastError
    }

    /// The display number Xvfb writes, with a newline, once it is listening.
    private static func waitForNumber(_ server: Spawned, in file: String) throws -> Int {
        let deadline = Date().addingTimeInterval(15)
        while true {
            if let text = try? String(contentsOfFile: file, encoding: .utf8), text.hasSuffix("\n"),
                let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return number
            }
            guard server.isRunning else { throw SpawnError(message: "Xvfb exited before it chose a display") }
            guard Date() < deadline else { throw SpawnError(message: "Xvfb chose no display in 15 s") }
            usleep(20_000)
        }
    }

    /// Ready is when a client gets this screen's geometry back from the
    /// server we started, still running.
    private static func waitUntilReady(_ server: Spawned, number: Int, width: Int, height: Int) throws {
        let deadline = Date().addingTimeInterval(15)
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = ":\(number)"
        while true {
            guard server.isRunning else { throw SpawnError(message: "Xvfb :\(number) exited") }
            if try xdotool(["getdisplaygeometry"], environment: env).trimmingCharacters(in: .whitespacesAndNewlines)
                == "\(width) \(height)"
            {
                return
            }
            guard Date() < deadline else { throw SpawnError(message: "Xvfb :\(number) did not answer") }
            usleep(50_000)
        }
    }

    deinit {
        server.terminate()
        server.wait(timeout: 5)
    }

    /// This process's environment pointed at this X server alone. Each
    /// program started with it still gets a home and XDG directories of its
    /// own from `Spawned`.
    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        env.removeValue(forKey: "SDL_VIDEODRIVER")
        return env
    }

    /// The X window of `app` (a plumscale under this server whose stderr goes
    /// to `stderr`) once it is ready for input: the program has said which
    /// input it reads, which it does after creating its window (and, in kiosk
    /// mode, making it fullscreen), and the X server shows the window. Throws,
    /// with the program's stderr, when `app` exits first or `timeout` passes.
    func waitForWindow(of app: Spawned, stderr: String, timeout: Double = 20) throws -> String {
        var log = ""
        do {
            return try waitFor("the PlumScale window to be set up and shown", timeout: timeout) {
                log = (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? ""
                if log.contains("plumscale: info: input: "),
                    let window = try xdotool(["search", "--onlyvisible", "--name", "PlumScale"])
                        .split(separator: "\n").first
                {
                    return String(window)
                }
                guard app.isRunning else {
                    throw WaitFailure("plumscale exited with status \(app.status ?? -1) before its window was shown")
                }
                return nil
            }
        } catch let failure as WaitFailure {
            throw WaitFailure("\(failure); its stderr:\n\(log)")
        }
    }

    /// Runs xdotool against this display and returns what it printed.
    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        try Self.xdotool(arguments, environment: environment)
    }

    private static func xdotool(_ arguments: [String], environment: [String: String]) throws -> String {
        let dir = Paths.temporaryDirectory("xdotool")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out").path
        let tool = try Spawned("/usr/bin/xdotool", arguments, environment: environment, stdout: out)
        tool.wait(timeout: 10)
        return (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
    }

    /// What the screen shows now, read from the framebuffer file Xvfb keeps
    /// with -fbdir (XWD: a big-endian header of 25 words, a colormap, then
    /// the pixels). Needs `framebufferDirectory`.
    func screen() throws -> Image {
        guard let framebufferDirectory else { throw SpawnError(message: "Xvfb was started without -fbdir") }
        let data = try Data(contentsOf: framebufferDirectory.appendingPathComponent("Xvfb_screen0"))
        func word(_ i: Int) -> Int {
            data.withUnsafeBytes { Int(UInt32(bigEndian: $0.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))) }
        }
        guard data.count >= 100, word(1) == 7 else { throw SpawnError(message: "not an XWD file (version \(word(1)))") }
        let headerSize = word(0)
        let width = word(4)
        let height = word(5)
        let littleEndian = word(7) == 0
        let bitsPerPixel = word(11)
        let bytesPerLine = word(12)
        let colors = word(19)
        guard bitsPerPixel == 32 else { throw SpawnError(message: "XWD with \(bitsPerPixel) bits per pixel") }
        let start = headerSize + colors * 12
        guard data.count >= start + bytesPerLine * height else { throw SpawnError(message: "XWD file cut short") }
        var pixels = [UInt32](repeating: 0, count: width * height)
        data.withUnsafeBytes { raw in
            for y in 0..<height {
                for x in 0..<width {
                    let v = raw.loadUnaligned(fromByteOffset: start + y * bytesPerLine + x * 4, as: UInt32.self)
                    pixels[y * width + x] = (littleEndian ? UInt32(littleEndian: v) : UInt32(bigEndian: v)) & 0xff_ffff
                }
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }
}
