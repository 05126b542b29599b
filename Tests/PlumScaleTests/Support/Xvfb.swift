import Foundation

/// A private X server for one test: the real binary gets a real window.
final class Xvfb {
    let display: String
    private let server: Spawned

    /// Starts Xvfb on a free display number; throws if Xvfb is missing
    /// (`make test` installs it) or does not come up.
    init(width: Int = 1280, height: Int = 800) throws {
        var number = 0
        repeat {
            number = Int.random(in: 200...899)
        } while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
            || FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
        display = ":\(number)"
        server = try Spawned("/usr/bin/Xvfb", [display, "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"])
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
            guard Date() < deadline, server.isRunning else {
                throw SpawnError(message: "Xvfb \(display) did not start")
            }
            usleep(20_000)
        }
    }

    deinit {
        server.terminate()
        server.wait(timeout: 5)
    }

    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        env.removeValue(forKey: "SDL_VIDEODRIVER")
        return env
    }

    /// Runs xdotool against this display and returns what it printed.
    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        let out = Paths.temporaryDirectory("xdotool").appendingPathComponent("out").path
        let tool = try Spawned("/usr/bin/xdotool", arguments, environment: environment, stdout: out)
        tool.wait(timeout: 10)
        return (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
    }
}
