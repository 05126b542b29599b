import CMosquitto
import Foundation
import PlumScaleCore

/// The sink's thread: owns its history connection and its MQTT client.
/// One weighing in flight at a time, so they go out in the outbox's order;
/// a weighing leaves the outbox only at its PUBACK. A connection lost
/// before it means the weighing is sent again on the next one (the
/// consumer drops duplicates by id).
final class FleetWorker: @unchecked Sendable {
    enum Phase: Equatable {
        case waiting(retryAt: Double)
        case awaitingConnack(since: Double)
        case connected
    }

    private let settings: Config.MQTT
    private let history: HistoryStore
    private let mailbox: FleetMailbox
    private let log: Log
    private let onChange: @Sendable () -> Void
    private var store: HistoryStore?
    private var client: MosquittoClient?
    private var phase = Phase.waiting(retryAt: 0)
    private var backoff = 0.5
    private var inFlight: (mid: Int32, seq: Int64)?
    private var pendingLive: String?
    private var queued = 0
    private var lastError: String?
    /// Seconds a broker gets to answer CONNECT.
    static let connackTimeout = 5.0
    static let maxBackoff = 4.0

    init(settings: Config.MQTT, history: HistoryStore, mailbox: FleetMailbox, log: Log, onChange: @escaping @Sendable () -> Void) {
        self.settings = settings
        self.history = history
        self.mailbox = mailbox
        self.log = log
        self.onChange = onChange
    }

    private var now: Double { ProcessInfo.processInfo.systemUptime }

    func run() {
        defer { mailbox.markFinished() }
        do {
            store = try HistoryStore(connectionTo: history)
            client = try MosquittoClient(settings: settings, password: try FleetSink.password(settings))
        } catch {
            fail("\(error)")
            report()
            log.error("fleet: the sink cannot start: \(error)")
            return
        }
        countQueued()
        report()
        while true {
            let waitUntil: Date? = if case .waiting(let at) = phase { Date().addingTimeInterval(max(0, min(at - now, 1))) } else { nil }
            let taken = mailbox.take(waitingUntil: waitUntil)
            if taken.stop { break }
            if let live = taken.live { pendingLive = live }
            if taken.wake { countQueued() }
            turn()
            report()
        }
        shutDown()
    }

    /// One turn: connect when due, let libmosquitto read and write, take
    /// its events, then send what is waiting.
    private func turn() {
        guard let client else { return }
        switch phase {
        case .waiting(let at) where now >= at:
            do {
                try client.reset()
            } catch {
                return retry(after: "\(error)")
            }
            let code = client.connect()
            guard code == MOSQ_ERR_SUCCESS.rawValue else { return retry(after: FleetWords.error(code)) }
            phase = .awaitingConnack(since: now)
        case .waiting:
            return
        case .awaitingConnack(let since) where now - since > Self.connackTimeout:
            client.disconnect()
            return retry(after: "broker not answering")
        default:
            break
        }
        let code = client.loop(milliseconds: 100)
        for event in client.events { handle(event) }
        client.events.removeAll()
        if code != MOSQ_ERR_SUCCESS.rawValue, !isWaiting {
            return retry(after: FleetWords.error(code))
        }
        if phase == .connected { send() }
    }

    private var isWaiting: Bool { if case .waiting = phase { true } else { false } }

    private func handle(_ event: MosquittoClient.Event) {
        switch event {
        case .connected:
            phase = .connected
            backoff = 0.5
            lastError = nil
            log.info("fleet: connected to \(settings.host):\(settings.port) as station \(settings.station)")
            _ = client?.publish(settings.availabilityTopic, "online", qos: 1, retain: true)
            _ = client?.publish(settings.discoveryTopic, FleetPayload.discovery(settings), qos: 1, retain: true)
        case .refused(let code):
            retry(after: FleetWords.refusal(code))
        case .disconnected(let code):
            if !isWaiting { retry(after: code == 0 ? "disconnected" : FleetWords.error(code)) }
        case .acknowledged(let mid):
            guard let flight = inFlight, flight.mid == mid else { return }
            inFlight = nil
            do {
                try store?.removeFromOutbox(seq: flight.seq)
            } catch {
                fail("history: \(error)")
            }
            countQueued()
        }
    }

    /// The live document, then the oldest queued weighing if none is in flight.
    private func send() {
        guard let client else { return }
        if let live = pendingLive {
            pendingLive = nil
            _ = client.publish(settings.stateTopic, live, qos: 0, retain: true)
        }
        guard inFlight == nil else { return }
        do {
            guard let head = try store?.outboxHead(limit: 1).first else { return }
            switch client.publish(head.message.topic, head.message.payload, qos: 1, retain: false) {
            case .success(let mid): inFlight = (mid, head.seq)
            case .failure(let failure): retry(after: failure.description)
            }
        } catch {
            fail("history: \(error)")
        }
    }

    /// The connection is over: try again after the backoff (doubling to `maxBackoff`).
    private func retry(after problem: String) {
        if lastError != problem { log.warning("fleet: \(problem) (\(settings.host):\(settings.port)); weighings stay queued") }
        fail(problem)
        inFlight = nil
        phase = .waiting(retryAt: now + backoff)
        backoff = min(backoff * 2, Self.maxBackoff)
    }

    private func fail(_ problem: String) { lastError = problem }

    private func countQueued() {
        queued = (try? store?.outboxCount()) ?? queued
    }

    private func report() {
        let status = FleetStatus(connected: phase == .connected, queued: queued, lastError: lastError)
        if mailbox.setStatus(status) { onChange() }
    }

    /// Quitting: "offline" on the availability topic (a clean disconnect
    /// sends no last will), then disconnect.
    private func shutDown() {
        guard let client, phase == .connected else { return }
        _ = client.publish(settings.availabilityTopic, "offline", qos: 0, retain: true)
        client.disconnect()
        _ = client.loop(milliseconds: 50)
    }
}
