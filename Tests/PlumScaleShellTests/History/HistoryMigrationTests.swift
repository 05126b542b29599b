import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport

/// Each schema step, applied to a database left at an older version.
@Suite struct HistoryMigrationTests {
    @Test func versionOneDatabaseMigratesWithItsData() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        do {
            let old = try HistoryStore(path: dir.database, environment: [:], schemaTarget: 1)
            #expect(try old.userVersion() == 1)
            #expect(
                try old.strings(
                    "SELECT name FROM sqlite_master WHERE type = 'index' "
                        + "AND name = 'weighings_by_time'"
                ).isEmpty)
            // Version 1 rows, written as version 1 wrote them.
            try old.execute(
                """
                INSERT INTO weighings(id, taken_at, device, mode) VALUES
                    (1, 1714564800000000, 'old panel', 'force'),
                    (2, 1714564900000000, 'old panel', 'position');
                INSERT INTO objects(weighing_id, idx, x, y, force, grams, stable, tare) VALUES
                    (1, 0, 100, 100, 0.30, 40, 1, 0),
                    (1, 1, 400, 100, 0.60, NULL, 1, 0),
                    (1, 2, 700, 100, 0.50, 90, 0, 0.05),
                    (2, 0, 100, 100, NULL, NULL, 1, 0);
                """)
        }
        let store = try HistoryStore(path: dir.database)
        #expect(try store.userVersion() == HistoryStore.schemaVersion)
        let rows = try store.rows(limit: 10)
        #expect(rows.map(\.id) == [2, 1])
        #expect(rows.map(\.objectCount) == [1, 3])
        #expect(rows[0].heaviestForce == nil && rows[0].heaviestGrams == nil)
        // Grams outrank force: object 2 (90 g), not object 1 (the greatest force).
        let first = try #require(try store.weighing(id: 1))
        #expect(rows[1].heaviestGrams == first.heaviest?.grams)
        #expect(rows[1].heaviestForce == first.heaviest?.force)
        #expect(rows[1].heaviestGrams == 90)
        #expect(try store.save(sampleWeighing()) == 3)
    }

    /// v3: the units and display step of each weighing. Version 2 rows read
    /// as grams to 0.1 g (what they were shown in); new ones keep theirs.
    @Test func versionTwoDatabaseGainsUnitsAndStep() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        do {
            let old = try HistoryStore(path: dir.database, environment: [:], schemaTarget: 2)
            #expect(try old.userVersion() == 2)
            try old.execute(
                """
                INSERT INTO weighings(id, taken_at, device, mode, object_count, heaviest_force, heaviest_grams) VALUES
                    (1, 1714564800000000, 'old panel', 'force', 1, 0.30, 30);
                INSERT INTO objects(weighing_id, idx, x, y, force, grams, stable, tare) VALUES
                    (1, 0, 100, 100, 0.30, 30, 1, 0);
                """)
        }
        let store = try HistoryStore(path: dir.database)
        #expect(try store.userVersion() == HistoryStore.schemaVersion)
        let old = try #require(try store.weighing(id: 1))
        #expect(old.units == "g" && old.step == nil)
        #expect(old.gramsLabel(30) == "30.0 g")
        #expect(try store.rows(limit: 1).first?.heaviestGramsLabel == "30.0 g")
        // 30 g shown in ounces to 0.005 oz: "1.060 oz"; the grams stay 30.
        var weighing = sampleWeighing()
        weighing.objects = [WeighedObject(index: 0, x: 1, y: 2, force: 0.3, grams: 30, stable: true)]
        (weighing.units, weighing.step) = ("oz", 0.005)
        let id = try store.save(weighing)
        let back = try #require(try store.weighing(id: id))
        #expect(back.units == "oz" && back.step == 0.005 && back.objects[0].grams == 30)
        #expect(back.gramsLabel(30) == "1.060 oz")
        #expect(PlumDrawing.circles(for: back).map(\.label) == ["1.060 oz"])
        let row = try #require(try store.rows(limit: 1).first)
        #expect(row.units == "oz" && row.heaviestGramsLabel == "1.060 oz")
        #expect(HistoryListing.heaviestText(force: 0.3, grams: 30, mode: "force", units: "oz", step: 0.005) == "1.060 oz (30.0%)")
        weighing.units = "kg"
        #expect(throws: HistoryError.invalidUnits("kg")) { try store.save(weighing) }
        #expect(throws: (any Error).self) {
            try store.execute("INSERT INTO weighings(taken_at, device, mode, units) VALUES (1, 'd', 'force', 'stone')")
        }
    }

    @Test func emptyFileBecomesANewDatabase() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        _ = FileManager.default.createFile(atPath: dir.database, contents: Data())
        let store = try HistoryStore(path: dir.database)
        #expect(try store.userVersion() == HistoryStore.schemaVersion)
    }

    @Test func reopeningDoesNotMigrateAgain() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let id = try HistoryStore(path: dir.database).save(sampleWeighing())
        let store = try HistoryStore(path: dir.database)
        #expect(try store.userVersion() == HistoryStore.schemaVersion)
        #expect(try store.weighing(id: id)?.objects.count == 3)
    }

    @Test(
        arguments: [
            ([(1.0, 5.0), (nil, 9.0), (2.0, 1.0)], 2),  // (grams, force): grams outrank force
            ([(nil, 0.2), (nil, 0.7), (nil, 0.7)], 1),  // a tie goes to the lowest index
            ([(nil, nil), (nil, 0.1)], 1),  // an unmeasured object is never heaviest
            ([(nil, nil)], nil),
        ] as [([(Double?, Double?)], Int?)])
    func heaviestPrefersGramsThenForceThenLowestIndex(
        readings: [(Double?, Double?)],
        expected: Int?
    ) {
        let objects = readings.enumerated().map { i, reading in
            WeighedObject(index: i, x: 0, y: 0, force: reading.1, grams: reading.0, stable: true)
        }
        let weighing = Weighing(takenAt: Date(), device: "d", mode: "force", objects: objects)
        #expect(weighing.heaviest?.index == expected)
    }
}
