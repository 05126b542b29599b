import CSQLite
import Foundation
import PlumScaleCore

/// A prepared statement, finalized when released. Used only by `HistoryStore`,
/// on the store's thread.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private let db: OpaquePointer
    let sql: String

    init(db: OpaquePointer, sql: String, fail: (Int32, String) -> HistoryError) throws {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw fail(code, "preparing \(sql)")
        }
        self.handle = statement
        self.db = db
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds values to ?1, ?2, ... (nil binds NULL).
    func bind(_ values: [SQLiteValue?]) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case nil: sqlite3_bind_null(handle, index)
            case .int(let v)?: sqlite3_bind_int64(handle, index, v)
            case .double(let v)?: sqlite3_bind_double(handle, index, v)
            case .text(let v)?:
                // By byte count, not as a C string: nothing after a NUL is lost.
                var text = v
                text.withUTF8 { bytes in
                    let empty: StaticString = ""
                    let base = bytes.baseAddress ?? empty.utf8Start  // never NULL: that would bind NULL
                    _ = base.withMemoryRebound(to: CChar.self, capacity: max(1, bytes.count)) {
                        sqlite3_bind_text(handle, index, $0, Int32(bytes.count), plum_sqlite_transient())
                    }
                }
            }
        }
    }

    /// Steps once: true when a row is ready, false when done; throws on failure.
    func step(fail: (Int32, String) -> HistoryError) throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = fail(code, "running \(sql)")
            sqlite3_reset(handle)
            throw error
        }
    }

    func int(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    func double(_ column: Int32) -> Double? {
        sqlite3_column_type(handle, column) == SQLITE_NULL
            ? nil : sqlite3_column_double(handle, column)
    }

    /// The column's text, all of its bytes (a C string would stop at a NUL).
    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column's text, nil when it is NULL.
    func optionalText(_ column: Int32) -> String? {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : text(column)
    }
}

/// A value bound to a statement parameter.
enum SQLiteValue {
    case int(Int64)
    case double(Double)
    case text(String)
}
