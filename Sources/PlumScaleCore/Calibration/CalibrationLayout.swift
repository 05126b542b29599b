import Foundation

/// Where the wizard's parts are: an opaque panel on the right, its texts
/// wrapped to its width, its controls sized to the room left, at any size.
struct CalibrationLayout {
    /// One control of the wizard, where it is.
    struct Control {
        var action: CalibrationAction
        var title: String
        var rect: Rect
        /// The name the state document gives it ("zero", "key-5", "preset-1").
        var name: String { action.elementName }
    }

    /// A line of text and where its top-left corner is.
    struct Line {
        var text: String
        var size: Double
        var at: Point
        var color: Color
    }

    var panel: Rect
    var lines: [Line] = []
    var controls: [Control] = []

    static let margin = 15.0
    static let gap = 8.0

    init(wizard: CalibrationWizard, size: Size, metrics: TextMetrics, title: String, progress: Double?) {
        let width = min(460, max(320, size.width * 0.45))
        panel = Rect(x: size.width - width, y: 0, width: width, height: size.height)
        let x = panel.x + Self.margin
        let inner = width - 2 * Self.margin
        var y = 10.0
        func add(_ text: String, size: Double, color: Color) {
            for line in Flow.paragraph(text, width: inner, size: size, metrics: metrics) {
                lines.append(Line(text: line.text, size: line.size, at: Point(x, y), color: color))
                y += metrics.lineHeight * line.size
            }
        }
        add(title, size: 22, color: .ink)
        y += 4
        // The message has room for three lines whatever it says, so the
        // controls below never move while the user works.
        let messageTop = y
        let messageSize =
            [15.0, 13, 12].first {
                Flow.wrap(wizard.message, width: inner, size: $0, metrics: metrics).count <= 3
            } ?? 12
        for line in Flow.paragraph(wizard.message, width: inner, size: messageSize, metrics: metrics).prefix(3) {
            lines.append(Line(text: line.text, size: line.size, at: Point(x, y), color: .ink))
            y += metrics.lineHeight * messageSize
        }
        y = messageTop + 3 * metrics.lineHeight * 15 + 4
        add(Self.status(of: wizard), size: 18, color: .blue)
        let progressTop = y
        if let progress { add("stable: \(Int(progress * 100))%", size: 18, color: .grey) }
        y = progressTop + metrics.lineHeight * 18 + Self.gap
        let cancel = Rect(x: x, y: size.height - Self.margin - Flow.buttonHeight, width: min(120, inner), height: Flow.buttonHeight)
        controls.append(Control(action: .cancelTapped, title: "Cancel", rect: cancel))
        let area = Rect(x: x, y: y, width: inner, height: max(cancel.y - Self.gap - y, 0))
        switch wizard.step {
        case .clear:
            let zero = Self.row(area, height: 56)
            controls.append(Control(action: .zeroTapped, title: "Zero", rect: zero))
            // Under it: what does not register is weighed on a carrier.
            let below = Rect(x: area.x, y: zero.maxY + Self.gap, width: area.width, height: area.maxY - zero.maxY - Self.gap)
            let carrier = Self.row(below, height: 56)
            controls.append(Control(action: .zeroWithCarrierTapped, title: "Zero with carrier", rect: carrier))
            if wizard.offersEccentricity {
                let rest = Rect(x: area.x, y: carrier.maxY + Self.gap, width: area.width, height: area.maxY - carrier.maxY - Self.gap)
                controls.append(Control(action: .eccentricityTapped, title: "Eccentricity test", rect: Self.row(rest, height: 56)))
            }
        case .place:
            layOutKeypad(in: area, metrics: metrics)
            // Capture beside Cancel: the mass is taken only when confirmed.
            let capture = Rect(
                x: cancel.maxX + Self.gap, y: cancel.y, width: max(inner - cancel.width - Self.gap, 0), height: cancel.height)
            controls.append(Control(action: .captureTapped, title: "Capture", rect: capture))
        case .captured:
            let row = Self.row(area, height: 56)
            let half = (row.width - Self.gap) / 2
            controls.append(
                Control(action: .anotherTapped, title: "Add another", rect: Rect(x: row.x, y: row.y, width: half, height: row.height)))
            if wizard.fit != nil {
                controls.append(
                    Control(
                        action: .finishTapped, title: "Finish",
                        rect: Rect(x: row.x + half + Self.gap, y: row.y, width: half, height: row.height)))
            }
        case .review:
            let row = Self.row(area, height: 56)
            controls.append(
                Control(action: .saveTapped, title: "Save", rect: Rect(x: row.x, y: row.y, width: row.width / 2, height: row.height)))
        case .refused:
            break
        }
    }

    /// The wizard's line under its message: the mass typed so far, or, at
    /// the review, what the fit to be saved weighs at full scale.
    static func status(of wizard: CalibrationWizard) -> String {
        if wizard.step == .review, let fit = wizard.fit {
            return "fit: 100% = \(Plum.grams(fit.grams(forForce: 1))) · points: \(wizard.points.count)"
        }
        return "mass: \(wizard.massText.isEmpty ? "–" : wizard.massText + " g") · points: \(wizard.points.count)"
    }

    /// A full-width row at the top of `area`, at most `height` tall.
    private static func row(_ area: Rect, height: Double) -> Rect {
        Rect(x: area.x, y: area.y, width: area.width, height: min(height, max(area.height, 0)))
    }

    /// Twelve keys (1-9, ".", 0, ⌫) in three columns, the coins in a column
    /// beside them, both as tall as the room allows.
    private mutating func layOutKeypad(in area: Rect, metrics: TextMetrics) {
        let gap = 6.0
        let keyHeight = min(54, (area.height - 3 * gap) / 4)
        let keyWidth = min(84, (area.width * 0.6 - 2 * gap) / 3)
        let keys: [CalibrationAction] = (1...9).map { .digitTyped($0) } + [.decimalPointTyped, .digitTyped(0), .backspaceTapped]
        for (i, key) in keys.enumerated() {
            let rect = Rect(
                x: area.x + Double(i % 3) * (keyWidth + gap), y: area.y + Double(i / 3) * (keyHeight + gap), width: keyWidth,
                height: keyHeight)
            controls.append(Control(action: key, title: key.keyTitle, rect: rect))
        }
        let coinsX = area.x + 3 * (keyWidth + gap) + gap
        let coinWidth = area.maxX - coinsX
        let coins = CalibrationWizard.presets
        let coinHeight = (4 * keyHeight + 3 * gap - Double(coins.count - 1) * gap) / Double(coins.count)
        for (i, coin) in coins.enumerated() {
            let rect = Rect(x: coinsX, y: area.y + Double(i) * (coinHeight + gap), width: coinWidth, height: coinHeight)
            controls.append(
                Control(
                    action: .presetChosen(coin), title: "\(coin.name) \(String(format: "%.2f", coin.grams)) g", rect: rect))
        }
    }
}
