import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport

/// v6 (issue 28): a weighing keeps the scale's mode with its settings, and
/// each object its check verdict; weighings from before read as plain ones.
@Suite struct HistoryScaleModeTests {
    @Test func versionFiveDatabaseReadsAsPlainWeighing() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        do {
            let old = try HistoryStore(path: dir.database, environment: [:], schemaTarget: 5)
            #expect(try old.userVersion() == 5)
            try old.execute(
                """
                INSERT INTO weighings(id, taken_at, device, mode, object_count, heaviest_force, heaviest_grams, units, step, uuid)
                    VALUES (1, 1714564800000000, 'old panel', 'force', 1, 0.30, 30, 'g', 0.1, 'a');
                INSERT INTO objects(weighing_id, idx, x, y, force, grams, stable, tare) VALUES
                    (1, 0, 100, 100, 0.30, 30, 1, 0);
                """)
        }
        let store = try HistoryStore(path: dir.database)
        #expect(try store.userVersion() == HistoryStore.schemaVersion)
        let old = try #require(try store.weighing(id: 1))
        #expect(old.scaleMode == .weigh && old.objects.map(\.verdict) == [nil])
        #expect(old.objects[0].grams == 30)
    }

    @Test(arguments: [ScaleMode.check(low: 60, high: 90), .count(pieceGrams: 2.5), .percent(referenceGrams: 75), .weigh])
    func aWeighingKeepsItsModeAndVerdicts(mode: ScaleMode) throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let store = try HistoryStore(path: dir.database)
        var weighing = sampleWeighing()
        weighing.scaleMode = mode
        if case .check = mode {
            for (i, verdict) in [Verdict.under, .ok, .over].enumerated() { weighing.objects[i].verdict = verdict }
        }
        let back = try #require(try store.weighing(id: try store.save(weighing)))
        #expect(back.scaleMode == mode)
        #expect(back.objects == weighing.objects)
    }

    /// The preview and the detail draw a verdict beside the mass, in its colour.
    @Test func aSavedVerdictIsDrawn() {
        var weighing = sampleWeighing(count: 2)
        weighing.scaleMode = .check(low: 60, high: 90)
        weighing.objects[0].verdict = .under
        let circles = PlumDrawing.circles(for: weighing)
        #expect(circles.map(\.label) == ["50.0 g · UNDER", "75.0 g"])
        #expect(circles.map(\.ring) == [Verdict.under.color, .blue] && circles[0].labelColor == Verdict.under.color)
    }

    @Test func theSchemaRefusesAnUnknownModeOrVerdict() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let store = try HistoryStore(path: dir.database)
        #expect(throws: (any Error).self) {
            try store.execute("INSERT INTO weighings(taken_at, device, mode, scale_mode) VALUES (1, 'd', 'force', 'tally')")
        }
        let id = try store.save(sampleWeighing())
        #expect(throws: (any Error).self) {
            try store.execute("UPDATE objects SET verdict = 'maybe' WHERE weighing_id = \(id)")
        }
    }
}
