/// A contact as it is shown: what the scene draws and the state document reports.
public struct ContactView: Equatable, Sendable {
    public var id: Int
    public var position: Point
    /// nil in `position` mode: nothing was measured.
    public var force: Double?
    public var radius: Double
    public var label: String?
    public var heaviest: Bool
}

extension AppState {
    /// The contacts as shown, heaviest marked. In `position` mode nothing is
    /// heaviest: nothing was weighed.
    public var contactViews: [ContactView] {
        let mode = source.mode
        var views = board.contacts.map { contact -> ContactView in
            let force = mode == .position ? nil : contact.force
            return ContactView(
                id: contact.id, position: contact.position, force: force,
                radius: Plum.radius(force: force), label: Plum.label(force: force, mode: mode),
                heaviest: false)
        }
        var best: Int?
        for (i, view) in views.enumerated() {
            guard let force = view.force else { continue }
            if best == nil || force > views[best!].force! { best = i }
        }
        if let best { views[best].heaviest = true }
        return views
    }
}
