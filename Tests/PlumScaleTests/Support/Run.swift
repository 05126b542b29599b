import Foundation

/// The outcome of running the real binary.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `plumscale` with arguments, waiting at most `timeout` seconds.
func runPlumscale(_ arguments: [String], environment: [String: String]? = nil, timeout: Double = 60) throws -> RunResult {
    let process = Process()
    process.executableURL = Paths.binary
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both pipes while it runs, so a chatty child never blocks.
    nonisolated(unsafe) var outData = Data(), errData = Data()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { outData = out.fileHandleForReading.readDataToEndOfFile() }
    DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    group.wait()
    return RunResult(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self))
}

/// Reads a JSON object written by the program.
func readJSON(_ url: URL) throws -> [String: Any] {
    let data = try Data(contentsOf: url)
    return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
}
