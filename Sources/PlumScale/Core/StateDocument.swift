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
            ])
        }
        let elements: [JSONValue] = scene.elements.map { element in
            .fields([
                ("kind", .string(element.kind)),
                ("name", .string(element.name)),
                ("rect", .array([element.rect.x, element.rect.y, element.rect.width, element.rect.height].map(JSONValue.rounded))),
            ])
        }
        return .fields([
            ("size", .array([.rounded(size.width), .rounded(size.height)])),  // Int(_:) traps beyond Int.max
            ("rotation", .integer(layout.rotation)),
            ("mode", .string(source.mode.rawValue)),
            ("source", .string(source.kind)),
            ("device", .string(source.deviceName)),
            ("prompt", board.isEmpty ? .string(Plum.prompt) : .null),
            ("contacts", .array(contacts)),
            ("elements", .array(elements)),
            ("running", .bool(running)),
        ])
    }
}
