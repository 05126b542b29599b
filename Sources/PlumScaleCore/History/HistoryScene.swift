import Foundation

/// The history's screens as they are drawn: the table with Peek & Pop, and
/// one weighing's detail. A function of their own state (HistoryBrowser,
/// HistoryDetail) and of what the root lends every view: the layout, the
/// font's metrics, the time zone, and what the source measures (the hint
/// says "press harder" only where touches carry force).
struct HistoryView {
    var layout: Layout
    var metrics: TextMetrics
    var timeZone: TimeZone
    var sourceMode: ForceMode

    static let dim = Color(20, 20, 30)

    /// The table, then the hint's dimming (following the force) and the
    /// preview card with its actions.
    func scene(_ browser: HistoryBrowser) -> Scene {
        var scene = Scene(layout: layout)
        let size = layout.size
        let visible = browser.visibleIndices(height: size.height)
        let shown = visible.compactMap { index in browser.row(at: index).map { (index, $0.row, $0.label) } }
        let columns = HistoryColumns(rows: shown.map { ($0.1, $0.2) }, width: size.width, metrics: metrics)
        var pressedRow: (Rect, HistoryRow, String)?
        let viewport = Rect(x: 0, y: HistoryBrowser.top, width: size.width, height: size.height - HistoryBrowser.top)
        for (index, row, label) in shown {
            let rect = browser.rowRect(index, width: size.width)
            appendRow(
                row, label: label, rect: rect, viewport: viewport, columns: columns, selected: index == browser.selected, into: &scene)
            if browser.peek.row == row.id { pressedRow = (rect, row, label) }
        }
        if browser.knownCount == 0, !browser.requested.contains(0) {
            let empty = "No weighings yet. Press Record (space) on the scale."
            for (i, line) in Flow.paragraph(empty, width: size.width - 40, size: 24, metrics: metrics).enumerated() {
                scene.shapes.append(
                    .text(
                        line.text, at: Point(size.width / 2, size.height / 2 + Double(i) * 30), anchor: .center, size: line.size,
                        color: .grey))
            }
        }
        scene.shapes.append(.rect(Rect(x: 0, y: 0, width: size.width, height: HistoryBrowser.top - 2), color: Color(245, 245, 250)))
        let back = HistoryLayout.back
        let titleRoom = size.width - 2 * (back.maxX + 10)
        let titleSize = metrics.size(fitting: "History", width: titleRoom, preferred: 28, minimum: 14)
        scene.shapes.append(.text("History", at: Point(size.width / 2, 16), anchor: .topCenter, size: titleSize, color: .ink))
        scene.appendButton("back", "‹ Back", back, control: .historyBack)
        if !shown.isEmpty { columns.appendHeaders(y: HistoryBrowser.top - 26, into: &scene) }
        appendPeek(browser, pressedRow, columns: columns, into: &scene)
        return scene
    }

    private func appendRow(
        _ row: HistoryRow, label: String, rect: Rect, viewport: Rect, columns: HistoryColumns, selected: Bool,
        into scene: inout Scene
    ) {
        scene.shapes.append(.rect(rect, color: selected ? Color(225, 232, 255) : Color(250, 250, 252)))
        // A row half scrolled out shows its background only: no text is ever cut.
        guard viewport.contains(rect, tolerance: 0.5) else {
            let visible = Rect(
                x: rect.x, y: max(rect.y, viewport.y), width: rect.width, height: min(rect.maxY, viewport.maxY) - max(rect.y, viewport.y))
            if visible.height >= 8 { scene.elements.append(Element(kind: .row, weighingID: row.id, rect: visible)) }
            return
        }
        columns.append(row, label: label, in: rect, into: &scene)
        scene.elements.append(Element(kind: .row, weighingID: row.id, rect: rect))
    }

    /// What the preview says to do next, in the words of the input that
    /// showed it: pressing harder where touches carry force, holding where
    /// they do not, the mouse's and the keyboard's own ways otherwise; each
    /// notch of the wheel shows how many are left.
    func peekHint(_ browser: HistoryBrowser) -> String {
        let pressing = browser.press != nil
        switch browser.peekedBy {
        case .keyboard?:
            return "Enter opens · release space to close"
        case .mouse? where pressing:
            return "keep holding to open · drag up for actions"
        case .mouse?:
            return "click it to open · wheel up ×\(wheelNotchesToOpen(browser)) opens · drag it up for actions · Esc closes"
        case _ where pressing && sourceMode == .force:
            return "press harder to open · swipe up for actions"
        case _ where pressing:
            return "keep holding to open · swipe up for actions"
        default:
            return "tap it to open · swipe it up for actions · tap outside to close"
        }
    }

    /// Wheel notches still needed to pop the preview open (at least 1).
    func wheelNotchesToOpen(_ browser: HistoryBrowser) -> Int {
        let config = browser.peek.config
        let left = (1 - browser.peek.progress) * (config.popForce - config.peekForce) / config.wheelStep
        return max(1, Int((left - 1e-9).rounded(.up)))
    }

