import CSQLite
import Foundation
import PlumScaleCore

/// Saving, paging, fetching and deleting weighings.
extension HistoryStore {
    /// Saves a weighing in one transaction and returns its id once committed
    /// (durable: WAL with synchronous=FULL). Refuses a weighing with no objects.
    @discardableResult
    public func save(_ weighing: Weighing) throws -> Int64 {
        guard !weighing.objects.isEmpty else { throw HistoryError.emptyWeighing }
        guard Weighing.modes.contains(weighing.mode) else {
            throw HistoryError.invalidMode(weighing.mode)
        }
        guard Weighing.unitNames.contains(weighing.units) else { throw HistoryError.invalidUnits(weighing.units) }
        var seen = Set<Int>()
        for object in weighing.objects where !seen.insert(object.index).inserted {
            throw HistoryError.duplicateObjectIndex(object.index)
        }
        try execute("BEGIN IMMEDIATE")
        do {
            let heaviest = weighing.heaviest
            let insert = try prepare(
                """
                INSERT INTO weighings(taken_at, device, mode, object_count, heaviest_force, heaviest_grams, units, step, uuid,
                    scale_mode, mode_low, mode_high, mode_grams, calibration_id, product)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13,
                    CASE WHEN ?14 THEN (SELECT max(id) FROM calibrations WHERE device = ?2 AND action != 'removed') END, ?15)
                """)
            let settings = weighing.scaleMode.stored
            func finite(_ value: Double?) -> SQLiteValue? { value.flatMap { $0.isFinite ? SQLiteValue.double($0) : nil } }
            let uuid = UUID().uuidString.lowercased()
            insert.bind([
                .int(Self.microseconds(weighing.takenAt)), .text(Self.storedName(weighing.device)),
                .text(weighing.mode), .int(Int64(weighing.objects.count)),
                heaviest?.force.map(SQLiteValue.double), heaviest?.grams.map(SQLiteValue.double),
                .text(weighing.units), finite(weighing.step), .text(uuid),
                .text(weighing.scaleMode.name), finite(settings.low), finite(settings.high), finite(settings.grams),
                .int(weighing.objects.contains { $0.grams != nil } ? 1 : 0),  // in grams: the calibration they came from
                weighing.product.map(SQLiteValue.text),
            ])
            _ = try insert.step(fail: failure)
            let id = sqlite3_last_insert_rowid(db)
            let object = try prepare(
                """
                INSERT INTO objects(weighing_id, idx, x, y, force, grams, stable, tare, verdict)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
                """)
            for item in weighing.objects {
                object.bind([
                    .int(id), .int(Int64(item.index)), .double(item.x), .double(item.y),
                    item.force.map(SQLiteValue.double), item.grams.map(SQLiteValue.double),
                    .int(item.stable ? 1 : 0), .double(item.tare), item.verdict.map { .text($0.rawValue) },
                ])
                _ = try object.step(fail: failure)
            }
            if let outbox { try enqueue(outbox(id, uuid, weighing), weighingID: id) }
            try execute("COMMIT")
            return id
        } catch {
            rollbackIfOpen()
            throw error
        }
    }

    /// A device name as it is stored: whole, except that a NUL (which no
    /// kernel name holds, but a replay header or an evemu N: line can) is
    /// replaced by U+FFFD, so that no reader of the file, the sqlite3 shell
    /// or a CSV consumer, cuts the name there.
    static func storedName(_ name: String) -> String {
        guard name.utf8.contains(0) else { return name }
        return String(String.UnicodeScalarView(name.unicodeScalars.map { $0 == "\0" ? "\u{FFFD}" : $0 }))
    }

    /// How many weighings are stored.
    public func count() throws -> Int {
        Int(try strings("SELECT count(*) FROM weighings").first ?? "0") ?? 0
    }

    /// A page of the table, newest first: rows strictly older than `before`
    /// (nil: from the newest). Uses the (taken_at, id) index, no sorting.
    public func rows(before: HistoryCursor? = nil, limit: Int) throws -> [HistoryRow] {
        let statement = try prepare(Self.rowsSQL(paged: before != nil))
        if let before {
            statement.bind([
                .int(Self.microseconds(before.takenAt)), .int(before.id),
                .int(Int64(max(0, limit))),
            ])
        } else {
            statement.bind([.int(Int64(max(0, limit)))])
        }
        var rows: [HistoryRow] = []
        while try statement.step(fail: failure) {
            rows.append(
                HistoryRow(
                    id: statement.int(0), takenAt: Self.date(statement.int(1)),
                    device: statement.text(2), mode: statement.text(3),
                    objectCount: Int(statement.int(4)),
                    heaviestForce: statement.double(5), heaviestGrams: statement.double(6),
                    units: statement.text(7), step: statement.double(8)))
        }
        return rows
    }

