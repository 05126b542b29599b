import Foundation

/// A private X server for one test: the real binary gets a real window.
final class Xvfb {
    let display: String
    private let server: Spawned

    /// Starts Xvfb on a free display number, trying another number if one is
    /// taken; throws if Xvfb is missing (`make test` installs it) or never
    /// answers.
    init(width: Int = 1280, height: Int = 800) throws {
        var lastError: Error = SpawnError(message: "Xvfb did not start")
        for _ in 0..<5 {
            var number = 0
            repeat {
                number = Int.random(in: 200...899)
            } while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
                || FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
            let server = try Spawned("/usr/bin/Xvfb", [":\(number)", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"])
            do {
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

    /// Ready is when a client gets this screen's geometry back from the
    /// server we started, still running (the socket alone can come first).
    private static func waitUntilReady(_ server: Spawned, number: Int, width: Int, height: Int) throws {
        let deadline = Date().addingTimeInterval(15)
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = ":\(number)"
        while true {
            guard server.isRunning else { throw SpawnError(message: "Xvfb :\(number) exited") }
            if FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)"),
                try xdotool(["getdisplaygeometry"], environment: env).trimmingCharacters(in: .whitespacesAndNewlines)
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
        try? FileManager.default.removeItem(at: home)
    }

    /// Where the programs under this X server keep their history and config:
    /// a directory of their own, not the user's.
    private let home = Paths.temporaryDirectory("xvfb-home")

    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        env["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        env.removeValue(forKey: "SDL_VIDEODRIVER")
        return env
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
}
