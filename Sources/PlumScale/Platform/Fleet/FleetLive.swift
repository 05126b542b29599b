import PlumScaleCore

/// The UI thread's side of the fleet: the live document, made at most
/// `liveHz` times a second (only when something changed), and the SDL
/// user event by which the sink says its status changed.
public struct FleetLive {
    /// SDL_USEREVENT code of "the fleet's status changed".
    public static let eventCode: Int32 = 0x464c
    public let sink: FleetSink
    private var pending = true
    private var nextAt = 0.0
    /// The last document sent: the same again is not sent (it is retained).
    private var last = ""

    public init(sink: FleetSink) { self.sink = sink }

    /// What is on the glass may have changed.
    public mutating func changed() { pending = true }

    /// When the loop must wake to send a pending document.
    public var wake: Double? { pending ? nextAt : nil }

    /// Sends the document if one is pending and the rate allows it.
    public mutating func publishIfDue(now: Double, _ state: AppState) {
        guard pending, now >= nextAt else { return }
        let document = state.liveDocument(station: sink.settings.station)
        if document != last { sink.offerLive(document) }
        last = document
        pending = false
        nextAt = now + sink.liveInterval
    }
}
