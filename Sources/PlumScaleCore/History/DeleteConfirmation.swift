extension HistoryView {
    /// Over the dimmed detail screen: what will be lost, Cancel, and the
    /// red "Delete for good", away from where Delete was tapped.
    func appendDeleteConfirmation(_ detail: HistoryDetail, to scene: inout Scene) {
        let layout = HistoryLayout.deleteConfirmation(size: self.layout.size)
        scene.beginModal(dim: Color(20, 20, 30, 170))
        scene.shapes.append(.rect(layout.card, color: .white))
        let count = detail.weighing?.objects.count ?? 0
        let question =
            "Delete weighing #\(detail.id) (\(count) object\(count == 1 ? "" : "s")) for good? It cannot be undone."
        let lines = Flow.paragraph(question, width: layout.question.width, size: 20, minimum: 12, metrics: metrics)
        var y = layout.question.y
        for line in lines where y + metrics.lineHeight * line.size <= layout.question.maxY {
            scene.shapes.append(.text(line.text, at: Point(layout.question.x, y), anchor: .topLeft, size: line.size, color: .ink))
            y += metrics.lineHeight * line.size
        }
        for button in layout.buttons {
            let delete = button.action == .deleteConfirmed
            scene.appendButton(
                button.action.rawValue, button.title, button.rect, control: .detail(button.action),
                textSize: metrics.size(fitting: button.title, width: button.rect.width - 12, preferred: 18, minimum: 11),
                color: delete ? Self.deleteRed : Color(232, 232, 240), textColor: delete ? .white : .ink)
        }
    }
}
