import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// The eccentricity tests in the calibration log (schema v8, issue 28):
/// each gain map saved or removed is appended with its readings, gains and
/// largest difference, never rewritten, and `history calibrations` lists it.
@Suite struct EccentricityLogTests {
    let day = Date(timeIntervalSince1970: 1_796_000_000)
    let points = [CalibrationPoint(force: 0, grams: 0), .init(force: 0.5, grams: 500)]
    let readings: [EccentricityTest.Place: Double] = [.centre: 200, .topLeft: 200, .topRight: 201, .bottomLeft: 200, .bottomRight: 206]
    var map: GainMap { GainMap(gains: readings.mapValues { 200 / $0 }) }
    var test: EccentricityRecord { EccentricityRecord(readings: readings, largestDifferenceGrams: 6, inD: 6) }

    /// A calibrated panel, then its map saved by the operator and removed by the user.
    func logged(_ dir: ScratchDirectory) throws -> HistoryService {
        let history = try HistoryService(path: dir.database, configPath: dir.path + "/config.json")
        _ = history.perform(.saveCalibration(device: "panel", points: points), at: day)
        let saved = history.perform(
            .saveEccentricity(device: "panel", map: map, test: test, role: .operator), at: day.addingTimeInterval(60))
        #expect(saved == .eccentricitySaved(device: "panel", map: map))
        var within = test
        within.largestDifferenceGrams = 0.5
        within.inD = 0.5
        let removed = history.perform(.saveEccentricity(device: "panel", map: nil, test: within), at: day.addingTimeInterval(120))
        #expect(removed == .eccentricitySaved(device: "panel", map: nil))
        return history
    }

    @Test func eachSavedOrRemovedMapIsAppended() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let history = try logged(dir)
        let tests = try history.store.eccentricityTests(limit: 10)
        #expect(tests.map(\.action) == [.removed, .saved] && tests.map(\.role) == [.user, .operator])
        #expect(tests[1].readings == readings && tests[1].gains == map.gains && tests[1].largestDifferenceGrams == 6)
        #expect(tests[0].gains.isEmpty && tests[0].inD == 0.5 && tests[0].at == day.addingTimeInterval(120))
        // The calibrations' own rows are untouched, and nothing is ever rewritten.
        #expect(try history.store.calibrationCount() == 1)
        #expect(throws: HistoryError.self) { try history.store.execute("UPDATE eccentricity_tests SET role = 'user'") }
        #expect(throws: HistoryError.self) { try history.store.execute("DELETE FROM eccentricity_tests") }
        #expect(try history.store.eccentricityTestCount() == 2)
    }

    @Test func aMapTheConfigFileRefusesIsNotLogged() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let history = try HistoryService(path: dir.database, configPath: dir.path + "/config.json")
        // No calibration of the device in the file: the map has nothing to correct.
        guard case .failed = history.perform(.saveEccentricity(device: "panel", map: map, test: test), at: day) else {
            Issue.record("saved without a calibration")
            return
        }
        #expect(try history.store.eccentricityTestCount() == 0)
    }

    @Test func historyCalibrationsListsTheTests() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        _ = try logged(dir)
        let text = try runPlumscale(["history", "calibrations", "--db", dir.database])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex(of: "Eccentricity tests"), "\(text.stdout)")
        #expect(lines[start + 1].hasPrefix("ID  MADE (LOCAL)") && lines[start + 1].contains("LARGEST DIFFERENCE"))
        #expect(lines[start + 2].contains(" removed ") && lines[start + 2].contains("0.5 g = 0.5 d") && lines[start + 2].hasSuffix("panel"))
        #expect(lines[start + 3].contains(" operator ") && lines[start + 3].contains("6 g = 6.0 d"))
        #expect(lines[start + 3].contains("centre:200 topLeft:200 topRight:201 bottomLeft:200 bottomRight:206"))
        #expect(lines.last == "2 of 2 eccentricity tests")
        let json = try runPlumscale(["history", "calibrations", "--format", "json", "--db", dir.database])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["kind"] as? String } == ["calibration", "eccentricity", "eccentricity"])
        #expect(rows[2]["action"] as? String == "saved" && rows[2]["largest_difference_d"] as? Double == 6)
        #expect((rows[2]["readings_g"] as? [String: Double])?["bottomRight"] == 206)
        #expect((rows[2]["gains"] as? [String: Double])?["centre"] == 1 && rows[1]["gains"] is NSNull)
    }

    /// The test on screen hands its readings over with the map (EccentricityRun).
    @Test func saveCarriesTheTest() throws {
        var state = AppState(screen: Size(1280, 720), source: .replay(ReplayDevice(name: "panel", mode: .force)))
        var run = EccentricityRun(stepGrams: 1, correcting: false)
        run.test.referenceGrams = 200
        run.test.readings = readings
        state.screen = .eccentricity(run)
        let effects = state.apply(InputEvent(time: 1, .keyDown(.enter, modifiers: [])))
        guard case .saveEccentricity("panel", let saved?, let logged?, .user)? = effects.first else {
            Issue.record("not saved: \(effects)")
            return
        }
        #expect(logged.readings == readings && logged.largestDifferenceGrams == 6 && logged.inD == 6)
        #expect(saved.gains[.bottomRight] == 200.0 / 206)
    }

    /// A version 7 history gains the product column (NULL for its weighings) and the tests' table.
    @Test func versionSevenDatabaseGainsProductsAndTests() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        do {
            let old = try HistoryStore(path: dir.database, environment: [:], schemaTarget: 7)
            try old.execute(
                """
                INSERT INTO weighings(id, taken_at, device, mode, object_count, uuid, scale_mode, mode_low, mode_high)
                    VALUES (1, 1714564800000000, 'old panel', 'force', 1, 'a1', 'check', 10, 20);
                INSERT INTO objects(weighing_id, idx, x, y, force, grams, stable, tare, verdict)
                    VALUES (1, 0, 100, 100, 0.30, 30, 1, 0, 'over');
                """)
        }
        let history = try logged(dir)
        #expect(try history.store.userVersion() == 8)
        let old = try #require(try history.store.weighing(id: 1))
        #expect(old.product == nil && old.scaleMode == .check(low: 10, high: 20))
        #expect(try history.store.eccentricityTestCount() == 2)
    }
}
