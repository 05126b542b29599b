import Foundation

extension AppState {
    static let dim = Color(20, 20, 30)

    /// The table, then the hint's dimming (following the force) and the
    /// preview card with its actions.
    func historyScene(_ browser: HistoryBrowser) -> Scene {
        var scene = Scene(layout: layout)
        let size = layout.size
        let visible = browser.visibleIndices(height: size.height)
        var pressedRow: (Rect, HistoryRow, String)?
        for index in visible {
            guard let (row, label) = browser.row(at: index) else { continue }
            let rect = browser.rowRect(index, width: size.width)
            appendRow(row, label: label, rect: rect, selected: index == browser.selected, into: &scene)
            if browser.peek.row == row.id { pressedRow = (rect, row, label) }
        }
        if browser.knownCount == 0, !browser.requested.contains(0) {
            scene.shapes.append(.text("No weighings yet. Press Record (space) on the scale.", at: Point(size.width / 2, size.height / 2), anchor: .center, size: 24, color: .grey))
        }
        scene.shapes.append(.rect(Rect(x: 0, y: 0, width: size.width, height: HistoryBrowser.top - 4), color: Color(245, 245, 250)))
        scene.shapes.append(.text("History", at: Point(size.width / 2, 18), anchor: .topCenter, size: 28, color: .ink))
        Self.button("back", "‹ Back", HistoryLayout.back, into: &scene)
        appendPeek(browser, pressedRow, into: &scene)
        return scene
    }

    private func appendRow(_ row: HistoryRow, label: String, rect: Rect, selected: Bool, into scene: inout Scene) {
        scene.shapes.append(.rect(rect, color: selected ? Color(225, 232, 255) : Color(250, 250, 252)))
        let y = rect.y + rect.height / 2 - 12
        scene.shapes.append(.text(label, at: Point(24, y), anchor: .topLeft, size: 22, color: .ink))
        scene.shapes.append(.text("\(row.objectCount) object\(row.objectCount == 1 ? "" : "s")", at: Point(rect.width * 0.45, y), anchor: .topLeft, size: 22, color: .grey))
        let heaviest = row.heaviestGrams.map { Plum.grams($0) }
            ?? Plum.label(force: row.heaviestForce, mode: ForceMode(rawValue: row.mode) ?? .position) ?? "no force"
        scene.shapes.append(.text("heaviest " + heaviest, at: Point(rect.width - 24, y), anchor: .topRight, size: 22, color: .blue))
        scene.elements.append(Element(kind: .row, weighingID: row.id, rect: rect))
    }

    /// Hint: everything but the pressed row dims as the force rises. Peek:
    /// the preview card. Actions: Open, Export, Delete under it.
    private func appendPeek(_ browser: HistoryBrowser, _ pressed: (Rect, HistoryRow, String)?, into scene: inout Scene) {
        let size = layout.size
        let phase = browser.peek.phase
        guard phase != .none, phase != .pop else { return }
        let amount = phase == .hint ? browser.peek.progress : 1
        // Everything but the pressed row blurs and dims as the force rises.
        if amount > 0.05 { scene.shapes.append(.blur(radius: 6 * amount)) }
        scene.shapes.append(.rect(Rect(x: 0, y: 0, width: size.width, height: size.height), color: Color(Self.dim.r, Self.dim.g, Self.dim.b, UInt8(150 * amount))))
        if phase == .hint, let (rect, row, label) = pressed {
            var lifted = Scene(layout: layout)
            appendRow(row, label: label, rect: rect, selected: true, into: &lifted)
            scene.shapes += lifted.shapes
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
        if phase == .actions || phase == .confirmDelete {
            for (action, rect) in HistoryLayout.actionRects(size: size, actions: browser.actions) {
                let title = phase == .confirmDelete
                    ? (action == .delete ? "Delete for good" : "")
                    : action.rawValue.capitalized
                guard !title.isEmpty else { continue }
                Self.button(action.rawValue, title, rect, kind: .action, into: &scene)
            }
        } else {
            scene.shapes.append(.text("press harder to open · swipe up for actions", at: Point(card.center.x, card.y + card.height + 14), anchor: .topCenter, size: 18, color: .white))
        }
    }

    /// A recorded weighing drawn as it was, scaled into `rect`, by the same
    /// drawing code as the live scale.
    func appendWeighing(_ weighing: Weighing, in rect: Rect, into scene: inout Scene) {
        let s = min(rect.width / layout.size.width, rect.height / layout.size.height)
        let ox = rect.x + (rect.width - layout.size.width * s) / 2, oy = rect.y + (rect.height - layout.size.height * s) / 2
        PlumDrawing.append(PlumDrawing.circles(for: weighing), to: &scene, scale: s) { Point(ox + $0.x * s, oy + $0.y * s) }
        let title = "#\(weighing.id ?? 0) · \(HistoryText.localTime(weighing.takenAt, timeZone: timeZone)) · \(weighing.device) · \(weighing.mode)"
        scene.shapes.append(.text(title, at: Point(rect.x + 10, rect.y + 8), anchor: .topLeft, size: 16, color: .grey))
    }

    /// The weighing full size as it was, its objects listed with their values.
    func detailScene(_ detail: HistoryDetail) -> Scene {
        var scene = Scene(layout: layout)
        let size = layout.size
        if let weighing = detail.weighing {
            PlumDrawing.append(PlumDrawing.circles(for: weighing), to: &scene)
            var y = 74.0
            let title = "Weighing #\(weighing.id ?? 0) · \(HistoryText.localTime(weighing.takenAt, timeZone: timeZone))"
            scene.shapes.append(.text(title, at: Point(size.width / 2, 18), anchor: .topCenter, size: 24, color: .ink))
            for object in weighing.objects {
                let value = object.grams.map { Plum.grams($0) } ?? Plum.label(force: object.force, mode: ForceMode(rawValue: weighing.mode) ?? .position) ?? "no force"
                let line = "\(object.index + 1). \(value)\(object.stable ? "" : " (unsettled)")\(object.tare != 0 ? String(format: " tare %.1f%%", object.tare * 100) : "")"
                scene.shapes.append(.text(line, at: Point(size.width - 20, y), anchor: .topRight, size: 18, color: .ink))
                y += 24
            }
        } else {
            scene.shapes.append(.text("Loading…", at: Point(size.width / 2, size.height / 2), anchor: .center, size: 24, color: .grey))
        }
        for button in HistoryLayout.detailButtons(size: size, actions: detail.table.actions) {
            Self.button(button.action.rawValue, button.title, button.rect, into: &scene)
        }
        return scene
    }
}

/// Times as people read them: in the zone the shell gives, to the second.
public enum HistoryText {
    public static func localTime(_ date: Date, timeZone: TimeZone) -> String {
        HistoryListing.localTime(date, timeZone: timeZone)
    }
}
