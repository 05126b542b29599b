import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport

/// The calibration log (schema v7): appended in the config file's save,
/// never rewritten, named by the weighings whose grams came from it.
@Suite struct CalibrationLogTests {
    let points = [CalibrationPoint(force: 0, grams: 0), .init(force: 0.2, grams: 40), .init(force: 0.5, grams: 101)]
    let day = Date(timeIntervalSince1970: 1_796_000_000)

    private func service(_ dir: ScratchDirectory) throws -> HistoryService {
        try HistoryService(path: dir.database, configPath: dir.path + "/config.json")
    }

    @Test func eachSaveAppendsARowWithItsRoleFitAndWhetherItReplaced() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let history = try service(dir)
        let first = history.perform(.saveCalibration(device: "panel", points: points, role: .operator), at: day)
        let second = history.perform(.saveCalibration(device: "panel", points: Array(points.prefix(2))), at: day.addingTimeInterval(60))
        guard case .calibrationSaved(_, _, let logged?, nil) = second, case .calibrationSaved(_, _, let firstLogged?, nil) = first
        else {
            Issue.record("not logged: \(first), \(second)")
            return
        }
        #expect(firstLogged == CalibrationStamp(id: 1, at: day))
        #expect(logged.id == 2)
        let entries = try history.store.calibrations(limit: 10)
        #expect(entries.map(\.action) == [.replaced, .saved])
        #expect(entries.map(\.role) == [.user, .operator])
        #expect(entries[1].points == points)
        let fit = try CalibrationFit(points: points)
        #expect(entries[1].slope == fit.slope && entries[1].intercept == fit.intercept)
        #expect(entries[1].rSquared == fit.rSquared && entries[1].maxResidualGrams == fit.maxResidualGrams)
        // Two points: a line fits any two, so R² and the residual say nothing and are not kept.
        #expect(entries[0].rSquared == nil && entries[0].maxResidualGrams == nil && entries[0].slope != nil)
        #expect(try history.store.latestCalibrations() == ["panel": logged])
        #expect(try Config.parse(Data(contentsOf: URL(fileURLWithPath: dir.path + "/config.json"))).calibrations["panel"]?.count == 2)
    }

    @Test func theLogRefusesAnyChange() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let history = try service(dir)
        _ = history.perform(.saveCalibration(device: "panel", points: points), at: day)
        #expect(throws: HistoryError.self) { try history.store.execute("UPDATE calibrations SET role = 'operator'") }
        #expect(throws: HistoryError.self) { try history.store.execute("DELETE FROM calibrations") }
        #expect(try history.store.calibrationCount() == 1)
    }

    @Test func aCalibrationTheConfigFileRefusesIsNotLogged() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let history = try service(dir)
        try "{not json".write(toFile: dir.path + "/config.json", atomically: true, encoding: .utf8)
        guard case .failed = history.perform(.saveCalibration(device: "panel", points: points), at: day) else {
            Issue.record("saved into a broken config file")
            return
        }
        #expect(try history.store.calibrationCount() == 0)
    }

    @Test func aLogThatCannotBeWrittenKeepsTheCalibrationAndSaysWhy() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let history = try service(dir)
        // A trigger refusing inserts stands in for a log that cannot be
        // written (disk full, a damaged page).
        try history.store.execute(
            "CREATE TEMP TRIGGER no_room BEFORE INSERT ON main.calibrations BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END")
        let answer = history.perform(.saveCalibration(device: "panel", points: points), at: day)
        guard case .calibrationSaved(_, let saved, nil, let problem?) = answer else {
            Issue.record("\(answer)")
            return
        }
        #expect(saved == points && problem.contains("disk is full"))
        let config = try Config.parse(Data(contentsOf: URL(fileURLWithPath: dir.path + "/config.json")))
        #expect(config.calibrations["panel"] == points)
        #expect(try history.store.calibrationCount() == 0)
    }

    @Test func aWeighingInGramsNamesTheLatestCalibrationOfItsDevice() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let history = try service(dir)
        let device = sampleWeighing().device
        _ = history.perform(.saveCalibration(device: "other", points: points), at: day)
        _ = history.perform(.saveCalibration(device: device, points: points), at: day.addingTimeInterval(5))
        let grams = try history.store.save(sampleWeighing())
        let force = try history.store.save(sampleWeighing(device: device, mode: "area"))
        #expect(try history.store.weighing(id: grams)?.calibration == CalibrationStamp(id: 2, at: day.addingTimeInterval(5)))
        #expect(try history.store.weighing(id: force)?.calibration == nil)
    }

    /// v6 → v7: the log starts empty, old weighings name no calibration, new ones do.
    @Test func versionSixDatabaseGainsTheLog() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        do {
            let old = try HistoryStore(path: dir.database, environment: [:], schemaTarget: 6)
            #expect(try old.userVersion() == 6)
            try old.execute(
                """
                INSERT INTO weighings(id, taken_at, device, mode, object_count, heaviest_force, heaviest_grams, uuid, scale_mode)
                    VALUES (1, 1714564800000000, 'old panel', 'force', 1, 0.30, 30, 'a1', 'weigh');
                INSERT INTO objects(weighing_id, idx, x, y, force, grams, stable, tare) VALUES (1, 0, 100, 100, 0.30, 30, 1, 0);
                """)
        }
        let history = try service(dir)
        #expect(try history.store.userVersion() == 8 && HistoryStore.schemaVersion == 8)
        #expect(try history.store.calibrationCount() == 0)
        #expect(try history.store.weighing(id: 1)?.calibration == nil)
        #expect(try history.store.weighing(id: 1)?.objects.first?.grams == 30)
        _ = history.perform(.saveCalibration(device: "old panel", points: points), at: day)
        let id = try history.store.save(sampleWeighing(device: "old panel"))
        #expect(try history.store.weighing(id: id)?.calibration?.id == 1)
        #expect(try history.store.schema() == HistoryStore.schema(atVersion: 8))
    }
}
