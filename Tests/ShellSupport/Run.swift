import Foundation

@testable import PlumScaleTestSupport

/// The outcome of running the real binary.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `plumscale` with arguments, waiting at most `timeout` seconds
/// (then it is killed and the status is 128 + 9). It runs with a home and
/// XDG directories of its own (see `Spawned`), whatever `environment` says
/// of the rest.
func runPlumscale(_ arguments: [String], environment: [String: String]? = nil, timeout: Double = 60) throws -> RunResult {
    let dir = Paths.temporaryDirectory("run")
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("stdout").path
    let err = dir.appendingPathComponent("stderr").path
    let child = try Spawned(Paths.binary.path, arguments, environment: environment, stdout: out, stderr: err)
    var status = child.wait(timeout: timeout)
    if status == nil {
        kill(child.pid, SIGKILL)
        status = child.wait(timeout: 5)
    }
    return RunResult(
        status: status ?? -1,
        stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
        stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
}

/// Reads a JSON object written by the program.
func readJSON(_ url: URL) throws -> [String: Any] {
    let data = try Data(contentsOf: url)
    return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
}
