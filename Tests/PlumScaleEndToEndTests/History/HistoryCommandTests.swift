import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleStressSaver
@testable import PlumScaleTestSupport

/// The tests of HistoryCommandTests that start the built plumscale (or a tool
/// around it): the end-to-end layer; the rest of the suite runs in-process.
@Suite struct HistoryCommandTests {
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
