import PlumScaleCore

/// The UI thread's side of the fleet: the live document, made at most
/// `liveHz` times a second (only when something changed), and the SDL
/// user event by which the sink says its status changed.
struct FleetLive {
    /// SDL_USEREVENT code of "the fleet's status changed".
    static let eventCode: Int32 = 0x464c
    let sink: FleetSink
    private var pending = true
    private var nextAt = 0.0

    init(sink: FleetSink) { self.sink = sink }

    /// What is on the glass may have changed.
    mutating func changed() { pending = true }

    /// When the loop must wake to send a pending document.
    var wake: Double? { pending ? nextAt : nil }

    /// Sends the document if one is pending and the rate allows it.
    mutating func publishIfDue(now: Double, _ state: AppState) {
        guard pending, now >= nextAt else { return }
        sink.offerLive(state.liveDocument(station: sink.settings.station))
        pending = false
        nextAt = now + sink.liveInterval
    }
}
