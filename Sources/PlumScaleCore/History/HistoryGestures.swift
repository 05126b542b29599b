import Foundation

extension HistoryBrowser {
    /// Momentum scrolling, or a press held (a long press goes by the
    /// clock). A preview, its actions or its confirmation left up with no
    /// finger down stand still: the program sleeps until input.
    var isAnimating: Bool { velocity != 0 || press != nil }

    /// Where a point is, as Peek & Pop sees it.
    func target(at p: Point, size: Size) -> PeekTarget {
        if peek.phase == .actions || peek.phase == .peek || peek.phase == .confirmDelete {
            if peek.phase == .confirmDelete {
                for (name, rect) in HistoryLayout.confirmRects(size: size, actions: actions) where rect.contains(p) {
                    return name == "delete" ? .confirmDelete : .outside
                }
            }
            for (action, rect) in HistoryLayout.actionRects(size: size, actions: actions) where rect.contains(p) {
                if peek.phase == .actions { return .action(action) }
            }
            if HistoryLayout.previewRect(size: size).contains(p) { return .preview }
            return .outside
        }
        if let index = rowIndex(at: p, height: size.height), let row = row(at: index) { return .row(row.row.id) }
        return .outside
    }

    /// Momentum: the table glides on after a flick and slows down.
    mutating func glide(dt: Double, height: Double) {
        guard press == nil, velocity != 0, dt > 0 else { return }
        offset += velocity * min(dt, 0.1)
        velocity *= exp(-4 * min(dt, 0.1))
        if abs(velocity) < 20 { velocity = 0 }
        clampOffset(height: height)
    }
}

/// Where things are on the history screens.
enum HistoryLayout {
    static let back = Rect(x: 10, y: 10, width: 120, height: 48)

    static func previewRect(size: Size) -> Rect {
        let w = size.width * 0.6
        let h = size.height * 0.6
        return Rect(x: (size.width - w) / 2, y: (size.height - h) / 2 - 30, width: w, height: h)
    }

    /// Open, Export, Delete under the preview (Delete doubles as "confirm"),
    /// each in its place; those not in `actions` are left out.
    static func actionRects(size: Size, actions: [PeekAction] = PeekAction.allCases) -> [(PeekAction, Rect)] {
        let card = previewRect(size: size)
        let w = (card.width - 20) / 3
        return PeekAction.allCases.enumerated().compactMap { i, action in
            guard actions.contains(action) else { return nil }
            return (action, Rect(x: card.x + Double(i) * (w + 10), y: card.y + card.height + 10, width: w, height: 50))
        }
    }

    /// "Delete for good" where the first action was, Cancel where Delete
    /// was: a second tap on Delete cancels rather than deletes.
    static func confirmRects(size: Size, actions: [PeekAction] = PeekAction.allCases) -> [(name: String, rect: Rect)] {
        let rects = actionRects(size: size, actions: actions)
        guard let first = rects.first?.1, let last = rects.last?.1 else { return [] }
        return [("delete", first), ("cancel", last)]
    }

    /// Back, Export, Delete; Export and Delete only when `actions` offers them.
    static func detailButtons(size: Size, actions: [PeekAction] = PeekAction.allCases)
        -> [(action: DetailAction, title: String, rect: Rect)]
    {
        var buttons: [(action: DetailAction, title: String, rect: Rect)] = [(.backTapped, "‹ Back", back)]
        if actions.contains(.export) { buttons.append((.exportTapped, "Export", Rect(x: size.width - 270, y: 10, width: 120, height: 48))) }
        if actions.contains(.delete) { buttons.append((.deleteTapped, "Delete", Rect(x: size.width - 140, y: 10, width: 130, height: 48))) }
        return buttons
    }

    /// The card that asks before a weighing is deleted: centred, below the
    /// bar that holds Delete (so a second tap where Delete was lands on
    /// the dimmed screen), its question above "Delete for good" and Cancel.
    static func deleteConfirmation(size: Size) -> (card: Rect, question: Rect, buttons: [(action: DetailAction, title: String, rect: Rect)])
    {
        let width = min(560, size.width - 40)
        let height = 190.0
        let top = max(back.maxY + 20, (size.height - height) / 2)
        let card = Rect(x: (size.width - width) / 2, y: top, width: width, height: height)
        let buttonWidth = (width - 60) / 2
        let buttonTop = card.maxY - 20 - 50
        return (
            card, Rect(x: card.x + 20, y: card.y + 16, width: width - 40, height: buttonTop - card.y - 26),
            [
                // The preview's confirmation's order: "Delete for good" left,
                // Cancel right (there, where Delete was tapped). One layout for both.
                (.deleteConfirmed, "Delete for good", Rect(x: card.x + 20, y: buttonTop, width: buttonWidth, height: 50)),
                (.deleteCancelled, "Cancel", Rect(x: card.maxX - 20 - buttonWidth, y: buttonTop, width: buttonWidth, height: 50)),
            ]
        )
    }
}
