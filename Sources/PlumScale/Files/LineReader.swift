import Foundation
import PlumScaleCore

#if canImport(Glibc)
    import Glibc
#endif

/// The lines of a file, read in 256 kB chunks as they are asked for: a
/// replay of any length is parsed with a few hundred kB of memory. Lines
/// end at LF (a CR before it stays, for the parser's trimming). A line that
/// is not UTF-8 or longer than `maximumLineLength`, or a read error, ends
/// the sequence and is kept in `failure`, which the caller checks after it.
public final class LineReader: Sequence, IteratorProtocol {
    public static let chunkSize = 256 * 1024
    /// Far beyond any replay line (about 100 bytes), small enough to refuse
    /// a file that is one endless line before it fills the memory.
    public static let maximumLineLength = 1 << 20

    public let path: String
    private let fd: Int32
    /// Bytes read; valid up to `end`, the next line starting at `start`.
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var atEnd = false
    /// Lines handed out so far.
    public private(set) var lineNumber = 0
    /// Why the lines stopped early, with the line concerned.
    public private(set) var failure: InputFileError?

    /// Whether bytes that are not UTF-8 are read as U+FFFD (an evemu
    /// recording: a kernel device name need not be UTF-8) rather than
    /// refused (JSON Lines, which RFC 8259 wants in UTF-8).
    public let lenient: Bool
    /// What a line is, for the errors: "one JSON object per line".
    private var expected: String { lenient ? "one evemu line per line" : "one JSON object per line" }

    /// Opens through InputFile: without blocking, a regular file only.
    public init(path: String, lenient: Bool = false) throws(InputFileProblem) {
        self.path = path
        self.lenient = lenient
        fd = try InputFile.open(path)
        buffer = [UInt8](repeating: 0, count: Self.chunkSize * 2)
    }

    deinit { close(fd) }

    /// Ends the sequence early: the next call to `next()` returns nil.
    public func stop() { stopped = true }
    private var stopped = false

    public func next() -> String? {
        guard failure == nil, !stopped else { return nil }
        while true {
            if let newline = newlineIndex() {
                return line(upTo: newline, next: newline + 1)
            }
            if atEnd {
                guard start < end else { return nil }
                return line(upTo: end, next: end)
            }
            if end - start > Self.maximumLineLength {
                failure = InputFileError(
                    file: path, line: lineNumber + 1,
                    "line longer than \(Self.maximumLineLength) bytes: expected \(expected)")
                return nil
            }
            fill()
            if failure != nil { return nil }
        }
    }

    /// The index of the next LF at or after `start` (memchr), nil when none.
    private func newlineIndex() -> Int? {
        guard start < end else { return nil }
        return buffer.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, let found = memchr(base + start, 0x0A, end - start) else { return nil }
            return found - UnsafeMutableRawPointer(mutating: base)
        }
    }

    private func line(upTo end: Int, next: Int) -> String? {
        lineNumber += 1
        guard end - start <= Self.maximumLineLength else {
            failure = InputFileError(
                file: path, line: lineNumber,
                "line longer than \(Self.maximumLineLength) bytes: expected \(expected)")
            return nil
        }
        let lenient = self.lenient
        let text = buffer.withUnsafeBufferPointer {
            let bytes = UnsafeBufferPointer(rebasing: $0[start..<end])
            return lenient ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
        }
        start = next
        guard let text else {
            failure = InputFileError(file: path, line: lineNumber, "expected UTF-8 text (JSON Lines), found other bytes")
            return nil
        }
        return text
    }

    /// Drops the lines already handed out and reads one more chunk.
    private func fill() {
        let pending = end - start
        if start > 0 {
            buffer.withUnsafeMutableBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                _ = memmove(base, base + start, pending)
            }
            start = 0
            end = pending
        }
        if buffer.count - end < Self.chunkSize {
            buffer += [UInt8](repeating: 0, count: Self.chunkSize)
        }
        var count = 0
        repeat {
            // The buffer holds a chunk past `end` (just above): never empty.
            count = buffer.withUnsafeMutableBytes { bytes in bytes.baseAddress.map { Glibc.read(fd, $0 + end, Self.chunkSize) } ?? 0 }
        } while count < 0 && errno == EINTR
        if count < 0 {
            failure = InputFileError(
                file: path, line: lineNumber + 1,
                "cannot be read (\(String(cString: strerror(errno))))")
            atEnd = true
            return
        }
        end += count
        if count == 0 { atEnd = true }
    }
}
