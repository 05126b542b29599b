import CSQLite
import Foundation
import PlumScaleCore

/// One eccentricity test in the calibration log (the `eccentricity_tests`
/// table, schema v8): its gain map saved or removed, never rewritten.
public struct EccentricityEntry: Equatable, Sendable {
    public enum Action: String, Equatable, Sendable {
        /// A gain map was saved (the largest difference exceeded d).
        case saved
        /// The map in use was removed (the test found the panel within d).
        case removed
    }

    public var id: Int64
    public var at: Date
    public var role: CalibrationRole
    public var device: String
    public var action: Action
    /// Grams read at each place, uncorrected.
    public var readings: [EccentricityTest.Place: Double]
    /// The map's gain at each place; empty when removed.
    public var gains: [EccentricityTest.Place: Double]
    public var largestDifferenceGrams: Double
    public var inD: Double
}

extension HistoryStore {
    /// Runs `write` (the config file's save of the map) inside the
    /// transaction that appends the test's row. `write`'s error is thrown
    /// and nothing is logged; a failure of the log itself never undoes the
    /// save: it is returned, nil when the row is in.
    public func logEccentricity(
        _ test: EccentricityRecord, map: GainMap?, device: String, role: CalibrationRole, at: Date, write: () throws -> Void
    ) throws -> String? {
        var problem: String?
        do {
            try execute("BEGIN IMMEDIATE")
        } catch {
            problem = "\(error)"
        }
        do {
            try write()
        } catch {
            rollbackIfOpen()
            throw error
        }
        if let problem { return problem }
        do {
            let insert = try prepare(
                """
                INSERT INTO eccentricity_tests(made_at, role, device, action, readings, gains, largest_difference_g, largest_difference_d)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                """)
            insert.bind([
                .int(Self.microseconds(at)), .text(role.rawValue), .text(Self.storedName(device)),
                .text((map == nil ? EccentricityEntry.Action.removed : .saved).rawValue),
                .text(EccentricityRecord.placesJSON(test.readings).compactText),
                map.map { .text(EccentricityRecord.placesJSON($0.gains).compactText) },
                .double(test.largestDifferenceGrams), .double(test.inD),
            ])
            _ = try insert.step(fail: failure)
            try execute("COMMIT")
            return nil
        } catch {
            rollbackIfOpen()
            return "\(error)"
        }
    }

    /// The eccentricity tests logged, newest first, at most `limit` rows.
    public func eccentricityTests(limit: Int) throws -> [EccentricityEntry] {
        let statement = try prepare(
            """
            SELECT id, made_at, role, device, action, readings, gains, largest_difference_g, largest_difference_d
            FROM eccentricity_tests ORDER BY id DESC LIMIT ?1
            """)
        statement.bind([.int(Int64(max(0, limit)))])
        func places(_ column: Int32) -> [EccentricityTest.Place: Double] {
            EccentricityRecord.places(statement.optionalText(column).flatMap { try? JSONParser.parse(Data($0.utf8)) })
        }
        var entries: [EccentricityEntry] = []
        while try statement.step(fail: failure) {
            entries.append(
                EccentricityEntry(
                    id: statement.int(0), at: Self.date(statement.int(1)), role: CalibrationRole(rawValue: statement.text(2)) ?? .user,
                    device: statement.text(3), action: EccentricityEntry.Action(rawValue: statement.text(4)) ?? .saved,
                    readings: places(5), gains: places(6), largestDifferenceGrams: statement.double(7) ?? .nan,
                    inD: statement.double(8) ?? .nan))
        }
        return entries
    }

    /// How many eccentricity tests the log has.
    public func eccentricityTestCount() throws -> Int {
        Int(try strings("SELECT count(*) FROM eccentricity_tests").first ?? "0") ?? 0
    }
}
