import Foundation
import PlumScaleCore

/// A file a session is recorded into as it happens (`--record`,
/// `--record-evemu`): text is gathered and written out once a frame, so a
/// crash loses at most the frame in progress. Unlike `OutputFile` it grows
/// in place. A target that exists and is not a regular file is refused
/// (exit 2); a write that fails ends the recording with one warning, never
/// the session. Used from the SDL thread and the evdev reader's thread.
final class SessionRecording: @unchecked Sendable {
    let path: String
    private let fd: Int32
    private let lock = NSLock()
    private var buffer: [UInt8] = []
    private var failed = false
    private let log: Log

    init(path: String, log: Log) throws(OutputError) {
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw OutputError(target: path, kind: .refused, reason: "it exists and is not a regular file; nothing was written")
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OutputError.failed(path, "open") }
        self.fd = fd
        self.path = path
        self.log = log
    }

    deinit {
        flush()
        close(fd)
    }

    /// Adds `text` to what the next `flush` writes.
    func append(_ text: String) {
        lock.withLock { buffer.append(contentsOf: text.utf8) }
    }

    /// Writes what was gathered.
    func flush() {
        lock.lock()
        defer { lock.unlock() }
        guard !buffer.isEmpty, !failed else { return }
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                failed = true
                log.warning("recording stopped: cannot write \(path): \(String(cString: strerror(errno)))")
                break
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// `--record FILE`: what the core is fed, as a JSON Lines replay.
final class SessionRecorder {
    private let file: SessionRecording
    private var writer: ReplayWriter

    /// Writes the header now; events are timed from `origin` (core time).
    init(path: String, source: InputSource, origin: Double, log: Log) throws(OutputError) {
        file = try SessionRecording(path: path, log: log)
        writer = ReplayWriter(origin: origin)
        file.append(ReplayWriter.header(for: source) + "\n")
        file.flush()
    }

    func record(_ event: InputEvent) {
        if let line = writer.line(for: event) { file.append(line + "\n") }
    }

    func flush() { file.flush() }
}

/// `--record-evemu`'s last event time, on the reader's thread: keeps the
/// file's times from going backwards (EvemuWriter.lines).
final class EvemuClock: @unchecked Sendable {
    private var last = 0.0

    func lines(_ events: [KernelEvent]) -> String { EvemuWriter.lines(events, after: &last) }
}
