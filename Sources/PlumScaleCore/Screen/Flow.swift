/// The one layout pass the screens share: rows of buttons that fit the
/// width (wrapping onto more rows, or dropping the key hints, when they do
/// not), and texts that wrap or shrink to the room they have.
public enum Flow {
    /// Button metrics, in logical pixels.
    public static let buttonHeight = 44.0
    public static let gap = 10.0
    public static let padding = 14.0
    public static let buttonText = 18.0

    /// Rectangles for buttons titled `titles`, right-aligned on rows that
    /// grow upwards from `bottom`, each no wider than `width` allows.
    public static func buttonRows(
        _ titles: [String], right: Double, bottom: Double, width: Double, metrics: TextMetrics
    ) -> [Rect] {
        let widths = titles.map { min(metrics.width($0, size: buttonText) + 2 * padding, width) }
        var rows: [[Int]] = [[]]
        var used = 0.0
        for (i, w) in widths.enumerated() {
            let extra = rows[rows.count - 1].isEmpty ? w : gap + w
            if used + extra > width, !rows[rows.count - 1].isEmpty {
                rows.append([i])
                used = w
            } else {
                rows[rows.count - 1].append(i)
                used += extra
            }
        }
        var rects = Array(repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: titles.count)
        for (r, row) in rows.enumerated() {
            let y = bottom - Double(rows.count - r) * buttonHeight - Double(rows.count - r - 1) * gap
            var x = right
            for i in row.reversed() {
                x -= widths[i]
                rects[i] = Rect(x: x, y: y, width: widths[i], height: buttonHeight)
                x -= gap
            }
        }
        return rects
    }

    /// `text` broken into lines no wider than `width` at `size` (words kept
    /// whole; a word wider than the line is shrunk by the caller).
    public static func wrap(_ text: String, width: Double, size: Double, metrics: TextMetrics) -> [String] {
        // A text that fits is its one line: measured once, not word by word
        // (the footer's lines are wrapped on every scene).
        guard !text.isEmpty else { return [] }
        if metrics.width(text, size: size) <= width { return [text] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if !line.isEmpty, metrics.width(candidate, size: size) > width {
                lines.append(line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Lines of `text` that fit `width`: wrapped at `size`, each line shrunk
    /// (down to `minimum`) if a single word is still too wide.
    public static func paragraph(
        _ text: String, width: Double, size: Double, minimum: Double = 12, metrics: TextMetrics
    ) -> [(text: String, size: Double)] {
        wrap(text, width: width, size: size, metrics: metrics).map { line in
            (line, metrics.size(fitting: line, width: width, preferred: size, minimum: minimum))
        }
    }
}
