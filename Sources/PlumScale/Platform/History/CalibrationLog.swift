import CSQLite
import Foundation
import PlumScaleCore

/// One row of the calibration log (the `calibrations` table, schema v7):
/// a calibration saved, replaced or removed, never rewritten.
public struct CalibrationEntry: Equatable, Sendable {
    public enum Action: String, Equatable, Sendable {
        /// The device had no calibration before.
        case saved
        /// It replaced the device's calibration.
        case replaced
        /// The device's calibration was taken out (no points, no fit).
        case removed
    }

    public var id: Int64
    /// When it was made (the wall clock, microseconds stored).
    public var at: Date
    public var role: CalibrationRole
    public var device: String
    public var action: Action
    public var points: [CalibrationPoint]
    /// grams = slope · force + intercept; nil when removed.
    public var slope: Double?
    public var intercept: Double?
    /// R² and the largest residual in grams, from 3 points on (a line fits
    /// any 2: both say nothing then, and are NULL).
    public var rSquared: Double?
    public var maxResidualGrams: Double?

    public var stamp: CalibrationStamp { CalibrationStamp(id: id, at: at) }
}

extension HistoryStore {
    /// Runs `write` (the config file's save, returning whether it replaced
    /// the device's calibration) inside the transaction that appends its
    /// row. `write`'s error is thrown and nothing is logged. A failure of
    /// the log itself never undoes the save: it comes back as `problem`.
    public func logCalibration(
        _ points: [CalibrationPoint], device: String, role: CalibrationRole, at: Date, write: () throws -> Bool
    ) throws -> (stamp: CalibrationStamp?, problem: String?) {
        var problem: String?
        do {
            try execute("BEGIN IMMEDIATE")
        } catch {
            problem = "\(error)"
        }
        let replaced: Bool
        do {
            replaced = try write()
        } catch {
            rollbackIfOpen()
            throw error
        }
        if let problem { return (nil, problem) }
        do {
            let fit = try? CalibrationFit(points: points)
            let checked = fit?.linearityChecked == true
            let insert = try prepare(
                """
                INSERT INTO calibrations(made_at, role, device, action, points, slope, intercept, r_squared, max_residual_g)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
                """)
            insert.bind([
                .int(Self.microseconds(at)), .text(role.rawValue), .text(Self.storedName(device)),
                .text((replaced ? CalibrationEntry.Action.replaced : .saved).rawValue), .text(Self.pointsText(points)),
                fit.map { .double($0.slope) }, fit.map { .double($0.intercept) },
                checked ? fit.map { .double($0.rSquared) } : nil, checked ? fit.map { .double($0.maxResidualGrams) } : nil,
            ])
            _ = try insert.step(fail: failure)
            let id = sqlite3_last_insert_rowid(db)
            try execute("COMMIT")
            return (CalibrationStamp(id: id, at: Self.date(Self.microseconds(at))), nil)
        } catch {
            rollbackIfOpen()
            return (nil, "\(error)")
        }
    }

    /// The log, newest first, at most `limit` rows.
    public func calibrations(limit: Int) throws -> [CalibrationEntry] {
        let statement = try prepare(
            """
            SELECT id, made_at, role, device, action, points, slope, intercept, r_squared, max_residual_g
            FROM calibrations ORDER BY id DESC LIMIT ?1
            """)
        statement.bind([.int(Int64(max(0, limit)))])
        var entries: [CalibrationEntry] = []
        while try statement.step(fail: failure) {
            entries.append(
                CalibrationEntry(
                    id: statement.int(0), at: Self.date(statement.int(1)), role: CalibrationRole(rawValue: statement.text(2)) ?? .user,
                    device: statement.text(3), action: CalibrationEntry.Action(rawValue: statement.text(4)) ?? .saved,
                    points: Self.points(statement.text(5)), slope: statement.double(6), intercept: statement.double(7),
                    rSquared: statement.double(8), maxResidualGrams: statement.double(9)))
        }
        return entries
    }

    /// How many rows the log has.
    public func calibrationCount() throws -> Int { Int(try strings("SELECT count(*) FROM calibrations").first ?? "0") ?? 0 }

    /// Each device's latest row that is not a removal (the due date's start).
    public func latestCalibrations() throws -> [String: CalibrationStamp] {
        let statement = try prepare(
            """
            SELECT device, id, made_at FROM calibrations c
            WHERE id = (SELECT max(id) FROM calibrations WHERE device = c.device) AND action != 'removed'
            """)
        var latest: [String: CalibrationStamp] = [:]
        while try statement.step(fail: failure) {
            latest[statement.text(0)] = CalibrationStamp(id: statement.int(1), at: Self.date(statement.int(2)))
        }
        return latest
    }

    /// The points as JSON, `[{"force":0.1,"grams":5}, ...]`, as the config file has them.
    static func pointsText(_ points: [CalibrationPoint]) -> String {
        "[" + points.map { "{\"force\":\($0.force),\"grams\":\($0.grams)}" }.joined(separator: ",") + "]"
    }

    static func points(_ text: String) -> [CalibrationPoint] {
        guard case .array(let items)? = try? JSONParser.parse(Data(text.utf8)) else { return [] }
        return items.compactMap { item in
            guard case .number(let force)? = item["force"], case .number(let grams)? = item["grams"] else { return nil }
            return CalibrationPoint(force: force, grams: grams)
        }
    }
}
