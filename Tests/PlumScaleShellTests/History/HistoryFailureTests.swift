import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleStressSaver

/// Damaged, foreign, newer and unwritable databases, and a full disk.
@Suite struct HistoryFailureTests {
    @Test(arguments: [
        Data("this is not a database, it is a shopping list\n".utf8),
        Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }),
        Data("SQLite format 3".utf8),  // a truncated header
    ])
    func garbageFileIsRefusedAndLeftUntouched(garbage: Data) throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        _ = FileManager.default.createFile(atPath: dir.database, contents: garbage)
        #expect(throws: HistoryError.notADatabase(path: dir.database)) {
            try HistoryStore(path: dir.database)
        }
        #expect(bytes(dir.database) == garbage)
    }

    /// Any other SQLite failure names the database it happened in: a
    /// station may keep several, and "disk I/O error" alone says not which.
    @Test func anSQLiteFailureNamesTheDatabase() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let store = try HistoryStore(path: dir.database)
        let error = try #require(throws: HistoryError.self) { try store.execute("SELECT * FROM no_such_table") }
        #expect(
            error.description
                == "history: SQLite error 1 while running SELECT * FROM no_such_table in \(dir.database): no such table: no_such_table",
            "\(error)")
    }

    @Test func damagedPageFailsIntegrityCheckAndIsLeftUntouched() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        do {
            let store = try HistoryStore(path: dir.database)
            for n in 0..<300 { try store.save(StressSaver.weighing(n)) }
        }  // closed: the WAL is checkpointed into the file
        var damaged = bytes(dir.database)
        #expect(damaged.count > 8 * 4096)
        // A page in the middle of the file: rows, not an empty table's root
        // (page 6 is the outbox's since schema 4, and damage to the unused
        // part of an empty page is no damage).
        let pageStart = damaged.count / 4096 / 2 * 4096
        for offset in pageStart + 8..<pageStart + 4096 { damaged[offset] = 0xA5 }
        try damaged.write(to: URL(fileURLWithPath: dir.database))
        do {
            _ = try HistoryStore(path: dir.database)
            Issue.record("a damaged database opened")
        } catch let HistoryError.corrupt(path, details) {
            #expect(path == dir.database)
            #expect(!details.isEmpty)
            print("history: damaged file refused: \(HistoryError.corrupt(path: path, details: details))")
        }
        #expect(bytes(dir.database) == damaged)
    }

    @Test func newerSchemaIsRefusedAndLeftUntouched() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        do {
            let store = try HistoryStore(path: dir.database)
            try store.save(sampleWeighing())
            try store.execute("PRAGMA user_version = 99")
        }
        let before = bytes(dir.database)
        #expect(
            throws: HistoryError.newerSchema(
                path: dir.database, found: 99,
                known: HistoryStore.schemaVersion)
        ) {
            try HistoryStore(path: dir.database)
        }
        #expect(bytes(dir.database) == before)
    }

    @Test func fullDiskFailsTheSaveCleanlyAndKeepsEarlierWeighings() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let store = try HistoryStore(path: dir.database)
        let kept = try store.save(sampleWeighing())
        let pages = try store.strings("PRAGMA page_count").first ?? "0"
        try store.execute("PRAGMA max_page_count = \(pages)")
        let big = sampleWeighing(at: 1_714_564_900, count: 2_000)
        do {
            try store.save(big)
            Issue.record("a save beyond max_page_count succeeded")
        } catch let error as HistoryError {
            guard case .diskFull = error else {
                Issue.record("expected disk full, got \(error)")
                return
            }
            #expect(error.description.contains("disk full"))
        }
        #expect(try store.count() == 1)
        #expect(try store.weighing(id: kept) != nil)
        #expect(try store.strings("PRAGMA integrity_check") == ["ok"])
        try store.execute("PRAGMA max_page_count = 1000000")
        #expect(try store.save(big) > kept)
    }

    @Test func readOnlyDirectoryIsAClearError() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let locked = dir.path + "/locked"
        let existing = locked + "/existing.sqlite3"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        do { try HistoryStore(path: existing).save(sampleWeighing()) }
        guard lockDirectory(locked) else {
            try Test.cancel("cannot make a directory read-only here (root without chattr)")
        }
        defer { unlockDirectory(locked) }
        for path in [locked + "/new.sqlite3", existing, locked + "/sub/new.sqlite3"] {
            do {
                _ = try HistoryStore(path: path)
                Issue.record("opened \(path) in a read-only directory")
            } catch let error as HistoryError {
                guard case .readOnly = error else {
                    Issue.record("expected read-only for \(path), got \(error)")
                    continue
                }
                #expect(error.description.contains("not writable"))
            }
        }
    }

    /// Makes a directory unwritable, also for root (chattr +i); true when it worked.
    private func lockDirectory(_ path: String) -> Bool {
        chmod(path, 0o555)
        if geteuid() == 0 { run("/usr/bin/chattr", "+i", path) }
        return access(path, W_OK) != 0
    }

    private func unlockDirectory(_ path: String) {
        if geteuid() == 0 { run("/usr/bin/chattr", "-i", path) }
        chmod(path, 0o755)
    }

    private func run(_ tool: String, _ arguments: String...) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try? process.run()
        process.waitUntilExit()
    }
}
