import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleStressSaver

@Suite struct HistoryStoreTests {
    @Test func savedWeighingComesBackWhole() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let store = try HistoryStore(path: dir.database)
        var weighing = sampleWeighing()
        weighing.objects[2].force = nil
        weighing.objects[2].grams = nil
        let id = try store.save(weighing)
        weighing.id = id
        #expect(try store.weighing(id: id) == weighing)
        #expect(try store.weighing(id: id + 100) == nil)
        #expect(try store.count() == 1)
    }

    @Test func connectionUsesWalFullSyncAndForeignKeys() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let store = try HistoryStore(path: dir.database)
        #expect(try store.strings("PRAGMA journal_mode") == ["wal"])
        #expect(try store.strings("PRAGMA synchronous") == ["2"])
        #expect(try store.strings("PRAGMA foreign_keys") == ["1"])
        #expect(try store.userVersion() == HistoryStore.schemaVersion)
    }

    @Test func defaultPathFollowsXdgThenHome() throws {
        #expect(
            try HistoryStore.defaultPath(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"])
                == "/d/plumscale/history.sqlite3")
        #expect(
            try HistoryStore.defaultPath(environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"])
                == "/h/.local/share/plumscale/history.sqlite3")
        #expect(throws: HistoryError.noDataDirectory) {
            try HistoryStore.defaultPath(environment: [:])
        }
    }

    @Test func defaultDirectoryIsCreatedPrivate() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let store = try HistoryStore(environment: ["XDG_DATA_HOME": dir.path + "/data"])
        #expect(store.path == dir.path + "/data/plumscale/history.sqlite3")
        for created in [dir.path + "/data", dir.path + "/data/plumscale"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: created)
            #expect((attributes[.posixPermissions] as? Int) == 0o700)
        }
    }

    @Test func rowsSummariseHeaviestObject() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let store = try HistoryStore(path: dir.database)
        let weighing = sampleWeighing(count: 4)
        try store.save(weighing)
        try store.save(sampleWeighing(at: 1_714_564_900, count: 2, mode: "position"))
        let rows = try store.rows(limit: 10)
        #expect(rows.map(\.objectCount) == [2, 4])
        #expect(rows[0].heaviestGrams == nil)
        #expect(rows[1].heaviestForce == weighing.heaviest?.force)
        #expect(rows[1].heaviestGrams == 125)
        #expect(rows[1].device == weighing.device)
    }

    @Test(arguments: [1, 3, 7, 50])
    func keysetPagesVisitEveryRowOnceNewestFirst(pageSize: Int) throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let store = try HistoryStore(path: dir.database)
        // Repeated times on purpose: the id breaks ties.
        let times = [10, 20, 20, 20, 5, 30, 30, 15, 20, 1].map { 1_714_564_800 + Double($0) }
        for time in times { try store.save(sampleWeighing(at: time, count: 1)) }
        var seen: [HistoryRow] = []
        var cursor: HistoryCursor?
        while true {
            let page = try store.rows(before: cursor, limit: pageSize)
            #expect(page.count <= pageSize)
            seen += page
            guard let last = page.last else { break }
            cursor = last.cursor
        }
        #expect(seen.count == times.count)
        #expect(Set(seen.map(\.id)).count == times.count)
        let keys = seen.map { (HistoryStore.microseconds($0.takenAt), $0.id) }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 > $1 })
    }

    @Test(arguments: [false, true])
    func rowsQueryUsesIndexWithoutSorting(paged: Bool) throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let store = try HistoryStore(path: dir.database)
        let plan = try store.queryPlan(HistoryStore.rowsSQL(paged: paged))
        #expect(
            plan.contains {
                $0.contains("USING INDEX weighings_by_time")
                    || $0.contains("USING COVERING INDEX weighings_by_time")
            }, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }

    @Test func deleteRemovesWeighingAndObjects() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let store = try HistoryStore(path: dir.database)
        let keep = try store.save(sampleWeighing())
        let gone = try store.save(sampleWeighing(at: 1_714_564_900))
        #expect(try store.delete(id: gone))
        #expect(try !store.delete(id: gone))
        #expect(try store.weighing(id: gone) == nil)
        #expect(try store.weighing(id: keep) != nil)
        #expect(try store.strings("SELECT count(*) FROM objects") == ["3"])
        // Ids are never reused after a delete.
        #expect(try store.save(sampleWeighing()) > gone)
    }

    @Test func invalidWeighingsAreRefusedAndNothingIsKept() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let store = try HistoryStore(path: dir.database)
        #expect(throws: HistoryError.emptyWeighing) { try store.save(sampleWeighing(count: 0)) }
        #expect(throws: HistoryError.invalidMode("grams")) {
            try store.save(sampleWeighing(mode: "grams"))
        }
        var twice = sampleWeighing()
        twice.objects[1].index = 0
        #expect(throws: HistoryError.duplicateObjectIndex(0)) { try store.save(twice) }
        #expect(try store.count() == 0)
    }

    @Test func saveLatencyIsMeasured() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let store = try HistoryStore(path: dir.database)
        let start = Date()
        for n in 0..<50 { try store.save(StressSaver.weighing(n)) }
        let perSave = Date().timeIntervalSince(start) / 50
        print("history: mean save latency \(String(format: "%.2f", perSave * 1000)) ms (synchronous=FULL)")
        #expect(perSave < 0.5)
    }
}

extension HistoryStore {
    /// The detail column of EXPLAIN QUERY PLAN for `sql`.
    func queryPlan(_ sql: String) throws -> [String] {
        let statement = try prepare("EXPLAIN QUERY PLAN " + sql)
        var details: [String] = []
        while try statement.step(fail: failure) { details.append(statement.text(3)) }
        return details
    }
}
