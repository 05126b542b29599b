/// The state document of DESIGN.md ("Contracts"): what `render --state`
/// writes, in layout coordinates.
extension AppState {
    public func stateDocument() -> JSONValue {
        let size = layout.size
        let scene = scene()
        let contacts: [JSONValue] = contactViews.map { view in
            .fields([
                ("id", .integer(view.id)),
                ("x", .rounded(view.position.x)),
                ("y", .rounded(view.position.y)),
                ("force", .rounded(view.force)),
                ("radius", .rounded(view.radius)),
                ("label", view.label.map { .string($0) } ?? .null),
                ("heaviest", .bool(view.heaviest)),
                ("grams", .rounded(view.grams)),
                ("tare", .rounded(view.tare)),
                ("stable", .bool(view.stable)),
                ("tied", .bool(view.tied)),
                ("overload", .bool(view.overload)),
                ("share", .rounded(view.share)),
                ("net", .bool(view.net)),
                ("fading", .bool(view.fading)),
            ])
        }
        let elements: [JSONValue] = scene.elements.map { element in
            .fields([
                ("kind", .string(element.kind.rawValue)),
                element.kind == .row ? ("id", .integer(Int(element.weighingID ?? 0))) : ("name", .string(element.name)),
                ("rect", .array([element.rect.x, element.rect.y, element.rect.width, element.rect.height].map(JSONValue.rounded))),
            ])
        }
        let peek = screen.browser?.peek
        let fit = scale.fit
        let calibration: JSONValue = .fields([
            ("device", .string(source.deviceName)),
            ("calibrated", .bool(fit != nil)),
            // From 3 points on: a line fits any 2 (R² 1 says nothing then).
            ("r2", .rounded(fit?.linearityChecked == true ? fit?.rSquared : nil)),
            ("max_residual_g", .rounded(fit?.linearityChecked == true ? fit?.maxResidualGrams : nil)),
        ] + weighingCalibrationFields)
        return .fields([
            ("size", .array([.rounded(size.width), .rounded(size.height)])),  // Int(_:) traps beyond Int.max
            ("rotation", .integer(layout.rotation)),
            ("screen", .string(screen.name)),
            ("mode", .string(source.mode.rawValue)),
            ("source", .string(source.kind)),
            ("device", .string(source.deviceName)),
            ("prompt", scale.isEmpty ? .string(Plum.prompt) : .null),
            ("contacts", .array(contacts)),
            ("peek", .fields([
                ("phase", .string(peek?.phase.rawValue ?? PeekPhase.none.rawValue)),
                ("row", peek?.row.map { .integer(Int($0)) } ?? .null),
                ("progress", .rounded(peek?.progress ?? 0)),
            ])),
            ("elements", .array(elements)),
            ("notice", notice.map { .string($0.text) } ?? .null),
            ("calibration", calibration),
            ("units", .string(units.rawValue)),
            ("total", totalDocument),
            ("kiosk", .bool(kiosk != nil)),
            ("running", .bool(running)),
        ])
    }
}

/// The weighing's additions to the state document (issue 15): the total,
/// and what the calibration is worth.
extension AppState {
    /// `total`: {"count", "grams", "force", "overload", "label", "text"}.
    var totalDocument: JSONValue {
        let total = scaleTotal
        return .fields([
            ("count", .integer(total.count)),
            ("grams", .rounded(total.overload ? nil : total.grams)),
            ("force", .rounded(total.force)),
            ("overload", .bool(total.overload)),
            ("label", total.label.map { .string($0) } ?? .null),
            ("text", totalText.map { .string($0) } ?? .null),
        ])
    }

    /// In `calibration`: the points, whether R² means anything (3 points
    /// on), whether zero is a point, where grams come from, and the display
    /// step d in the units (null without grams).
    var weighingCalibrationFields: [(String, JSONValue)] {
        let fit = scale.fit, gramScale = scale.gramScale
        return [
            ("points", fit.map { .integer($0.pointCount) } ?? .null),
            ("linearity_checked", .bool(fit?.linearityChecked ?? false)),
            ("zero_point", .bool(fit?.hasZeroPoint ?? false)),
            ("grams_from", gramScale.map { .string($0.origin.rawValue) } ?? .null),
            ("step", .rounded(gramScale.map { WeightFormat(unit: units, stepGrams: $0.stepGrams).step })),
        ]
    }
}
