import CSQLite
import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Issue 16, history: another program's SQLite file is never modified (the
/// application_id tells them apart), a FIFO is not opened, names keep
/// every character and never drive the terminal, errors say the OS reason.
@Suite struct HistoryForeignFileTests {
    /// Makes an SQLite database with plain SQLite, as another program would.
    static func makeDatabase(_ path: String, _ sql: String) {
        var db: OpaquePointer?
        #expect(sqlite3_open(path, &db) == SQLITE_OK)
        #expect(sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK, "\(String(cString: sqlite3_errmsg(db)))")
        sqlite3_close(db)
    }

    /// SQLite's header byte 18: 1 rollback journal, 2 WAL.
    static func writeVersion(_ path: String) -> UInt8 { bytes(path)[18] }

    @Test(arguments: [
        ("CREATE TABLE notes(id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes(text) VALUES ('milk');", Int32(0)),
        ("PRAGMA application_id = 1196444487; CREATE TABLE gpkg_contents(x);", Int32(0x4750_4B47)),  // GeoPackage
        ("PRAGMA user_version = 1; CREATE TABLE weighings(id);", Int32(0)),  // a name alike, not PlumScale's schema
    ])
    func anotherProgramsDatabaseIsRefusedAndLeftByteIdentical(sql: String, id: Int32) throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        Self.makeDatabase(dir.database, sql)
        let before = bytes(dir.database)
        #expect(Self.writeVersion(dir.database) == 1)
        #expect(throws: HistoryError.foreign(path: dir.database, applicationID: id)) {
            try HistoryStore(path: dir.database)
        }
        var errors = ""
        #expect(HistoryCommand.run(["list", "--db", dir.database], output: { _ in }, errors: { errors += $0 }) == 1)
        #expect(errors.contains("is another program's SQLite database"), "\(errors)")
        #expect(errors.contains("it was left untouched"))
        #expect(bytes(dir.database) == before)
        #expect(Self.writeVersion(dir.database) == 1, "not switched to WAL")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(files == ["history.sqlite3"], "no -wal or -journal file beside it")
    }

    @Test func aNewHistoryIsMarkedAndAnOlderUnmarkedOneIsAdopted() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        do {
            let store = try HistoryStore(path: dir.database)
            #expect(try store.strings("PRAGMA application_id") == ["\(HistoryStore.applicationID)"])
            try store.save(sampleWeighing())
            try store.execute("PRAGMA application_id = 0")  // as histories were before the id
        }
        let store = try HistoryStore(path: dir.database)
        #expect(try store.count() == 1)
        #expect(try store.strings("PRAGMA application_id") == ["\(HistoryStore.applicationID)"])
    }

    /// Found by the history fuzz target: a negative PRAGMA user_version
    /// (it is signed) indexed the migrations at -1 and trapped.
    @Test func aNegativeSchemaVersionIsRefusedNotATrap() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        do {
            let store = try HistoryStore(path: dir.database)
            try store.save(sampleWeighing())
            try store.execute("PRAGMA user_version = -1")
        }
        let before = bytes(dir.database)
        #expect(throws: HistoryError.corrupt(path: dir.database, details: "schema version -1 (PRAGMA user_version) is negative")) {
            try HistoryStore(path: dir.database)
        }
        #expect(bytes(dir.database) == before)
        // Unmarked, the same file is simply not PlumScale's.
        Self.makeDatabase(dir.path + "/other.sqlite3", "PRAGMA user_version = -7; CREATE TABLE weighings(x); CREATE TABLE objects(y);")
        #expect(throws: HistoryError.foreign(path: dir.path + "/other.sqlite3", applicationID: 0)) {
            try HistoryStore(path: dir.path + "/other.sqlite3")
        }
    }

    @Test func anEmptySQLiteDatabaseBecomesAHistory() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        Self.makeDatabase(dir.database, "CREATE TABLE t(x); DROP TABLE t;")
        let store = try HistoryStore(path: dir.database)
        #expect(try store.save(sampleWeighing()) == 1)
    }

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        #expect(mkfifo(dir.database, 0o600) == 0)
        #expect(throws: HistoryError.notADatabase(path: dir.database, reason: "it is a FIFO, not a regular file")) {
            try HistoryStore(path: dir.database)
        }
    }

    @Test func aNULInADeviceNameIsStoredAsU_FFFDAndNothingAfterItIsLost() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let store = try HistoryStore(path: dir.database)
        let id = try store.save(sampleWeighing(device: "Panel\0 hidden part, ünïcode"))
        #expect(try store.rows(limit: 1).first?.device == "Panel\u{FFFD} hidden part, ünïcode")
        #expect(try store.weighing(id: id)?.device == "Panel\u{FFFD} hidden part, ünïcode")
        #expect(try store.strings("SELECT length(device) FROM weighings") == ["27"])
        // Text of every kind keeps all its bytes both ways (the empty one too).
        let plain = try store.save(sampleWeighing(device: ""))
        #expect(try store.weighing(id: plain)?.device == "")
    }

    static let hostile = "Evil\u{1B}[2J\u{1B}]0;owned\u{07} pad\u{9B}31m\r\n\u{202E}txt.exe"

    @Test func controlCharactersInNamesAreShownEscapedInTheListing() {
        let row = HistoryRow(
            id: 1, takenAt: Date(timeIntervalSince1970: 0), device: Self.hostile, mode: "force",
            objectCount: 1, heaviestForce: 0.5, heaviestGrams: nil)
        let text = HistoryListing.format([row], total: 1, timeZone: TimeZone(identifier: "UTC")!)
        #expect(text.contains("Evil\\x1B[2J\\x1B]0;owned\\x07 pad\\u{9B}31m\\x0D\\x0A\\u{202E}txt.exe\n"), "\(text)")
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
        #expect(text.split(separator: "\n").count == 3, "header, the row, the footer")
    }

    @Test func theBinarysListingSendsNoEscapeToTheTerminal() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        try HistoryStore(path: dir.database).save(sampleWeighing(device: Self.hostile))
        let result = try runPlumscale(["history", "list", "--db", dir.database])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Evil\\x1B[2J"))
        #expect(!result.stdout.utf8.contains(0x1B) && !result.stdout.utf8.contains(0x07))
    }

    /// The directory must take the -wal and -shm files: a writable file in an
    /// unwritable directory is reported with the directory and the OS's errno.
    @Test func aReadOnlyDirectoryReportsTheErrnoOfWritingThere() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let locked = dir.path + "/locked"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        let database = locked + "/history.sqlite3"
        try HistoryStore(path: database).save(sampleWeighing())
        chmod(locked, 0o555)
        if geteuid() == 0 { _ = try? runTool("/usr/bin/chattr", ["+i", locked]) }
        defer {
            if geteuid() == 0 { _ = try? runTool("/usr/bin/chattr", ["-i", locked]) }
            chmod(locked, 0o755)
        }
        let probe = open(locked + "/probe", O_WRONLY | O_CREAT | O_EXCL, 0o600)
        let expected = errno
        if probe >= 0 {
            close(probe)
            unlink(locked + "/probe")
            try Test.cancel("cannot make a directory read-only here")
        }
        do {
            _ = try HistoryStore(path: database)
            Issue.record("opened a history in a read-only directory")
        } catch let error as HistoryError {
            #expect(error == .readOnly(path: locked, reason: String(cString: strerror(expected))), "\(error)")
        }
    }

    @Test func aFailedExportIsAPlainMessage() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let service = try HistoryService(path: dir.database, configPath: nil)
        guard
            case .saved(let id) = service.perform(
                .save(
                    device: "panel", mode: .force,
                    objects: sampleWeighing().objects, units: .g, step: nil))
        else {
            Issue.record("not saved")
            return
        }
        // The export directory's place is taken by a file.
        _ = FileManager.default.createFile(atPath: dir.path + "/exports", contents: Data("x".utf8))
        guard case .failed(let message) = service.perform(.export(id: id)) else {
            Issue.record("an export over a file succeeded")
            return
        }
        #expect(message == "export not written: cannot write \(dir.path)/exports: it exists and is not a directory")
        #expect(!message.contains("Domain") && !message.contains("Code="))
        // A link where the file goes is refused, and left.
        try FileManager.default.removeItem(atPath: dir.path + "/exports")
        try FileManager.default.createDirectory(atPath: dir.path + "/exports", withIntermediateDirectories: false)
        let link = dir.path + "/exports/weighing-\(id).csv"
        #expect(symlink("/etc/hostname", link) == 0)
        guard case .failed(let refused) = service.perform(.export(id: id)) else {
            Issue.record("an export over a link succeeded")
            return
        }
        #expect(refused == "export not written: cannot write \(link): it is a symbolic link; name the file it points to instead")
    }
}

/// Runs a tool and waits; its exit status.
@discardableResult
func runTool(_ path: String, _ arguments: [String]) throws -> Int32 {
    let child = try Spawned(path, arguments)
    return child.wait(timeout: 30) ?? -1
}
