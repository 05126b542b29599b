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
            ("r2", .rounded(fit?.rSquared)),
            ("max_residual_g", .rounded(fit?.maxResidualGrams)),
        ])
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
            ("kiosk", .bool(kiosk != nil)),
            ("role", kiosk.map { .string($0.role.rawValue) } ?? .null),
            ("running", .bool(running)),
        ])
    }
}
