// libFuzzer target: the history database opened on any file (foreign,
// damaged, truncated, another program's SQLite). Opening either works, and
// then reading, exporting and saving work or fail with a HistoryError, or
// it fails with a HistoryError; when it refuses the file as not PlumScale's,
// damaged or newer, the file is byte-identical afterwards. Built with the
// shell's history sources and SQLite (Sources/CSQLite).
import CSQLite
import Foundation

@testable import PlumScaleCore

let directory: String = {
    let path = NSTemporaryDirectory() + "plumscale-fuzz-history-\(getpid())"
    mkdir(path, 0o700)
    return path
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func historyFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let path = directory + "/history.sqlite3"
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    let original = Data(UnsafeBufferPointer(start: data, count: size))
    writeBytes(original, to: path)
    do {
        let store = try HistoryStore(path: path)
        do {
            let rows = try store.rows(limit: 5)
            _ = try store.count()
            if let first = rows.first { _ = try store.weighing(id: first.id) }
            for format in HistoryExport.Format.allCases { try store.export(format) { _ in } }
            let name = String(decoding: original.prefix(24), as: UTF8.self)
            let id = try store.save(
                Weighing(
                    takenAt: Date(timeIntervalSince1970: 1_700_000_000), device: name, mode: "force",
                    objects: [WeighedObject(index: 0, x: 1, y: 2, force: 0.5, grams: nil, stable: true, tare: 0)]))
            let back = try store.weighing(id: id)
            precondition(back?.device == HistoryStore.storedName(name), "a saved name came back changed")
        } catch is HistoryError {
            // A damaged page met later: reported, never a crash.
        }
    } catch let error as HistoryError {
        switch error {
        case .notADatabase, .foreign, .corrupt, .newerSchema:
            precondition(fileBytes(path) == original, "a refused file was modified: \(error)")
        default: break
        }
    } catch {
        fatalError("not a HistoryError: \(error)")
    }
    return 0
}
