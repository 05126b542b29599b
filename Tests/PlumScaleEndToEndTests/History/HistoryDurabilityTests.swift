import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// DURABILITY (needs the built test hook): runs `PlumScaleStressSaver
/// --db PATH --count N` (Tests/StressSaver) as a child, SIGKILLs it while it is
/// saving, and checks that every weighing it acknowledged ("saved <id>" on
/// stdout, written after COMMIT) is there, whole, and that the file passes
/// integrity_check. Note: SIGKILL tests a crashed process,
/// not a power cut (the page cache survives); synchronous=FULL covers that.
@Suite(.serialized) struct HistoryDurabilityTests {
    static let trials = 50

    @Test func killedSaverKeepsEveryAcknowledgedWeighing() throws {
        let binary = try #require(Self.binary(), "no PlumScaleStressSaver beside the test bundle")
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let probe = try Self.runToEnd(binary, ["--db", dir.path + "/probe.sqlite3", "--count", "1"])
        #expect(probe == "saved 1\n", "the saver must acknowledge its one weighing")
        var acknowledgedTotal = 0
        var committedUnacknowledged = 0
        for trial in 0..<Self.trials {
            let path = dir.path + "/trial\(trial).sqlite3"
            let acknowledged = try Self.killWhileSaving(
                binary, path: path,
                after: 10 + (trial * 37) % 150,
                extraMicroseconds: UInt32(trial * 700))
            acknowledgedTotal += acknowledged.count
            let store = try HistoryStore(path: path)  // runs integrity_check itself
            #expect(try store.strings("PRAGMA integrity_check") == ["ok"])
            for id in acknowledged {
                let weighing = try store.weighing(id: id)
                #expect(weighing?.objects.count == 1 + Int(id - 1) % 5, "trial \(trial), id \(id)")
            }
            // At most the one save in flight may have committed unacknowledged; none is torn.
            let stored = try store.rows(limit: 1_000_000)
            #expect(stored.count >= acknowledged.count && stored.count <= acknowledged.count + 1)
            committedUnacknowledged += stored.count - acknowledged.count
            for row in stored {
                #expect(row.objectCount == 1 + Int(row.id - 1) % 5)
                #expect(try store.weighing(id: row.id)?.objects.count == row.objectCount)
            }
        }
        print(
            "history: \(Self.trials) SIGKILL trials, \(acknowledgedTotal) acknowledged weighings, "
                + "none lost; \(committedUnacknowledged) trial(s) died between COMMIT and the ack")
    }

    /// Starts a saver, kills it once `after` acks arrived (plus a pause), and
    /// returns every id it acknowledged, including lines still in the pipe.
    static func killWhileSaving(
        _ binary: String, path: String, after: Int,
        extraMicroseconds: UInt32
    ) throws -> [Int64] {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: binary)
        child.arguments = ["--db", path, "--count", "1000000"]
        // Read line by line through a pipe, so Process rather than Spawned;
        // the same home of its own all the same.
        let home = ChildHome()
        defer { home.remove() }
        child.environment = home.environment()
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        var text = ""
        var killed = false
        while true {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            if !killed && text.split(separator: "\n").count >= after {
                usleep(extraMicroseconds)
                kill(child.processIdentifier, SIGKILL)
                killed = true
            }
        }
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal && child.terminationStatus == SIGKILL)
        // A line cut short by the kill was not a complete acknowledgement.
        let complete =
            text.hasSuffix("\n")
            ? text
            : String(
                text[
                    ..<(text.lastIndex(of: "\n")
                        .map { text.index(after: $0) } ?? text.startIndex)])
        return complete.split(separator: "\n").compactMap { line in
            line.hasPrefix("saved ") ? Int64(line.dropFirst(6)) : nil
        }
    }

    /// `PlumScaleStressSaver` (Tests/StressSaver) beside the running test bundle.
    static func binary() -> String? {
        let me =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: me).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("PlumScaleStressSaver").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// Runs a command to completion and returns its stdout.
    static func runToEnd(_ binary: String, _ arguments: [String]) throws -> String {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: binary)
        child.arguments = arguments
        let home = ChildHome()
        defer { home.remove() }
        child.environment = home.environment()
        let pipe = Pipe()
        child.standardOutput = pipe
        child.standardError = FileHandle.nullDevice
        try child.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
