import Foundation
import PlumScaleCore

/// The schema, versioned by PRAGMA user_version: migration i takes a database
/// from version i to i + 1, in one transaction.
extension HistoryStore {
    /// The newest schema this build knows.
    public static var schemaVersion: Int { migrations.count }

    static let migrations: [String] = [
        // v1: weighings and their objects. taken_at: microseconds since 1970, UTC.
        """
        CREATE TABLE weighings(
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            taken_at INTEGER NOT NULL,
            device TEXT NOT NULL,
            mode TEXT NOT NULL CHECK (mode IN ('force', 'area', 'position')));
        CREATE TABLE objects(
            weighing_id INTEGER NOT NULL REFERENCES weighings(id) ON DELETE CASCADE,
            idx INTEGER NOT NULL,
            x REAL NOT NULL,
            y REAL NOT NULL,
            force REAL,
            grams REAL,
            stable INTEGER NOT NULL CHECK (stable IN (0, 1)),
            tare REAL NOT NULL DEFAULT 0,
            PRIMARY KEY (weighing_id, idx)) WITHOUT ROWID;
        """,
        // v2: the table's summary kept on the weighing (backfilled; the order
        // mirrors Weighing.heaviest), and the index for newest-first keyset pages.
        """
        ALTER TABLE weighings ADD COLUMN object_count INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE weighings ADD COLUMN heaviest_force REAL;
        ALTER TABLE weighings ADD COLUMN heaviest_grams REAL;
        UPDATE weighings SET object_count =
            (SELECT count(*) FROM objects o WHERE o.weighing_id = weighings.id);
        UPDATE weighings SET (heaviest_force, heaviest_grams) =
            (SELECT force, grams FROM objects o
             WHERE o.weighing_id = weighings.id AND (o.grams IS NOT NULL OR o.force IS NOT NULL)
             ORDER BY o.grams IS NULL, o.grams DESC, o.force IS NULL, o.force DESC, o.idx
             LIMIT 1);
        CREATE INDEX weighings_by_time ON weighings(taken_at, id);
        """,
        // v3: the units the masses were shown in, and the display step d in
        // them (grams stay grams). Older weighings were shown in grams to
        // 0.1 g: 'g' and NULL say so.
        """
        ALTER TABLE weighings ADD COLUMN units TEXT NOT NULL DEFAULT 'g' CHECK (units IN ('g', 'oz', 'lb'));
        ALTER TABLE weighings ADD COLUMN step REAL;
        """,
        // v4: the fleet's outbox (issue 18): each weighing to publish, its
        // topic and payload made when it was saved, in the same transaction;
        // a row leaves only when the broker acknowledged it. No foreign key:
        // a weighing deleted before the broker came back is still delivered.
        """
        CREATE TABLE outbox(
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            weighing_id INTEGER NOT NULL,
            topic TEXT NOT NULL,
            payload TEXT NOT NULL);
        """,
        // v5: each weighing's id for ever (issue 27): a random UUID, so a
        // consumer deduplicating by it keeps a reinstalled station's
        // weighings (row ids start again at 1 in a new database). Rows
        // from before get one now; the row id stays as it was.
        """
        ALTER TABLE weighings ADD COLUMN uuid TEXT;
        UPDATE weighings SET uuid = lower(
            hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
            || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)));
        CREATE UNIQUE INDEX weighings_by_uuid ON weighings(uuid);
        """,
        // v6: the scale's mode (issue 28) with its settings: check's limits,
        // or the piece's or reference's grams; each object's check verdict.
        // Weighings from before were plain weighings: 'weigh' and NULLs.
        """
        ALTER TABLE weighings ADD COLUMN scale_mode TEXT NOT NULL DEFAULT 'weigh'
            CHECK (scale_mode IN ('weigh', 'check', 'count', 'percent'));
        ALTER TABLE weighings ADD COLUMN mode_low REAL;
        ALTER TABLE weighings ADD COLUMN mode_high REAL;
        ALTER TABLE weighings ADD COLUMN mode_grams REAL;
        ALTER TABLE objects ADD COLUMN verdict TEXT CHECK (verdict IN ('under', 'ok', 'over'));
        """,
        // v7: the calibration log (issue 28): each calibration saved,
        // replaced or removed, with who did it, its points (JSON) and fit;
        // append-only, the triggers refuse any change. Each weighing in
        // grams names the device's latest row when it was saved (older
        // weighings: NULL, their calibration was never logged).
        """
        CREATE TABLE calibrations(
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            made_at INTEGER NOT NULL,
            role TEXT NOT NULL CHECK (role IN ('user', 'operator')),
            device TEXT NOT NULL,
            action TEXT NOT NULL CHECK (action IN ('saved', 'replaced', 'removed')),
            points TEXT NOT NULL,
            slope REAL,
            intercept REAL,
            r_squared REAL,
            max_residual_g REAL);
        CREATE INDEX calibrations_by_device ON calibrations(device, id);
        CREATE TRIGGER calibrations_never_updated BEFORE UPDATE ON calibrations
            BEGIN SELECT RAISE(ABORT, 'the calibration log is append-only'); END;
        CREATE TRIGGER calibrations_never_deleted BEFORE DELETE ON calibrations
            BEGIN SELECT RAISE(ABORT, 'the calibration log is append-only'); END;
        ALTER TABLE weighings ADD COLUMN calibration_id INTEGER REFERENCES calibrations(id);
        """,
        // v8 (issue 28): the product whose limits a check-weighing used
        // (NULL before, and without one); the eccentricity tests saved or
        // removed, in the calibration log beside the calibrations, as
        // append-only: readings, gains (JSON, by place) and the largest
        // difference in grams and in d.
        """
        ALTER TABLE weighings ADD COLUMN product TEXT;
        CREATE TABLE eccentricity_tests(
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            made_at INTEGER NOT NULL,
            role TEXT NOT NULL CHECK (role IN ('user', 'operator')),
            device TEXT NOT NULL,
            action TEXT NOT NULL CHECK (action IN ('saved', 'removed')),
            readings TEXT NOT NULL,
            gains TEXT,
            largest_difference_g REAL NOT NULL,
            largest_difference_d REAL NOT NULL);
        CREATE TRIGGER eccentricity_tests_never_updated BEFORE UPDATE ON eccentricity_tests
            BEGIN SELECT RAISE(ABORT, 'the calibration log is append-only'); END;
        CREATE TRIGGER eccentricity_tests_never_deleted BEFORE DELETE ON eccentricity_tests
            BEGIN SELECT RAISE(ABORT, 'the calibration log is append-only'); END;
        """,
    ]

    /// Applies the migrations from the database's version up to `target`.
    func migrate(to target: Int = HistoryStore.schemaVersion) throws {
        while try userVersion() < target {
            try execute("BEGIN IMMEDIATE")
            do {
                let version = try userVersion()  // another process may have migrated
                if version < target {
                    try execute(Self.migrations[version])
                    try execute("PRAGMA user_version = \(version + 1)")
                }
                try execute("COMMIT")
            } catch {
                rollbackIfOpen()
                throw error
            }
        }
    }
}
