/// The history table's columns: the weighing's number, when, how many
/// objects, the heaviest reading, and a chevron saying the row opens. One
/// text size for the whole table, the largest at which the widest row fits.
struct HistoryColumns {
    var size: Double
    var id: Double
    var time: Double
    var objects: Double
    /// The right edge of the heaviest reading.
    var heaviest: Double
    var chevron: Double
    let metrics: TextMetrics

    static let headers = ["#", "Taken", "Objects", "Heaviest"]

    init(rows: [(HistoryRow, String)], width: Double, metrics: TextMetrics) {
        self.metrics = metrics
        let gap = 24.0
        let margin = 16.0
        let chevronWidth = 24.0
        func widest(_ texts: [String], _ size: Double) -> Double { texts.map { metrics.width($0, size: size) }.max() ?? 0 }
        let ids = rows.map { "#\($0.0.id)" } + ["#"]
        let times = rows.map(\.1) + ["Taken"]
        let counts = rows.map { Self.objects($0.0) } + ["Objects"]
        let readings = rows.map { Self.heaviest($0.0) } + ["Heaviest"]
        let natural = widest(ids, 22) + widest(times, 22) + widest(counts, 22) + widest(readings, 22) + 3 * gap
        let room = width - 2 * margin - chevronWidth - gap
        size = natural > room ? max(11, (22 * room / natural).rounded(.down)) : 22
        let s = size
        let g = gap * s / 22
        id = margin
        time = id + widest(ids, s) + g
        objects = time + widest(times, s) + g
        chevron = width - margin - chevronWidth
        heaviest = chevron - g / 2
    }

    static func objects(_ row: HistoryRow) -> String { "\(row.objectCount) object\(row.objectCount == 1 ? "" : "s")" }

    static func heaviest(_ row: HistoryRow) -> String {
        row.heaviestGrams.map { Plum.grams($0) }
            ?? Plum.label(force: row.heaviestForce, mode: ForceMode(rawValue: row.mode) ?? .position) ?? "no force"
    }

    func append(_ row: HistoryRow, label: String, in rect: Rect, into scene: inout Scene) {
        let y = rect.y + (rect.height - metrics.lineHeight * size) / 2
        scene.shapes.append(.text("#\(row.id)", at: Point(id, y), anchor: .topLeft, size: size, color: .grey))
        scene.shapes.append(.text(label, at: Point(time, y), anchor: .topLeft, size: size, color: .ink))
        scene.shapes.append(.text(Self.objects(row), at: Point(objects, y), anchor: .topLeft, size: size, color: .grey))
        scene.shapes.append(.text(Self.heaviest(row), at: Point(heaviest, y), anchor: .topRight, size: size, color: .blue))
        scene.shapes.append(.text("›", at: Point(chevron + 12, y), anchor: .topCenter, size: size, color: .grey))
    }

    func appendHeaders(y: Double, into scene: inout Scene) {
        let s = min(size, 16)
        scene.shapes.append(.text("#", at: Point(id, y), anchor: .topLeft, size: s, color: .grey))
        scene.shapes.append(.text("Taken", at: Point(time, y), anchor: .topLeft, size: s, color: .grey))
        scene.shapes.append(.text("Objects", at: Point(objects, y), anchor: .topLeft, size: s, color: .grey))
        scene.shapes.append(.text("Heaviest", at: Point(heaviest, y), anchor: .topRight, size: s, color: .grey))
    }
}
