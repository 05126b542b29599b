import PlumScaleCore

/// The UI thread's side of the fleet: the live document, made at most
/// `liveHz` times a second (only when something changed), and the SDL
/// user event by which the sink says its status changed. An unchanged
/// document is sent again every `FleetLiveTiming.keepaliveSeconds`, so
/// that Home Assistant's `expire_after` marks a station that stopped
/// sending as stale, and not one that is merely idle.
public struct FleetLive {
    /// SDL_USEREVENT code of "the fleet's status changed".
    public static let eventCode: Int32 = 0x464c
    public let sink: FleetSink
    private var pending = true
    private var nextAt = 0.0
    private var sentAt = 0.0
    /// The last document sent: the same again is not sent before the keepalive (it is retained).
    private var last = ""

    public init(sink: FleetSink) { self.sink = sink }

    /// What is on the glass may have changed.
    public mutating func changed() { pending = true }

    /// When the loop must wake to send a pending document, or the keepalive.
    public var wake: Double? { pending ? nextAt : sentAt + FleetLiveTiming.keepaliveSeconds }

    /// Sends the document if one is pending and the rate allows it, or the
    /// keepalive is due.
    public mutating func publishIfDue(now: Double, _ state: AppState) {
        let keepalive = now >= sentAt + FleetLiveTiming.keepaliveSeconds
        guard (pending && now >= nextAt) || keepalive else { return }
        let document = state.liveDocument(station: sink.settings.station)
        if document != last || keepalive {
            sink.offerLive(document, precision: state.fleetPrecision)
            sentAt = now
        }
        last = document
        pending = false
        nextAt = now + sink.liveInterval
    }
}
