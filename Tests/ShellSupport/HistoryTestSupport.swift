import Foundation

@testable import PlumScale
@testable import PlumScaleCore

/// A fresh directory under /tmp for one test, removed by `remove()`.
struct ScratchDirectory {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "plumscale-history-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    var database: String { path + "/history.sqlite3" }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// A weighing with `count` objects at a whole-second time (stored times are microseconds).
func sampleWeighing(
    at seconds: Double = 1_714_564_800, count: Int = 3,
    device: String = "Wacom, \"Pen\" Touch", mode: String = "force"
) -> Weighing {
    let objects = (0..<count).map { i in
        WeighedObject(
            index: i, x: 200 + Double(i) * 300, y: 360, force: 0.2 + Double(i) * 0.1,
            grams: mode == "force" ? 50 + Double(i) * 25 : nil, stable: i != 1,
            tare: 0.02)
    }
    return Weighing(
        takenAt: Date(timeIntervalSince1970: seconds), device: device, mode: mode,
        objects: objects)
}

/// The file's bytes, or empty when it cannot be read.
func bytes(_ path: String) -> Data {
    FileManager.default.contents(atPath: path) ?? Data()
}
