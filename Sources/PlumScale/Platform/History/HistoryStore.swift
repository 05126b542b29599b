import CSQLite
import Foundation
import PlumScaleCore

/// The weighing history, an SQLite database (WAL, synchronous=FULL: a save
/// that returned is on disk). One instance owns one connection; use it from
/// one thread at a time. A damaged, foreign or newer database is never
/// modified: opening it throws.
public final class HistoryStore {
    /// The database file.
    public let path: String
    let db: OpaquePointer
    /// Set when a broker is configured: what each saved weighing publishes
    /// (topic and payload, given its new row id and uuid), put in the
    /// outbox in the weighing's own transaction (FleetOutbox.swift).
    public var outbox: (@Sendable (Int64, String, Weighing) -> FleetOutboxEntry.Message)?

    /// Opens (creating if needed) the history at `path`, or at `defaultPath` when nil,
    /// migrating it to the current schema.
    public convenience init(
        path: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        try self.init(path: path, environment: environment, schemaTarget: Self.schemaVersion)
    }

    /// Opens and migrates only up to `schemaTarget` (tests build old databases with it).
    init(path: String?, environment: [String: String], schemaTarget: Int) throws {
        let path = try path ?? Self.defaultPath(environment: environment)
        if let problem = InputFile.nulProblem(path) { throw HistoryError.notADatabase(path: TerminalText.visible(path), reason: problem) }
        let parent = (path as NSString).deletingLastPathComponent
        let directory = parent.isEmpty ? "." : parent
        try Self.ensureDirectory(directory)
        let exists = InputFile.exists(path)
        if exists { try Self.checkHeader(path) }
        // The file and its directory (WAL mode keeps -wal and -shm files
        // beside it) must be writable; errno is read at once, with nothing
        // in between that could change it.
        for target in exists ? [path, directory] : [directory] where access(target, W_OK) != 0 {
            let code = errno
            throw HistoryError.readOnly(path: target, reason: String(cString: strerror(code)))
        }
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (exists ? 0 : SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message =
                handle.map { String(cString: sqlite3_errmsg($0)) }
                ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(handle)
            throw HistoryError.sqlite(code: code, message: message, during: "opening \(path)")
        }
        self.path = path
        self.db = handle
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, 5000)
        try openChecked(existing: exists, schemaTarget: schemaTarget)
    }

    /// A second connection to the history `other` opened (and checked, and
    /// migrated), for another thread: the fleet sink's. No header check
    /// here: closing a descriptor of the file would drop the POSIX locks
    /// of every SQLite connection in this process, and another process
    /// could then delete the WAL under them.
    public init(connectionTo other: HistoryStore) throws {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(other.path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_close_v2(handle)
            throw HistoryError.sqlite(code: code, message: String(cString: sqlite3_errstr(code)), during: "opening \(other.path)")
        }
        path = other.path
        db = handle
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, 5000)
        try execute("PRAGMA synchronous = FULL")
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit { sqlite3_close_v2(db) }

    /// `$XDG_DATA_HOME/plumscale/history.sqlite3`, else `~/.local/share/plumscale/...`.
    public static func defaultPath(environment: [String: String]) throws -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return data + "/plumscale/history.sqlite3"
        }
        guard let home = environment["HOME"], !home.isEmpty else {
            throw HistoryError.noDataDirectory
        }
        return home + "/.local/share/plumscale/history.sqlite3"
    }

    /// Creates the directory and missing parents, each new one with mode 0700.
    static func ensureDirectory(_ directory: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw HistoryError.cannotCreateDirectory(path: directory, reason: "not a directory")
            }
            return
        }
        let parent = (directory as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != directory { try ensureDirectory(parent) }
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            let reason = String(cString: strerror(errno))
            if errno == EACCES || errno == EROFS || errno == EPERM {
                throw HistoryError.readOnly(path: parent, reason: reason)
            }
            throw HistoryError.cannotCreateDirectory(path: directory, reason: reason)
        }
    }

    /// PlumScale's `PRAGMA application_id` ("PlSc"), set when a history is
    /// created: SQLite's way of telling one program's files from another's.
    public static let applicationID: Int32 = 0x506C_5363

    /// What the first 100 bytes of an SQLite file say (nil: an empty file).
    struct Header: Equatable {
        /// Offset 68, big-endian.
        var applicationID: Int32
        /// Offset 60, big-endian (PRAGMA user_version).
        var userVersion: Int32
    }

    /// Refuses a file that is not regular (opened without blocking), a
    /// non-empty file that does not start with the SQLite header, and an
    /// SQLite file that another program marked as its own: all before
    /// SQLite opens it, so such a file is never written.
    @discardableResult
    static func checkHeader(_ path: String) throws -> Header? {
        let fd: Int32
        do throws(InputFileProblem) {
            fd = try InputFile.open(path)
        } catch {
            switch error.kind {
            case .notRegular: throw HistoryError.notADatabase(path: path, reason: error.reason)
            case .missing, .unreadable, .tooLarge: throw HistoryError.readOnly(path: path, reason: error.reason)
            }
        }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 100)
        let count = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 100, 0) }
        if count == 0 { return nil }
        guard count == 100, header.prefix(16).elementsEqual("SQLite format 3\0".utf8) else {
            throw HistoryError.notADatabase(path: path)
        }
        func int32(_ offset: Int) -> Int32 {
            Int32(bitPattern: header[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) })
        }
        let found = Header(applicationID: int32(68), userVersion: int32(60))
        if found.applicationID != 0 && found.applicationID != applicationID {
            throw HistoryError.foreign(path: path, applicationID: found.applicationID)
        }
        return found
    }

    /// Whether an SQLite file without an application id is a history made
    /// before ids were set, or an empty database; anything else belongs to
    /// another program. A history of then is told by its whole schema: at
    /// its version, exactly the tables, indexes and SQL that PlumScale's
    /// migrations make (SQLite keeps each CREATE statement as written). A
    /// file whose tables merely share the names `weighings` and `objects`
    /// is someone else's, and is never marked, switched to WAL or migrated.
    private func checkUnmarked(version: Int) throws {
        let objects = try strings("SELECT count(*) FROM sqlite_master")
        let empty = version == 0 && objects == ["0"]
        let older = try (1...Self.schemaVersion).contains(version) && schema() == Self.schema(atVersion: version)
        guard empty || older else {
            throw HistoryError.foreign(path: path, applicationID: 0)
        }
    }

    /// Every schema object as one line: type, name, table and its SQL.
    static let schemaQuery =
        "SELECT type || ' ' || name || ' ' || tbl_name || ' ' || ifnull(sql, '') FROM sqlite_master ORDER BY type, name"

    func schema() throws -> [String] { try strings(Self.schemaQuery) }

    /// The schema PlumScale's migrations make up to `version`, made in an
    /// in-memory database.
    static func schema(atVersion version: Int) throws -> [String] {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(":memory:", &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let handle else {
            sqlite3_close_v2(handle)
            throw HistoryError.sqlite(code: SQLITE_ERROR, message: "cannot open an in-memory database", during: "checking a schema")
        }
        defer { sqlite3_close_v2(handle) }
        func failed(_ code: Int32) -> HistoryError {
            .sqlite(code: code, message: String(cString: sqlite3_errmsg(handle)), during: "checking a schema")
        }
        for sql in migrations.prefix(version) {
            let code = sqlite3_exec(handle, sql, nil, nil, nil)
            guard code == SQLITE_OK else { throw failed(code) }
        }
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, schemaQuery, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw failed(code) }
        defer { sqlite3_finalize(statement) }
        var lines: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            lines.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
        }
        return lines
    }

    /// Identity, version and integrity checks before anything is written,
    /// then the connection settings, then migrations.
    private func openChecked(existing: Bool, schemaTarget: Int) throws {
        let version = try userVersion()
        let marked = Int32(try strings("PRAGMA application_id").first ?? "0") ?? 0
        if marked != Self.applicationID {
            if marked != 0 { throw HistoryError.foreign(path: path, applicationID: marked) }
            try checkUnmarked(version: version)
        }
        if version > Self.schemaVersion {
            throw HistoryError.newerSchema(path: path, found: version, known: Self.schemaVersion)
        }
        // PRAGMA user_version is signed: no PlumScale wrote a negative one
        // (and migrations[version] would trap).
        guard version >= 0 else {
            throw HistoryError.corrupt(path: path, details: "schema version \(version) (PRAGMA user_version) is negative")
        }
        // A full integrity check reads every page: fine for a small history,
        // but it would make start-up grow with the table. Past 256 pages
        // (1 MB) only the schema and the newest rows are read here; damage
        // elsewhere is reported by SQLite (SQLITE_CORRUPT) when it is reached,
        // and is never written over.
        let pageCount = Int(try strings("PRAGMA page_count").first ?? "0") ?? 0
        if existing, pageCount > 256 {
            _ = try strings(version >= 1 ? "SELECT id FROM weighings ORDER BY id DESC LIMIT 50" : "SELECT count(*) FROM sqlite_master")
        } else if existing {
            let report = try strings("PRAGMA integrity_check")
            guard report == ["ok"] else {
                let lines = report.joined(separator: "\n").split(separator: "\n").prefix(4)
                throw HistoryError.corrupt(path: path, details: lines.joined(separator: "; "))
            }
        }
        guard try strings("PRAGMA journal_mode = WAL") == ["wal"] else {
            throw HistoryError.sqlite(
                code: SQLITE_ERROR, message: "WAL mode refused",
                during: "opening \(path)")
        }
        try execute("PRAGMA synchronous = FULL")
        try execute("PRAGMA foreign_keys = ON")
        if marked != Self.applicationID { try execute("PRAGMA application_id = \(Self.applicationID)") }
        try migrate(to: schemaTarget)
    }

    // MARK: SQL plumbing

    /// The error for a failed call, with SQLite's message read now.
    func failure(_ code: Int32, _ during: String) -> HistoryError {
        let message = String(cString: sqlite3_errmsg(db))
        switch code & 0xff {
        case SQLITE_FULL: return .diskFull(path: path, message: message)
        case SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM:
            // The OS's reason when there is one ("Operation not permitted"),
            // not SQLite's generic "unable to open database file".
            let code = sqlite3_system_errno(db)
            return .readOnly(path: path, reason: code != 0 ? "\(String(cString: strerror(code))); \(message)" : message)
        case SQLITE_CORRUPT: return .corrupt(path: path, details: message)
        case SQLITE_NOTADB: return .notADatabase(path: path)
        // Which file: a station may hold several, and the message alone
        // ("disk I/O error") does not say.
        default: return .sqlite(code: code, message: message, during: "\(during) in \(path)")
        }
    }

    /// Runs SQL without results (one or more statements).
    package func execute(_ sql: String) throws {
        let code = sqlite3_exec(db, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw failure(code, "running \(sql)") }
    }

    func prepare(_ sql: String) throws -> SQLiteStatement {
        try SQLiteStatement(db: db, sql: sql, fail: failure)
    }

    /// The first column of every row, as text.
    func strings(_ sql: String) throws -> [String] {
        let statement = try prepare(sql)
        var out: [String] = []
        while try statement.step(fail: failure) { out.append(statement.text(0)) }
        return out
    }

    func userVersion() throws -> Int {
        Int(try strings("PRAGMA user_version").first ?? "0") ?? 0
    }

    /// Rolls back the open transaction, if SQLite has not already.
    func rollbackIfOpen() {
        if sqlite3_get_autocommit(db) == 0 { sqlite3_exec(db, "ROLLBACK", nil, nil, nil) }
    }
}
