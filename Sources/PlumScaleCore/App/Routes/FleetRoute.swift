/// The root receives what the fleet's sink reports (the shell delivers it
/// as an input event).
extension AppState {
    /// The sink reported: remember it (its line is redrawn when it changes).
    mutating func receive(_ status: FleetStatus) {
        guard fleet != status else { return }
        fleet = status
    }
}
