/// What the fleet publishes of the station, live (Fleet/FleetPayload.swift
/// makes the other documents): the root's state, as the state document is.
extension AppState {
    /// The suggested display precision of the weight sensor now.
    public var fleetPrecision: Int { FleetPayload.displayPrecision(stepGrams: scale.gramScale?.stepGrams) }

    /// `PREFIX/STATION/state`, retained: the contacts on the glass and their
    /// total, as the state document gives them (layout pixels, grams).
    public func liveDocument(station: String) -> String {
        let u = layout.uiScale
        let contacts: [JSONValue] = contactViews.map { view in
            .fields([
                ("id", .integer(view.id)),
                ("x", .rounded(view.position.x * u)),
                ("y", .rounded(view.position.y * u)),
                ("force", .rounded(view.force)),
                ("grams", .rounded(view.grams)),
                ("stable", .bool(view.stable)),
            ])
        }
        return JSONValue.fields([
            ("station", .string(station)),
            ("mode", .string(source.mode.rawValue)),
            ("units", .string(units.rawValue)),
            ("contacts", .array(contacts)),
            ("total", fleetTotal),
        ]).compactText
    }

    /// The state document's total, except that an empty calibrated scale
    /// weighs 0 g (not null: Home Assistant would read "unknown" and leave
    /// a gap), and grams are rounded to the scale's display step.
    var fleetTotal: JSONValue {
        guard case .object(var members) = totalDocument, let step = scale.gramScale?.stepGrams, step > 0 else { return totalDocument }
        let total = scaleTotal
        guard let index = members.firstIndex(where: { $0.key == "grams" }), !total.overload else { return totalDocument }
        let grams = total.count == 0 ? 0 : total.grams.map { ($0 / step).rounded() * step }
        members[index].value = .rounded(grams)
        return .object(members)
    }
}
