import Foundation

/// What the fleet's MQTT sink says of itself, as the shell reports it: the
/// core only shows it (a line on the scale screen, `fleet` in the state
/// document). Plain values: the core knows nothing of MQTT.
public struct FleetStatus: Equatable, Sendable {
    /// Whether the broker accepted the connection and it still stands.
    public var connected: Bool
    /// Weighings saved but not yet acknowledged by the broker.
    public var queued: Int
    /// The latest problem, in plain words ("broker unreachable"), nil when
    /// there is none.
    public var lastError: String?

    public init(connected: Bool, queued: Int, lastError: String? = nil) {
        self.connected = connected
        self.queued = queued
        self.lastError = lastError
    }

    /// The line on screen: "Fleet: connected", "Fleet: 12 queued, broker
    /// unreachable", "Fleet: connected, 3 queued, the broker refuses
    /// weighings on plumscale/bench-1/weighings: not authorised". The
    /// queue is shown in every state, connecting included.
    public var text: String {
        var parts: [String] = []
        if connected { parts.append("connected") }
        if queued > 0 { parts.append("\(queued) queued") }
        if let lastError { parts.append(lastError) } else if !connected { parts.append("connecting") }
        return "Fleet: " + parts.joined(separator: ", ")
    }

    /// `fleet` in the state document.
    public var document: JSONValue {
        .fields([
            ("connected", .bool(connected)),
            ("queued", .integer(queued)),
            ("last_error", lastError.map { .string($0) } ?? .null),
        ])
    }
}
