/// The indicator's marks in a row under the legend, left to right, wrapped
/// onto more lines where the screen is narrow. The zero and stable marks
/// keep their place while unlit, so that nothing moves when they light.
struct IndicatorRow {
    struct Mark {
        var text: String
        var color: Color
        var lit: Bool
        var rect: Rect
    }

    static let textSize = 16.0
    /// Between two marks on a line.
    static let spacing = 14.0

    var marks: [Mark] = []
    var height = 0.0

    init(_ indicator: Indicator, top: Double, width: Double, metrics: TextMetrics) {
        var items: [(String, Color, Bool)] = [(indicator.net ? Indicator.netMark : Indicator.grossMark, .ink, true)]
        if let tare = indicator.tareText { items.append((tare, .ink, true)) }
        items.append((Indicator.zeroMark, .ink, indicator.zero))
        items.append((Indicator.stableMark, .ink, indicator.stable))
        for figure in indicator.figures { items.append((figure, .grey, true)) }
        if indicator.corrected { items.append((Indicator.correctedMark, .ink, true)) }
        items.append((Indicator.notLegalMark, .warning, true))
        let line = metrics.lineHeight * Self.textSize
        let left = Flow.gap
        let right = width - Flow.gap
        var x = left
        var y = top
        for (text, color, lit) in items {
            let w = metrics.width(text, size: Self.textSize)
            if x > left, x + w > right {
                x = left
                y += line
            }
            marks.append(Mark(text: text, color: color, lit: lit, rect: Rect(x: x, y: y, width: w, height: line)))
            x += w + Self.spacing
        }
        height = marks.isEmpty ? 0 : y + line - top
    }
}

extension ScaleView {
    /// The row under `top`, its lit marks drawn on plates; returns its
    /// bottom (`top` without grams or without the buttons' legend).
    func appendIndicatorRow(_ indicator: Indicator?, below top: Double, width: Double, to scene: inout Scene) -> Double {
        guard let indicator else { return top }
        let row = IndicatorRow(indicator, top: top + 2, width: width, metrics: metrics)
        for mark in row.marks where mark.lit {
            scene.shapes.append(Self.plate(mark.rect, on: scene))
            scene.shapes.append(
                .text(mark.text, at: Point(mark.rect.x, mark.rect.y), anchor: .topLeft, size: IndicatorRow.textSize, color: mark.color))
        }
        return top + 2 + row.height
    }

    /// The row's height for the header (KioskScene puts its bar under it).
    func indicatorRowHeight(width: Double) -> Double {
        guard let indicator else { return 0 }
        return 2 + IndicatorRow(indicator, top: 0, width: width, metrics: metrics).height
    }
}
