import CSQLite
import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Issue 29, items 10 to 13: nothing is damaged without a word.
@Suite struct SilentDamageTests {
    /// Item 10: a write that fails midway (a disk that fills) left half a
    /// line, and the recording no longer replayed.
    @Test func aRecordingCutByAFullDiskEndsWithItsLastWholeLine() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("session.jsonl").path
        // The disk takes 300 bytes in all, then says ENOSPC.
        final class Disk: @unchecked Sendable { var room = 300 }
        let disk = Disk()
        let file = try SessionRecording(path: path, log: Log()) { fd, bytes, count in
            let taken = min(count, disk.room)
            guard taken > 0 else {
                errno = ENOSPC
                return -1
            }
            disk.room -= taken
            return write(fd, bytes, taken)
        }
        file.append(#"{"plumscale-replay":1,"device":{"name":"panel","pressure":true}}"# + "\n")
        file.flush()
        for n in 0..<20 {
            file.append(#"{"t":\#(Double(n) / 10),"type":"down","id":\#(n),"x":0.5,"y":0.5,"pressure":0.5}"# + "\n")
            file.flush()
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("\n"), "half a line left: \(text.suffix(40))")
        #expect(text.utf8.count < 300)
        let replay = try JSONLinesReplay.parse(text, file: path)
        #expect(replay.events.count == file.linesWritten - 1)
        #expect(replay.events.count >= 2)
    }

    static func makeDatabase(_ path: String, _ sql: String) {
        var db: OpaquePointer?
        #expect(sqlite3_open(path, &db) == SQLITE_OK)
        #expect(sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK, "\(String(cString: sqlite3_errmsg(db)))")
        sqlite3_close(db)
    }

    /// Item 11: another program's tables named `weighings` and `objects`
    /// (user_version 1 to 4) were marked as PlumScale's, switched to WAL
    /// and migrated.
    @Test(arguments: 1...4)
    func aForeignDatabaseWithPlumScalesTableNamesIsRefusedUntouched(version: Int) throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        Self.makeDatabase(
            dir.database,
            """
            PRAGMA user_version = \(version);
            CREATE TABLE weighings(id INTEGER PRIMARY KEY, taken_at TEXT, note TEXT);
            CREATE TABLE objects(weighing_id INTEGER, name TEXT);
            INSERT INTO weighings(taken_at, note) VALUES ('today', 'flour');
            """)
        let before = bytes(dir.database)
        #expect(throws: HistoryError.foreign(path: dir.database, applicationID: 0)) { try HistoryStore(path: dir.database) }
        #expect(bytes(dir.database) == before, "byte for byte untouched")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["history.sqlite3"])
    }

    /// PlumScale's own histories of before the id, at every version, are still its own.
    @Test(arguments: 1...4)
    func anUnmarkedHistoryOfEveryVersionIsStillAdopted(version: Int) throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        do {
            let store = try HistoryStore(path: dir.database, environment: [:], schemaTarget: version)
            try store.execute("PRAGMA application_id = 0")
        }
        let store = try HistoryStore(path: dir.database)
        #expect(try store.userVersion() == HistoryStore.schemaVersion)
        #expect(try store.strings("PRAGMA application_id") == ["\(HistoryStore.applicationID)"])
    }

    /// Item 12: "\r\n" is one Character in Swift, so a check for "\n"
    /// missed it and the record split. Every export is read back by
    /// Python's csv module (and the JSON one by its json module).
    @Test func exportsReadBackWithARealCSVReader() throws {
        let names = [
            "Panel\r\nSecond line", "comma, inside", "quote \"q\"", "quote then accent \"\u{301}", "lone\rCR", "lone\nLF",
            "plain", "", "ünïcödé 🍑",
        ]
        let weighings = names.enumerated().map { index, name in
            var weighing = sampleWeighing(device: name)
            weighing.id = Int64(index + 1)
            return weighing
        }
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv = dir.appendingPathComponent("export.csv").path
        let json = dir.appendingPathComponent("export.json").path
        try HistoryExport.csv(weighings).write(toFile: csv, atomically: false, encoding: .utf8)
        try HistoryExport.json(weighings).write(toFile: json, atomically: false, encoding: .utf8)
        let script = """
            import csv, json, sys
            with open(sys.argv[1], newline='', encoding='utf-8') as f:
                rows = list(csv.reader(f, strict=True))
            assert all(len(r) == len(rows[0]) for r in rows), [len(r) for r in rows]
            print(json.dumps([r[2] for r in rows[1:]]))
            with open(sys.argv[2], encoding='utf-8') as f:
                print(json.dumps([o["device"] for o in json.load(f)]))
            """
        let out = dir.appendingPathComponent("out").path
        let child = try Spawned("/usr/bin/env", ["python3", "-c", script, csv, json], stdout: out, stderr: out + ".err")
        #expect(child.wait(timeout: 30) == 0, "\((try? String(contentsOfFile: out + ".err", encoding: .utf8)) ?? "")")
        let printed = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        let expected = weighings.flatMap { w in w.objects.map { _ in w.device } }
        for line in printed {
            let devices = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String]
            #expect(devices == expected)
        }
        #expect(printed.count == 2)
    }

    /// Item 13: a slope of 2e-300 g per unit read "0.000000 g" for every load.
    @Test func aCalibrationThatReadsLessThanAStepOrAMilligramIsRefused() throws {
        let tiny = [CalibrationPoint(force: 0, grams: 0), CalibrationPoint(force: 0.5, grams: 1e-300)]
        let issues = CalibrationFit.issues(in: tiny)
        #expect(issues.count == 1)
        guard case .capacityTooSmall(let grams, _)? = issues.first else {
            Issue.record("accepted: \(issues)")
            return
        }
        #expect(grams < 1e-299)
        #expect(issues.first?.description.contains("less than a milligram") == true)
        // Above a milligram, but noisier than its own range: less than one step.
        let noisy = [
            CalibrationPoint(force: 0, grams: 0), CalibrationPoint(force: 0.25, grams: 0.008),
            CalibrationPoint(force: 0.5, grams: 0.0001), CalibrationPoint(force: 0.75, grams: 0.004),
        ]
        let noise = CalibrationFit.issues(in: noisy)
        if case .capacityTooSmall? = noise.first {} else { Issue.record("not refused for its range: \(noise)") }
        #expect(noise.first?.description.contains("less than one display step") == true, "\(noise)")
        // The config refuses it with the reason; a real one is kept.
        #expect(throws: ConfigError.self) {
            try Config.parse(#"{"calibrations": {"p": {"points": [{"force": 0, "grams": 0}, {"force": 0.5, "grams": 1e-300}]}}}"#)
        }
        #expect((try? CalibrationFit(points: [CalibrationPoint(force: 0, grams: 0), CalibrationPoint(force: 0.5, grams: 0.01)])) != nil)
    }
}
