import Foundation
import PlumScaleCore

/// Why the history store could not do what was asked. Messages from SQLite are
/// copied at the moment of failure.
public enum HistoryError: Error, Equatable, CustomStringConvertible {
    /// Neither XDG_DATA_HOME nor HOME is set, so there is no default location.
    case noDataDirectory
    /// The directory for the database could not be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// The directory (or the file) cannot be written.
    case readOnly(path: String, reason: String)
    /// The file exists but is not an SQLite database (or not a regular file);
    /// it was left untouched.
    case notADatabase(path: String, reason: String = "not SQLite")
    /// An SQLite database of another program (its application_id, or
    /// tables that are not PlumScale's); it was left untouched.
    case foreign(path: String, applicationID: Int32)
    /// The database failed its integrity check; it was left untouched.
    case corrupt(path: String, details: String)
    /// The database was written by a newer PlumScale; it was left untouched.
    case newerSchema(path: String, found: Int, known: Int)
    /// The disk (or the database's size limit) is full; nothing of the failed save was kept.
    case diskFull(path: String, message: String)
    /// A weighing with no objects is not saved.
    case emptyWeighing
    /// The mode is not one of force, area, position.
    case invalidMode(String)
    /// The units are not one of g, oz, lb.
    case invalidUnits(String)
    /// Two objects of one weighing share an index.
    case duplicateObjectIndex(Int)
    /// Any other SQLite failure: its result code, message and what was being done.
    case sqlite(code: Int32, message: String, during: String)

    public var description: String {
        switch self {
        case .noDataDirectory:
            return "history: neither XDG_DATA_HOME nor HOME is set; pass --db PATH"
        case .cannotCreateDirectory(let path, let reason):
            return "history: cannot create directory \(path): \(reason)"
        case .readOnly(let path, let reason):
            return "history: \(path) is not writable (\(reason)); weighings cannot be saved"
        case .notADatabase(let path, let reason):
            return "history: \(path) is not a PlumScale history database (\(reason)); "
                + "it was left untouched: move it away or pass --db PATH"
        case .foreign(let path, let id):
            let owner =
                id == 0
                ? "tables that are not PlumScale's"
                : "application_id 0x" + String(UInt32(bitPattern: id), radix: 16, uppercase: true)
                    + ", PlumScale's is 0x" + String(UInt32(bitPattern: HistoryStore.applicationID), radix: 16, uppercase: true)
            return "history: \(path) is another program's SQLite database (\(owner)); "
                + "it was left untouched: pass --db PATH to a PlumScale history"
        case .corrupt(let path, let details):
            return "history: \(path) is damaged (integrity check: \(details)); "
                + "it was left untouched: restore a backup or move it away"
        case .newerSchema(let path, let found, let known):
            return "history: \(path) has schema version \(found), this PlumScale knows "
                + "up to \(known); it was left untouched: upgrade PlumScale"
        case .diskFull(let path, let message):
            return "history: disk full, the weighing was not saved (\(path): \(message))"
        case .emptyWeighing:
            return "history: a weighing with no objects is not saved"
        case .invalidMode(let mode):
            return "history: mode \"\(mode)\" is not force, area or position"
        case .invalidUnits(let units):
            return "history: units \"\(units)\" are not g, oz or lb"
        case .duplicateObjectIndex(let index):
            return "history: two objects share index \(index)"
        case .sqlite(let code, let message, let during):
            return "history: SQLite error \(code) while \(during): \(message)"
        }
    }
}
