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
    /// The contacts as shown. In `position` mode nothing is weighed: no
    /// numbers, no heaviest.
    public var contactViews: [ContactView] {
        let mode = source.mode
        let contacts = scale.board.contacts
        return contacts.indices.map { index in
            let contact = contacts[index]
            var view = ContactView(
                id: contact.id, position: contact.position, force: nil, radius: Plum.baseRadius, label: nil)
            guard mode != .position, let reading = scale.reading(at: index, now: now) else { return view }
            view.force = reading.displayed
            view.radius = Plum.radius(force: reading.displayed)
            view.tare = reading.tare
            view.stable = reading.stable
            view.stableProgress = reading.stableProgress
            view.heaviest = reading.heaviest
            view.tied = reading.tied
            view.overload = reading.overload
            if mode == .force, let grams = reading.grams {
                view.grams = grams
                view.label = Plum.grams(grams)
                view.secondaryLabel = Plum.label(force: reading.displayed, mode: mode)
            } else {
                view.label = Plum.label(force: reading.displayed, mode: mode)
            }
            return view
        }
    }
}
