/// What a person can do on the detail screen.
public enum DetailAction: String, CaseIterable, Equatable, Sendable {
    case backTapped = "back"
    case exportTapped = "export"
    case deleteTapped = "delete"
    /// On the confirmation card.
    case deleteConfirmed = "delete-for-good"
    case deleteCancelled = "cancel"
}
