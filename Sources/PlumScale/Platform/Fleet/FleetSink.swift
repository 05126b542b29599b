import Foundation
import PlumScaleCore

/// The fleet's MQTT sink (README "Fleet"): weighings from the history's
/// outbox, at least once and in order, and the live readings, to the
/// broker of `mqtt` in the config. It runs on a thread of its own; the UI
/// thread only posts to its mailbox (never waiting on the network) and
/// reads its status when `onChange` says it changed.
public final class FleetSink: @unchecked Sendable {
    public let settings: Config.MQTT
    /// What the UI posts and the worker takes (tests read it too).
    let mailbox = FleetMailbox(status: FleetStatus(connected: false, queued: 0))
    private let worker: FleetWorker
    private var thread: JoinableThread?
    private var stopped = false

    /// `history`: the service whose outbox is published (the sink opens a
    /// connection of its own to its database). `onChange` is called on the
    /// sink's thread whenever `status` changed.
    public init(settings: Config.MQTT, history: HistoryService, log: Log, onChange: @escaping @Sendable () -> Void) {
        self.settings = settings
        worker = FleetWorker(settings: settings, history: history.store, mailbox: mailbox, log: log, onChange: onChange)
    }

    /// Everything that would stop the sink, checked before it starts, so a
    /// station that cannot publish fails at its start (exit 1, the reason
    /// said) instead of running with an outbox that only grows: every topic
    /// and the username as libmosquitto itself checks them, and the
    /// password file. The password (nil without one). Loading the config
    /// asks the same (`libraryProblem`, exit 2); this catches a password
    /// file changed since.
    @discardableResult
    public static func preflight(_ settings: Config.MQTT, log: Log?) throws -> String? {
        if let problem = libraryProblem(settings) { throw RuntimeFailure("\(problem.key): \(problem.message)") }
        return try password(settings, log: log)
    }

    /// The first setting libmosquitto would refuse, with its key: every
    /// topic the station publishes (Home Assistant's discovery topics too,
    /// which the prefix makes longer) and the username.
    public static func libraryProblem(_ settings: Config.MQTT) -> (key: String, message: String)? {
        var topics = [settings.weighingsTopic, settings.stateTopic, settings.availabilityTopic]
        topics += FleetPayload.discoveries(settings).map(\.topic)
        if let problem = topics.lazy.compactMap(MosquittoClient.topicProblem).first { return ("mqtt.topic", problem) }
        if let username = settings.username, !MosquittoClient.isValidUTF8(username) {
            return ("mqtt.username", "libmosquitto refuses it (MQTT strings are UTF-8 without control characters)")
        }
        return nil
    }

    /// The password from `passwordFile`'s first line (nil without one). A
    /// file that others may read is refused (the password is as good as
    /// published), and so is one larger than a secret may be or holding a
    /// NUL (`passwordFileProblem`); a CR before the line feed (a file
    /// written on Windows) is not part of the password, and is said.
    public static func password(_ settings: Config.MQTT, log: Log?) throws -> String? {
        guard let file = settings.passwordFile else { return nil }
        let data: Data
        switch passwordFileBytes(file) {
        case .success(let bytes): data = bytes
        case .failure(let problem): throw RuntimeFailure("mqtt.passwordFile \(file): \(problem.reason)")
        }
        // By the bytes: in Swift "\r\n" is one Character, which a split
        // at "\n" does not cut.
        var line = Array(data.split(separator: 10, omittingEmptySubsequences: false).first ?? [])
        if line.last == 13 {
            line.removeLast()
            log?.warning("mqtt.passwordFile \(file): its line ends in CR LF; the CR is not taken as part of the password")
        }
        return String(decoding: line, as: UTF8.self)
    }

    /// What is wrong with a password file, nil when nothing is: `config
    /// check` (exit 2) and the window's start ask the same. A file that
    /// every user may read holds a password as good as published, and one
    /// they may write lets any of them choose it (the message asks for no
    /// access by others at all, and that is what is checked); one
    /// larger than a secret may be (`InputFile.Limit.secret`, checked
    /// before a byte is read) or holding a NUL (libmosquitto would cut the
    /// password there) is no password file.
    public static func passwordFileProblem(_ file: String) -> String? {
        if case .failure(let problem) = passwordFileBytes(file) { return problem.reason }
        return nil
    }

    /// Why a password file is refused (the one check both callers make).
    struct PasswordFileProblem: Error {
        var reason: String
    }

    /// The password file's bytes, or why it is refused.
    private static func passwordFileBytes(_ file: String) -> Result<Data, PasswordFileProblem> {
        var info = stat()
        if stat(file, &info) == 0, info.st_mode & (S_IROTH | S_IWOTH | S_IXOTH) != 0 {
            let mode = String(info.st_mode & 0o777, radix: 8)
            let open = info.st_mode & S_IROTH != 0 ? "readable" : info.st_mode & S_IWOTH != 0 ? "writable" : "executable"
            return .failure(
                PasswordFileProblem(
                    reason: "\(open) by every user of this machine (mode \(mode)); expected no access for others (chmod o-rwx \(file))"))
        }
        let data: Data
        do throws(InputFileProblem) {
            data = try InputFile.read(file, limit: .secret)
        } catch {
            return .failure(PasswordFileProblem(reason: error.reason))
        }
        if data.contains(0) {
            return .failure(PasswordFileProblem(reason: "holds a NUL byte (libmosquitto would cut the password there)"))
        }
        return .success(data)
    }

    public func start() {
        let worker = self.worker
        thread = JoinableThread(name: "plumscale-fleet") { worker.run() }
    }

    /// Connected, queued, last error: what the sink last knew.
    public var status: FleetStatus { mailbox.currentStatus }

    /// A weighing entered the outbox: publish it (the row itself is on disk).
    public func weighingSaved() { mailbox.post(wake: true) }

    /// The newest live document (a newer one replaces one not yet sent).
    /// `precision`: the weight's display decimals; discovery is sent again when it changes.
    public func offerLive(_ document: String, precision: Int? = nil) { mailbox.post(live: document, precision: precision) }

    /// Seconds between two live documents at most `liveHz`.
    public var liveInterval: Double { 1 / settings.liveHz }

    /// Asks the thread to say "offline" and disconnect, and waits for it up
    /// to `timeout` seconds: a broker that never answers cannot hold up
    /// quitting. Whether it ended in time; a thread that did is joined, so
    /// nothing of it (OpenSSL's state for the thread) outlives the call.
    /// Once only: a second call returns at once.
    @discardableResult
    public func stop(timeout: Double = 2) -> Bool {
        guard let thread, !stopped else { return true }
        stopped = true
        mailbox.post(stop: true)
        let ended = mailbox.waitFinished(seconds: timeout)
        if ended { thread.join() } else { thread.detach() }
        return ended
    }
}
