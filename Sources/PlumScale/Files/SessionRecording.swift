import Foundation
import PlumScaleCore

#if canImport(Glibc)
    import Glibc
#endif

/// A file a session is recorded into as it happens (`--record`,
/// `--record-evemu`): text is gathered and written out once a frame, so a
/// crash loses at most the frame in progress. Unlike `OutputFile` it grows
/// in place. A target that exists and is not a regular file is refused
/// (exit 2); a write that fails ends the recording with one warning, never
/// the session, and the file is cut back to the end of the last flush that
/// was written whole: what it holds is always whole lines (a replay up to
/// its last whole event), never half a line. Used from the SDL thread and
/// the evdev reader's thread.
final class SessionRecording: @unchecked Sendable {
    let path: String
    private let fd: Int32
    private let lock = NSLock()
    private var buffer: [UInt8] = []
    private var failed = false
    private let log: Log
    /// Bytes on disk that end at a flush's end, so at a line's end.
    private var committed: off_t = 0
    /// Lines written whole (`flush` counts the LFs it wrote).
    private(set) var linesWritten = 0
    private let write: (Int32, UnsafeRawPointer, Int) -> Int

    /// `write` is write(2), replaced by tests to fail at a chosen byte.
    init(path: String, log: Log, write: @escaping (Int32, UnsafeRawPointer, Int) -> Int = { Glibc.write($0, $1, $2) })
        throws(OutputError)
    {
        self.write = write
        if let problem = InputFile.nulProblem(path) {
            throw OutputError(target: TerminalText.visible(path), kind: .refused, reason: problem)
        }
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
            // Not empty (the guard above): the base address is there.
            let written = buffer.withUnsafeBytes { bytes in bytes.baseAddress.map { write(fd, $0 + offset, bytes.count - offset) } ?? 0 }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                let code = written == 0 ? ENOSPC : errno
                failed = true
                // Part of this flush may be on disk: keep its whole lines,
                // cut off the rest, so the file ends with its last whole line.
                let whole = buffer[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                linesWritten += buffer[..<whole].count { $0 == 0x0A }
                let cut =
                    ftruncate(fd, committed + off_t(whole)) == 0 ? "" : " (and it could not be cut back to its last whole line)"
                log.warning(
                    "recording stopped: cannot write \(path): \(String(cString: strerror(code))); "
                        + "it keeps the \(linesWritten) whole lines written before\(cut); the session goes on unrecorded")
                break
            }
            offset += written
        }
        if !failed {
            committed += off_t(buffer.count)
            linesWritten += buffer.count { $0 == 0x0A }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// `--record FILE`: what the core is fed, as a JSON Lines replay.
final class SessionRecorder {
    private let file: SessionRecording
    private var writer: ReplayWriter

    /// Writes the header now; events are timed from `origin` (core time),
    /// which is `started` on the wall clock.
    init(path: String, source: InputSource, mouse: Bool, origin: Double, started: Date, log: Log) throws(OutputError) {
        file = try SessionRecording(path: path, log: log)
        writer = ReplayWriter(origin: origin)
        file.append(ReplayWriter.header(for: source, mouse: mouse, started: started) + "\n")
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
