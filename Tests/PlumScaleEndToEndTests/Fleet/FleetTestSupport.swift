import Foundation

@testable import PlumScale
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// What the fleet tests share: configs, replays, the station hook.
enum FleetFixture {
    /// A config file with `mqtt` set to `fields` (JSON members, no braces).
    static func config(in directory: URL, _ fields: String) throws -> String {
        let path = directory.appendingPathComponent("config.json").path
        try "{\n  \"mqtt\": {\(fields)}\n}\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func plain(_ port: Int, station: String = "line-1") -> String {
        "\"host\": \"127.0.0.1\", \"port\": \(port), \"station\": \"\(station)\""
    }

    /// A replay: one object down, then `presses` presses of space (record), 0.1 s apart.
    static func replay(in directory: URL, presses: Int) throws -> String {
        var lines = [
            #"{"plumscale-replay":1,"device":{"name":"fleet panel","pressure":true}}"#,
            #"{"t":0.00,"type":"down","id":1,"x":0.3,"y":0.5,"pressure":0.4}"#,
        ]
        for i in 0..<presses { lines.append(String(format: #"{"t":%.2f,"type":"key","key":"space"}"#, 0.5 + 0.1 * Double(i))) }
        let path = directory.appendingPathComponent("weigh-\(presses).jsonl").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The real program in a window on SDL's dummy video driver.
    static func window(_ arguments: [String], stderr: String) throws -> Spawned {
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "dummy"
        return try Spawned(Paths.binary.path, arguments, environment: environment, stderr: stderr)
    }

    /// `PlumScaleFleetStation` (Tests/FleetStation) beside the test bundle.
    static func station() -> String? { Paths.hook("PlumScaleFleetStation") }

    static func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    /// Saved weighings and outbox rows in a history (its own connection).
    static func counts(_ db: String) throws -> (saved: Int, queued: Int) {
        let store = try HistoryStore(path: db)
        return (try store.count(), try store.outboxCount())
    }
}
