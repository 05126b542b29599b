/// What the detail screen asks of the station.
enum DetailRequest: Equatable {
    /// Back to the table it was opened from.
    case backToTable
    /// The shell's work (an export, a delete).
    case perform(Effect)
}

/// The detail screen's reducer: back, export, and a delete asked twice
/// (Delete, then "Delete for good" on its card).
extension HistoryDetail: ScreenReducer {
    static func reduce(into detail: inout HistoryDetail, action: DetailAction, context: Void) -> [DetailRequest] {
        switch action {
        case .backTapped:
            return [.backToTable]
        case .exportTapped, .deleteTapped, .deleteConfirmed:
            // Operator work in a kiosk: only when the table offers it.
            guard detail.table.actions.contains(action == .exportTapped ? .export : .delete) else { return [] }
            guard let id = detail.weighing?.id else { return [] }
            switch action {
            case .exportTapped:
                return [.perform(.export(id: id))]
            case .deleteTapped:
                detail.confirmingDelete = true
                return []
            default:
                detail.confirmingDelete = false
                return [.perform(.delete(id: id))]
            }
        case .deleteCancelled:
            detail.confirmingDelete = false
            return []
        }
    }
}