    /// The SQL behind `rows`; with `paged`, ?1 ?2 are the cursor and ?3 the limit.
    static func rowsSQL(paged: Bool) -> String {
        let columns = "id, taken_at, device, mode, object_count, heaviest_force, heaviest_grams, units, step"
        let filter = paged ? "WHERE (taken_at, id) < (?1, ?2)" : ""
        let limit = paged ? "?3" : "?1"
        return "SELECT \(columns) FROM weighings \(filter) ORDER BY taken_at DESC, id DESC LIMIT \(limit)"
    }

    /// The whole weighing, objects in index order; nil when there is none with that id.
    public func weighing(id: Int64) throws -> Weighing? {
        let head = try prepare(
            """
            SELECT w.taken_at, w.device, w.mode, w.units, w.step, w.scale_mode, w.mode_low, w.mode_high, w.mode_grams,
                c.id, c.made_at, w.product
            FROM weighings w LEFT JOIN calibrations c ON c.id = w.calibration_id WHERE w.id = ?1
            """)
        head.bind([.int(id)])
        guard try head.step(fail: failure) else { return nil }
        var weighing = Weighing(
            id: id, takenAt: Self.date(head.int(0)), device: head.text(1),
            mode: head.text(2), objects: [], units: head.text(3), step: head.double(4),
            scaleMode: ScaleMode(stored: head.text(5), low: head.double(6), high: head.double(7), grams: head.double(8)))
        weighing.product = head.optionalText(11)
        if head.double(9) != nil { weighing.calibration = CalibrationStamp(id: head.int(9), at: Self.date(head.int(10))) }
        let objects = try prepare(
            """
            SELECT idx, x, y, force, grams, stable, tare, verdict FROM objects
            WHERE weighing_id = ?1 ORDER BY idx
            """)
        objects.bind([.int(id)])
        while try objects.step(fail: failure) {
            weighing.objects.append(
                WeighedObject(
                    index: Int(objects.int(0)), x: objects.double(1) ?? 0, y: objects.double(2) ?? 0,
                    force: objects.double(3), grams: objects.double(4), stable: objects.int(5) != 0,
                    tare: objects.double(6) ?? 0, verdict: Verdict(rawValue: objects.text(7))))
        }
        return weighing
    }

    /// Deletes a weighing and its objects; false when there was none.
    @discardableResult
    public func delete(id: Int64) throws -> Bool {
        let statement = try prepare("DELETE FROM weighings WHERE id = ?1")
        statement.bind([.int(id)])
        _ = try statement.step(fail: failure)
        return sqlite3_changes(db) > 0
    }

    /// Calls `body` with every weighing, oldest first, from one consistent snapshot.
    public func forEachWeighing(_ body: (Weighing) throws -> Void) throws {
        try execute("BEGIN")
        defer { rollbackIfOpen() }
        let ids = try prepare("SELECT id FROM weighings ORDER BY taken_at, id")
        while try ids.step(fail: failure) {
            if let weighing = try weighing(id: ids.int(0)) { try body(weighing) }
        }
    }

    /// Writes the whole history as CSV or JSON through `write`, in pieces.
    public func export(_ format: HistoryExport.Format, write: (String) throws -> Void) throws {
        switch format {
        case .csv:
            try write(HistoryExport.csvHeader)
            try forEachWeighing { try write(HistoryExport.csvLines($0)) }
        case .json:
            var first = true
            try write("[")
            try forEachWeighing { weighing in
                for object in HistoryExport.jsonObjects(weighing) {
                    try write((first ? "\n" : ",\n") + object)
                    first = false
                }
            }
            try write(first ? "]\n" : "\n]\n")
        }
    }

    /// Microseconds since 1970 (UTC), as stored.
    static func microseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
    }

    static func date(_ microseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(microseconds) / 1_000_000)
    }
}
