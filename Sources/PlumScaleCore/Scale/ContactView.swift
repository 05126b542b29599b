import Foundation

/// A contact as it is shown: what the scene draws and the state document reports.
public struct ContactView: Equatable, Sendable {
    public var id: Int
    public var position: Point
    /// The displayed force (smoothed, minus the tare; may be negative); nil
    /// in `position` mode, where nothing was measured.
    public var force: Double?
    public var radius: Double
    /// "42.0%", "≈ 41%", or "123.4 g" on a calibrated device; nil without force.
    public var label: String?
    /// The percentage under the grams on a calibrated device.
    public var secondaryLabel: String?
    public var grams: Double?
    public var tare: Double = 0
    public var stable = false
    public var stableProgress = 0.0
    public var heaviest = false
    public var tied = false
    public var overload = false
}

extension AppState {
    /// The contacts as shown (ShownContact.swift). In `position` mode
    /// nothing is weighed: no numbers, no heaviest.
    public var contactViews: [ContactView] {
        let mode = source.mode
        return scale.board.contacts.indices.map { index in
            let shown = shownContact(at: index, mode: mode)
            var view = ContactView(
                id: shown.id, position: shown.position, force: nil, radius: shown.radius, label: nil)
            guard shown.weighed else { return view }
            view.force = shown.force
            view.tare = shown.tare
            view.stable = shown.stable
            view.stableProgress = shown.stableProgress
            view.heaviest = shown.heaviest
            view.tied = shown.tied
            view.overload = shown.overload
            if shown.hasGrams { view.grams = shown.grams }
            view.label = shown.label(mode: mode)
            view.secondaryLabel = shown.secondaryLabel(mode: mode)
            return view
        }
    }
}
