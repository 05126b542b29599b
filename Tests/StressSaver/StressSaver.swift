import Foundation
import PlumScale
import PlumScaleCore

/// Saves weighings and acknowledges each after commit.
enum StressSaver {
    /// Saves `count` generated weighings into the history at `path`, calling
    /// `ack` with each id only after its transaction committed.
    static func saveLoop(path: String, count: Int, ack: (Int64) throws -> Void = printAck) throws {
        let store = try HistoryStore(path: path)
        for n in 0..<max(0, count) {
            try ack(try store.save(weighing(n)))
        }
    }

    /// Writes "saved <id>\n" to stdout with one unbuffered write(2); throws
    /// when the parent stopped reading.
    static func printAck(_ id: Int64) throws {
        try StandardStreams.out("saved \(id)\n")
    }

    /// The n-th generated weighing: 1 + n % 5 objects, so a torn save is detectable.
    static func weighing(_ n: Int) -> Weighing {
        let objects = (0...(n % 5)).map { i in
            WeighedObject(
                index: i, x: Double(100 + 150 * i), y: 360, force: Double(i + 1) / 10,
                grams: Double(n), stable: i % 2 == 0, tare: 0.01)
        }
        return Weighing(
            takenAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(n)),
            device: "stress \(n) objects \(objects.count)", mode: "force", objects: objects)
    }
}
