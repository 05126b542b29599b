import Foundation
import PlumScaleCore

/// The fleet's MQTT sink (README "Fleet"): weighings from the history's
/// outbox, at least once and in order, and the live readings, to the
/// broker of `mqtt` in the config. It runs on a thread of its own; the UI
/// thread only posts to its mailbox (never waiting on the network) and
/// reads its status when `onChange` says it changed.
public final class FleetSink: @unchecked Sendable {
    public let settings: Config.MQTT
    private let mailbox = FleetMailbox(status: FleetStatus(connected: false, queued: 0))
    private let worker: FleetWorker
    private var thread: Thread?
    private var stopped = false

    /// `history`: the service whose outbox is published (the sink opens a
    /// connection of its own to its database). `onChange` is called on the
    /// sink's thread whenever `status` changed.
    public init(settings: Config.MQTT, history: HistoryService, log: Log, onChange: @escaping @Sendable () -> Void) {
        self.settings = settings
        worker = FleetWorker(settings: settings, history: history.store, mailbox: mailbox, log: log, onChange: onChange)
    }

    /// The password from `passwordFile`'s first line (nil without one).
    public static func password(_ settings: Config.MQTT) throws -> String? {
        guard let file = settings.passwordFile else { return nil }
        let data: Data
        do throws(InputFileProblem) {
            data = try InputFile.read(file)
        } catch {
            throw RuntimeFailure("mqtt.passwordFile \(file): \(error.reason)")
        }
        let text = String(decoding: data, as: UTF8.self)
        return String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
    }

    public func start() {
        let worker = self.worker
        let thread = Thread { worker.run() }
        thread.name = "plumscale-fleet"
        self.thread = thread
        thread.start()
    }

    /// Connected, queued, last error: what the sink last knew.
    public var status: FleetStatus { mailbox.currentStatus }

    /// A weighing entered the outbox: publish it (the row itself is on disk).
    public func weighingSaved() { mailbox.post(wake: true) }

    /// The newest live document (a newer one replaces one not yet sent).
    public func offerLive(_ document: String) { mailbox.post(live: document) }

    /// Seconds between two live documents at most `liveHz`.
    public var liveInterval: Double { 1 / settings.liveHz }

    /// Asks the thread to say "offline" and disconnect, and waits for it up
    /// to `timeout` seconds: a broker that never answers cannot hold up
    /// quitting. Whether it ended in time. Once only: a second call returns at once.
    @discardableResult
    public func stop(timeout: Double = 2) -> Bool {
        guard thread != nil, !stopped else { return true }
        stopped = true
        mailbox.post(stop: true)
        return mailbox.waitFinished(seconds: timeout)
    }
}