    /// Hint: everything but the pressed row dims as the force rises. Peek:
    /// the preview card. Actions: Open, Export, Delete under it; Delete asks
    /// again, in red, beside a Cancel, away from where Delete was.
    private func appendPeek(
        _ browser: HistoryBrowser, _ pressed: (Rect, HistoryRow, String)?, columns: HistoryColumns, into scene: inout Scene
    ) {
        let size = layout.size
        let phase = browser.peek.phase
        guard phase != .none, phase != .pop else { return }
        let amount = phase == .hint ? browser.peek.progress : 1
        // Everything but the pressed row blurs and dims as the force rises.
        if amount > 0.05 { scene.shapes.append(.blur(radius: 6 * amount)) }
        scene.beginModal(dim: Color(Self.dim.r, Self.dim.g, Self.dim.b, UInt8(150 * amount)))
        if phase == .hint, let (rect, row, label) = pressed {
            scene.shapes.append(.rect(rect, color: Color(225, 232, 255)))
            columns.append(row, label: label, in: rect, into: &scene)
            return
        }
        let card = HistoryLayout.previewRect(size: size)
        scene.shapes.append(.rect(card, color: .white))
        scene.elements.append(Element(kind: .preview, weighingID: browser.peek.row ?? 0, rect: card))
        if let weighing = browser.preview {
            appendWeighing(weighing, in: card, into: &scene)
        } else {
            scene.shapes.append(.text("Loading…", at: card.center, anchor: .center, size: 22, color: .grey))
        }
        switch phase {
        case .actions:
            for (action, rect) in HistoryLayout.actionRects(size: size, actions: browser.actions) {
                scene.appendButton(action.rawValue, action.rawValue.capitalized, rect, kind: .action)
            }
        case .confirmDelete:
            let buttons = HistoryLayout.confirmRects(size: size, actions: browser.actions)
            appendDeleteQuestion(row: browser.peek.row, between: buttons.map(\.rect), into: &scene)
            for (name, rect) in buttons {
                let delete = name == "delete"
                scene.appendButton(
                    delete ? "delete" : "cancel", delete ? "Delete for good" : "Cancel", rect, kind: .action,
                    textSize: metrics.size(fitting: "Delete for good", width: rect.width - 8, preferred: 18, minimum: 11),
                    color: delete ? Self.deleteRed : Color(232, 232, 240), textColor: delete ? .white : .ink)
            }
        default:
            let hint = peekHint(browser)
            let hintSize = metrics.size(fitting: hint, width: size.width - 20, preferred: 18, minimum: 11)
            scene.shapes.append(
                .text(hint, at: Point(card.center.x, card.maxY + 12), anchor: .topCenter, size: hintSize, color: .white))
        }
    }

    static let deleteRed = Color(196, 30, 30)

    /// The preview's confirmation says what it asks, under "Delete for
    /// good" and Cancel, across both: the whole question, or none of it.
    private func appendDeleteQuestion(row: Int64?, between buttons: [Rect], into scene: inout Scene) {
        guard let left = buttons.first, let right = buttons.last else { return }
        let top = max(left.maxY, right.maxY) + 6
        let room = Rect(x: left.x, y: top, width: right.maxX - left.x, height: layout.size.height - top - 4)
        let question = "Delete weighing #\(row ?? 0) for good? It cannot be undone."
        // One line where it fits in one, else the lines of a paragraph.
        let oneLine = metrics.size(fitting: question, width: room.width, preferred: 16, minimum: 11)
        let lines =
            metrics.width(question, size: oneLine) <= room.width
            ? [(text: question, size: oneLine)]
            : Flow.paragraph(question, width: room.width, size: 16, minimum: 11, metrics: metrics).map { (text: $0.text, size: $0.size) }
        guard lines.reduce(0, { $0 + metrics.lineHeight * $1.size }) <= room.height else { return }
        var y = room.y
        for line in lines {
            scene.shapes.append(.text(line.text, at: Point(room.center.x, y), anchor: .topCenter, size: line.size, color: .white))
            y += metrics.lineHeight * line.size
        }
    }

    /// A recorded weighing drawn as it was, scaled into `rect` with its
    /// shape kept, by the same drawing code as the live scale; its title
    /// along the top.
    func appendWeighing(_ weighing: Weighing, in rect: Rect, titled: Bool = true, into scene: inout Scene) {
        var area = rect
        if titled {
            let title =
                "#\(weighing.id ?? 0) · \(HistoryText.localTime(weighing.takenAt, timeZone: timeZone)) · \(weighing.device) · \(weighing.mode)"
            let titleSize = metrics.size(fitting: title, width: rect.width - 20, preferred: 16, minimum: 10)
            scene.shapes.append(.text(title, at: Point(rect.x + 10, rect.y + 6), anchor: .topLeft, size: titleSize, color: .grey))
            let used = 10 + metrics.lineHeight * titleSize
            area = Rect(x: rect.x, y: rect.y + used, width: rect.width, height: rect.height - used)
        }
        PlumDrawing.append(PlumDrawing.circles(for: weighing), fittedIn: area, metrics: metrics, to: &scene)
    }

