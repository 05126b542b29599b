import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleStressSaver

/// `plumscale history ...` run in-process: output, errors and exit codes.
@Suite struct HistoryCommandTests {
    private func run(_ arguments: [String], env: [String: String] = [:]) -> (Int32, String, String) {
        var out = ""
        var err = ""
        let code = HistoryCommand.run(
            arguments, environment: env, output: { out += $0 },
            errors: { err += $0 })
        return (code, out, err)
    }

    @Test func stressSaveAcknowledgesAndListShowsNewestFirst() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        var acks: [Int64] = []
        try StressSaver.saveLoop(path: dir.database, count: 4) { acks.append($0) }
        #expect(acks == [1, 2, 3, 4])
        let (code, out, err) = run(["list", "--limit", "2", "--db", dir.database])
        #expect(code == 0 && err.isEmpty)
        let ids = out.split(separator: "\n").dropFirst().prefix(2).map { $0.prefix(2) }
        #expect(ids == ["4 ", "3 "])
        #expect(out.hasSuffix("2 of 4 weighings\n"))
    }

    @Test func exportToFileAndDelete() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        try StressSaver.saveLoop(path: dir.database, count: 2) { _ in }
        let out = dir.path + "/out.csv"
        #expect(run(["export", "--format", "csv", "--out", out, "--db", dir.database]).0 == 0)
        let csv = try String(contentsOfFile: out, encoding: .utf8)
        #expect(csv.components(separatedBy: "\r\n").count == 1 + 3 + 1)  // header, 1 + 2 objects
        #expect(!FileManager.default.fileExists(atPath: out + ".partial"))
        #expect(run(["delete", "1", "--db", dir.database]).0 == 0)
        #expect(run(["delete", "1", "--db", dir.database]).0 == 1)
    }

    @Test(arguments: [
        [], ["list", "--limit", "x"], ["list", "--bogus", "1"], ["export"],
        ["export", "--format", "xml"], ["delete"], ["delete", "one"], ["frobnicate"],
        ["_stress-save", "--count", "3"], ["list", "--limit"], ["calibrations", "--format", "csv"],
        ["calibrations", "--limit", "-1"], ["calibrations", "3"], ["calibrations", "--out", "x"],
    ])
    func badUsageExitsTwo(arguments: [String]) {
        let (code, out, err) = run(arguments, env: ["HOME": "/nonexistent-home"])
        #expect(code == 2)
        #expect(out.isEmpty && err.contains("usage: plumscale history"))
        #expect(arguments.isEmpty || err.hasPrefix("plumscale: error: history"), "\(err)")
    }

    @Test func aHistoryNamedOnTheCommandLineMustExist() {
        let missing = "/nonexistent-dir/typo.sqlite"
        for arguments in [["list"], ["export", "--format", "csv"], ["delete", "3"], ["calibrations"]] {
            let (code, out, err) = run(arguments + ["--db", missing], env: ["HOME": "/nonexistent-home"])
            #expect(code == 2 && out.isEmpty)
            #expect(err == "plumscale: error: history \(arguments[0]): no history database at \(missing)\n")
        }
    }

    @Test func runtimeFailureExitsOneWithTheReason() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        _ = FileManager.default.createFile(atPath: dir.database, contents: Data("nope".utf8))
        let (code, _, err) = run(["list", "--db", dir.database])
        #expect(code == 1)
        #expect(err.hasPrefix("plumscale: error: history: \(dir.database) is not a PlumScale history"))
    }

    /// `history calibrations` through the binary: the log newest first, as
    /// a table or as JSON; an empty log says so.
    @Test func calibrationsListTheLogThroughTheBinary() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let history = try HistoryService(path: dir.database, configPath: dir.path + "/config.json")
        let empty = try runPlumscale(["history", "calibrations", "--db", dir.database])
        #expect(empty.status == 0 && empty.stdout == "No calibrations logged yet.\n", "\(empty.stderr)")
        let points = [CalibrationPoint(force: 0, grams: 0), .init(force: 0.2, grams: 40), .init(force: 0.5, grams: 100)]
        let at = Date(timeIntervalSince1970: 1_796_000_000)
        _ = history.perform(.saveCalibration(device: "panel", points: points, role: .operator), at: at)
        _ = history.perform(.saveCalibration(device: "panel", points: Array(points.prefix(2))), at: at.addingTimeInterval(60))
        let text = try runPlumscale(["history", "calibrations", "--db", dir.database])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == 4 && lines[0].hasPrefix("ID  MADE (LOCAL)"), "\(text.stdout)")
        #expect(lines[1].hasPrefix("2 ") && lines[1].contains(" user ") && lines[1].contains(" replaced ") && lines[1].hasSuffix("panel"))
        #expect(lines[2].contains(" operator ") && lines[2].contains(" saved ") && lines[2].contains("200·force + 0"))
        #expect(lines[2].contains("0:0 0.2:40 0.5:100") && lines[3] == "2 of 2 calibrations")
        let json = try runPlumscale(["history", "calibrations", "--format", "json", "--limit", "1", "--db", dir.database])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 1 && rows[0]["id"] as? Double == 2 && rows[0]["action"] as? String == "replaced")
        #expect(rows[0]["made_at"] as? String == "2026-11-30T00:54:20Z" && rows[0]["r2"] is NSNull)
        #expect((rows[0]["points"] as? [[String: Double]])?.last == ["force": 0.2, "grams": 40])
    }
}
