import CMosquitto
import Foundation
import PlumScaleCore

/// The sink's thread: owns its history connection and its MQTT client.
/// One weighing in flight at a time, so they go out in the outbox's order;
/// a weighing leaves the outbox only at a PUBACK that says the broker took
/// it. A connection lost before it means the weighing is sent again on the
/// next one (the consumer drops duplicates by uuid). It sleeps in poll()
/// on the broker's socket and the mailbox's pipe: woken at once when the
/// UI hands it something, never polling when there is nothing to do.
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
    private var inFlight: (mid: Int32, seq: Int64, weighing: Int64)?
    /// Taken by the broker, not yet deleted from the outbox (the delete
    /// failed: a full disk). Nothing is sent until it is, so nothing is
    /// sent twice and the order holds.
    private var acknowledged: (seq: Int64, weighing: Int64)?
    private var bookkeeping = Retry(first: 0.5, most: 30)
    /// The broker refused the head weighing (a PUBACK reason from 128): it
    /// stays queued, and is offered again only after this.
    private var refusal = Retry(first: 2, most: 60)
    /// Incoming messages over the size limit: said once per topic, then
    /// at most once a minute with the count since.
    private var drops = FleetDrops(interval: 60)
    private var pendingLive: String?
    /// The last live document sent: sent again for Home Assistant's birth message.
    private var lastLive: String?
    private var queued = 0
    private var lastError: String?
    /// The weight's display decimals in the discovery documents sent.
    private var precision = 1
    /// When the current connection was accepted, and how many connections
    /// in a row the broker dropped soon after: mosquitto 2.0 closes a
    /// connection taken over by a client with the same id without saying
    /// why (MQTT 5 brokers that do say it give reason 142).
    private var connectedAt = 0.0
    private var shortLived = 0
    static let shortLife = 10.0
    static let takeoverSuspicion = 3
    /// Seconds a broker gets to answer CONNECT (the TCP connect included).
    static let connackTimeout = 5.0
    static let maxBackoff = 4.0

    /// A backoff that doubles from `first` to `most`, with the problem it is for.
    struct Retry {
        let first: Double
        let most: Double
        var delay: Double
        var at = 0.0
        var problem: String?
        init(first: Double, most: Double) {
            self.first = first
            self.most = most
            delay = first
        }
        mutating func failed(_ problem: String, now: Double) -> Bool {
            let new = self.problem != problem
            self.problem = problem
            at = now + delay
            delay = min(delay * 2, most)
            return new
        }
        mutating func succeeded() -> String? {
            defer {
                problem = nil
                delay = first
                at = 0
            }
            return problem
        }
    }

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
            client = try MosquittoClient(settings: settings, password: try FleetSink.password(settings, log: nil))
        } catch {
            fail("\(error)")
            report()
            log.error("fleet: the sink cannot start: \(error)")
            return
        }
        countQueued()
        report()
        while true {
            let taken = mailbox.take()
            if taken.stop { break }
            if let live = taken.live { pendingLive = live }
            if taken.wake { countQueued() }
            if let new = taken.precision, new != precision {
                precision = new
                if phase == .connected { announce() }
            }
            turn()
            report()
        }
        shutDown()
    }

    /// One turn: connect when due, wait for the broker or the mailbox, take
    /// libmosquitto's events, then send what is waiting.
    private func turn() {
        guard let client else { return }
        switch phase {
        case .waiting(let at) where now < at:
            sleep(until: at)
        case .waiting:
            do {
                try client.reset()
            } catch {
                return retry(after: "\(error)")
            }
            let code = client.connect()
            guard code == MOSQ_ERR_SUCCESS.rawValue else { return retry(after: client.failure(code)) }
            phase = .awaitingConnack(since: now)
        case .awaitingConnack(let since) where now - since > Self.connackTimeout:
            client.disconnect()
            retry(after: "broker not answering")
        case .awaitingConnack:
            // Bounded: CONNACK is due within connackTimeout.
            let code = client.loop(milliseconds: 100)
            takeEvents(code)
        case .connected:
            send()
            guard phase == .connected else { return }
            let code = client.serve(wake: mailbox.wakeDescriptor, timeout: nextDeadline)
            takeEvents(code)
            if phase == .connected { send() }
        }
    }

    /// Seconds until something is due while connected: a retry, or the keepalive.
    private var nextDeadline: Double {
        var deadline = Double(MosquittoClient.keepalive)
        if acknowledged != nil { deadline = min(deadline, bookkeeping.at - now) }
        if refusal.problem != nil { deadline = min(deadline, refusal.at - now) }
        return max(0, deadline)
    }

    /// Nothing to do before `at`: sleep, waking early for the mailbox.
    private func sleep(until at: Double) {
        var fd = pollfd(fd: mailbox.wakeDescriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&fd, 1, Int32(max(0, min(at - now, 60)) * 1000) + 1)
    }

    private func takeEvents(_ code: Int32) {
        guard let client else { return }
        let events = client.events
        client.events.removeAll()
        for event in events { handle(event) }
        if code != MOSQ_ERR_SUCCESS.rawValue, !isWaiting {
            retry(after: client.failure(code))
        }
    }

    private var isWaiting: Bool { if case .waiting = phase { true } else { false } }

    private func handle(_ event: MosquittoClient.Event) {
        switch event {
        case .connected:
            phase = .connected
            connectedAt = now
            if shortLived < Self.takeoverSuspicion { backoff = 0.5 }
            lastError = refusal.problem
            let version = client?.speaksV5 == true ? "MQTT 5" : "MQTT 3.1.1"
            log.info("fleet: connected to \(settings.host):\(settings.port) as station \(settings.station) (\(version))")
            _ = client?.subscribe(Config.MQTT.homeAssistantStatusTopic)
            announce()
        case .refused(132) where client?.speaksV5 == true:
            client?.fallBack()
            log.warning(
                "fleet: the broker at \(settings.host):\(settings.port) speaks only MQTT 3.1.1: falling back to it; "
                    + "its PUBACK cannot say that it refused a weighing, so a denied weighing would leave the outbox unseen")
            phase = .waiting(retryAt: now)
        case .refused(let code):
            retry(after: FleetWords.refusal(code, anonymous: settings.username == nil))
        case .disconnected(let code):
            guard !isWaiting else { return }
            let wasConnected = phase == .connected
            shortLived = wasConnected && now - connectedAt < Self.shortLife ? shortLived + 1 : 0
            if shortLived >= Self.takeoverSuspicion, code < 128 {
                retry(
                    after: "the broker keeps closing the connection soon after accepting it: "
                        + "another station connected with station id \(settings.station)? (client id \(settings.clientID))")
            } else {
                retry(after: code == 0 ? "disconnected" : FleetWords.disconnection(code, station: settings.station))
            }
        case .acknowledged(let mid, let reason):
            guard let flight = inFlight, flight.mid == mid else { return }
            inFlight = nil
            if reason >= 128 { return refused(flight, reason: reason) }
            if let cleared = refusal.succeeded() { log.info("fleet: the broker takes weighings again (was: \(cleared))") }
            lastError = nil
            acknowledged = (flight.seq, flight.weighing)
            removeAcknowledged()
        case .dropped(let topic, let bytes):
            if let line = drops.dropped(topic: topic, bytes: bytes, now: now) { log.warning(line) }
        case .message(let topic, let payload):
            // Home Assistant (re)started: it forgot discovery and state unless retained; say them again.
            if topic == Config.MQTT.homeAssistantStatusTopic, payload == "online" {
                log.info("fleet: Home Assistant came online: discovery and state sent again")
                announce()
                if pendingLive == nil { pendingLive = lastLive }
            }
        }
    }

    /// Availability and every discovery document (all retained).
    private func announce() {
        _ = client?.publish(settings.availabilityTopic, "online", qos: 1, retain: true)
        for document in FleetPayload.discoveries(settings, precision: precision) {
            _ = client?.publish(document.topic, document.payload, qos: 1, retain: true)
        }
        // Before 0.1.0's fix the weight sensor's topic ignored the prefix:
        // an empty retained document removes that entity from Home Assistant.
        _ = client?.publish("homeassistant/sensor/\(settings.station)_weight/config", "", qos: 1, retain: true)
    }

    /// A PUBACK with a failure reason: the weighing stays in the outbox,
    /// the screen and the log say why, and it is offered again later.
    private func refused(_ flight: (mid: Int32, seq: Int64, weighing: Int64), reason: Int32) {
        let problem = "the broker refuses weighings on \(settings.weighingsTopic): \(FleetWords.publishRefusal(reason))"
        if refusal.failed(problem, now: now) {
            log.error("fleet: \(problem); weighing \(flight.weighing) and those after it stay queued")
        }
        lastError = problem
    }

    /// Deletes the acknowledged entry; a failure backs off, is logged once,
    /// and sends nothing meanwhile.
    private func removeAcknowledged() {
        guard let done = acknowledged, let store else { return }
        do {
            try store.removeFromOutbox(seq: done.seq)
            acknowledged = nil
            if let cleared = bookkeeping.succeeded() { log.info("fleet: the outbox is written again (was: \(cleared))") }
            if lastError?.hasPrefix("history:") == true { lastError = nil }
        } catch {
            let problem = "history: \(error)"
            if bookkeeping.failed(problem, now: now) {
                log.error(
                    "fleet: the broker has weighing \(done.weighing) but the outbox could not be updated (\(error)); "
                        + "retrying with a backoff, nothing is sent meanwhile")
            }
            fail(problem)
        }
        countQueued()
    }

    /// The live document, then the oldest queued weighing if none is in flight.
    private func send() {
        guard let client else { return }
        if let live = pendingLive {
            pendingLive = nil
            lastLive = live
            _ = client.publish(settings.stateTopic, live, qos: 0, retain: true)
        }
        if acknowledged != nil, now >= bookkeeping.at { removeAcknowledged() }
        guard inFlight == nil, acknowledged == nil, now >= refusal.at else { return }
        do {
            guard let head = try store?.outboxHead(limit: 1).first else { return }
            switch client.publish(head.message.topic, head.message.payload, qos: 1, retain: false) {
            case .success(let mid): inFlight = (mid, head.seq, head.weighingID)
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
        _ = client.flush()
    }
}