    /// The weighing as it was, its objects listed with their values, under
    /// a bar with Back, Export and Delete (red).
    func scene(_ detail: HistoryDetail) -> Scene {
        var scene = Scene(layout: layout)
        let size = layout.size
        let bar = HistoryLayout.back.maxY + 10
        if let weighing = detail.weighing {
            let listWidth = min(320, size.width * 0.38)
            let drawing = Rect(x: 10, y: bar, width: size.width - listWidth - 30, height: size.height - bar - 10)
            scene.shapes.append(.rect(drawing, color: Color(250, 250, 252)))
            appendWeighing(weighing, in: drawing, titled: false, into: &scene)
            var y = bar + 8
            let x = size.width - listWidth - 10
            for line in Self.detailTitle(weighing, width: listWidth, timeZone: timeZone, metrics: metrics) {
                scene.shapes.append(.text(line.text, at: Point(x, y), anchor: .topLeft, size: line.size, color: .ink))
                y += metrics.lineHeight * line.size
            }
            y += 6
            // The calibration its grams came from (issue 28), before its mode.
            if let calibration = weighing.calibration?.text(timeZone: timeZone) {
                let lineSize = metrics.size(fitting: calibration, width: listWidth, preferred: 18, minimum: 11)
                if y + metrics.lineHeight * lineSize <= size.height - 10 {
                    scene.shapes.append(.text(calibration, at: Point(x, y), anchor: .topLeft, size: lineSize, color: .grey))
                    y += metrics.lineHeight * lineSize + 2
                }
            }
            // The scale's mode it was taken in (issue 28), in the list's first line.
            if var summary = weighing.scaleMode.summary(format: weighing.weightFormat) {
                if let product = weighing.product { summary = "\(product) · " + summary }
                let lineSize = metrics.size(fitting: summary, width: listWidth, preferred: 18, minimum: 11)
                if y + metrics.lineHeight * lineSize <= size.height - 10 {
                    scene.shapes.append(.text(summary, at: Point(x, y), anchor: .topLeft, size: lineSize, color: .ink))
                    y += metrics.lineHeight * lineSize + 2
                }
            }
            let mode = ForceMode(rawValue: weighing.mode) ?? .position
            for object in weighing.objects {
                let value = object.grams.map { Plum.grams($0) } ?? Plum.label(force: object.force, mode: mode) ?? "no force"
                // Only a reading can have been unsettled: "no force" was never one.
                let unsettled = !object.stable && object.force != nil
                let notes =
                    (unsettled ? " (unsettled)" : "") + (object.tare != 0 ? String(format: " NET, tare %.1f%%", object.tare * 100) : "")
                    + (object.verdict.map { " " + $0.text } ?? "")
                let line = "\(object.index + 1). \(value)\(notes)"
                let lineSize = metrics.size(fitting: line, width: listWidth, preferred: 18, minimum: 11)
                guard y + metrics.lineHeight * lineSize <= size.height - 10 else { break }
                scene.shapes.append(.text(line, at: Point(x, y), anchor: .topLeft, size: lineSize, color: .ink))
                y += metrics.lineHeight * lineSize + 2
            }
        } else {
            scene.shapes.append(.text("Loading…", at: Point(size.width / 2, size.height / 2), anchor: .center, size: 24, color: .grey))
        }
        for button in HistoryLayout.detailButtons(size: size, actions: detail.table.actions) {
            let delete = button.action == .deleteTapped
            scene.appendButton(
                button.action.rawValue, button.title, button.rect, control: .detail(button.action),
                color: delete ? Self.deleteRed : Color(232, 232, 240), textColor: delete ? .white : .ink)
        }
        if detail.confirmingDelete { appendDeleteConfirmation(detail, to: &scene) }
        return scene
    }
}

extension HistoryView {
    /// "Weighing #30 · 2023-11-16 04:13:20" on one line where it fits; else
    /// the number, then the date with its time on a line of their own
    /// (shrunk to fit, never split: a time away from its date is misread).
    static func detailTitle(_ weighing: Weighing, width: Double, timeZone: TimeZone, metrics: TextMetrics) -> [(text: String, size: Double)]
    {
        let number = "Weighing #\(weighing.id ?? 0)"
        let time = HistoryText.localTime(weighing.takenAt, timeZone: timeZone)
        let whole = number + " · " + time
        if metrics.width(whole, size: 20) <= width { return [(whole, 20)] }
        return Flow.paragraph(number, width: width, size: 20, metrics: metrics)
            + [(time, metrics.size(fitting: time, width: width, preferred: 20, minimum: 11))]
    }
}

/// Times as people read them: in the zone the shell gives, to the second.
public enum HistoryText {
    public static func localTime(_ date: Date, timeZone: TimeZone) -> String {
        HistoryListing.localTime(date, timeZone: timeZone)
    }
}
