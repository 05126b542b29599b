import Foundation
import PlumScaleCore

#if canImport(Glibc)
    import Glibc
#endif

/// An output that could not be written: the file (or stream) and the reason
/// in the operating system's words. A refused target (something that is not
/// a regular file) is bad usage, exit 2; a failed write is a runtime failure,
/// exit 1.
public struct OutputError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// The target exists and is not a regular file; nothing was written.
        case refused
        /// Creating, writing, syncing or renaming failed; nothing was left behind.
        case failed
    }

    /// The path, or "standard output".
    public var target: String
    public var kind: Kind
    public var reason: String
    /// The errno behind a failure, when there was one.
    public var code: Int32?

    public init(target: String, kind: Kind, reason: String, code: Int32? = nil) {
        self.target = target
        self.kind = kind
        self.reason = reason
        self.code = code
    }

    /// A failure from `errno`, read now.
    static func failed(_ target: String, _ doing: String, code: Int32 = errno) -> OutputError {
        OutputError(target: target, kind: .failed, reason: "\(doing): \(String(cString: strerror(code)))", code: code)
    }

    public var exitCode: Int32 { kind == .refused ? 2 : 1 }

    public var description: String { "cannot write \(target): \(reason)" }
}

/// The system calls an `OutputFile` makes that can fail with a full disk or
/// a dying device; tests replace them to reach those paths.
public struct OutputCalls: Sendable {
    public var write: @Sendable (Int32, UnsafeRawPointer, Int) -> Int
    public var fsync: @Sendable (Int32) -> Int32
    public var close: @Sendable (Int32) -> Int32

    public init(
        write: @escaping @Sendable (Int32, UnsafeRawPointer, Int) -> Int,
        fsync: @escaping @Sendable (Int32) -> Int32,
        close: @escaping @Sendable (Int32) -> Int32
    ) {
        self.write = write
        self.fsync = fsync
        self.close = close
    }

    public static let system = OutputCalls(
        write: { Glibc.write($0, $1, $2) }, fsync: { Glibc.fsync($0) }, close: { Glibc.close($0) })
}

/// The one way PlumScale writes a file (PNG frames and screenshots, state
/// documents, history exports, the config file): the bytes go to a new
/// temporary file in the target's directory, which is fsynced and renamed
/// over the target, so the target is either its old self or the complete new
/// file, never a partial or empty one. A target that exists and is not a
/// regular file (a symbolic link, a FIFO, a device node, a directory) is
/// refused before anything is written: renaming over it would replace it.
/// A replaced file keeps its permission bits.
public final class OutputFile {
    public let path: String
    let temporaryPath: String
    private var fd: Int32
    private let calls: OutputCalls
    private var finished = false

    /// Creates the temporary file beside `path`, after checking the target.
    public init(path: String, calls: OutputCalls = .system) throws(OutputError) {
        let existing = try Self.checkTarget(path)
        let url = URL(fileURLWithPath: path)
        let directory = path.contains("/") ? url.deletingLastPathComponent().path : "."
        let name = url.lastPathComponent
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let temporary = directory + "/." + name + ".\(getpid()).\(random).tmp"
        let fd = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
        guard fd >= 0 else { throw .failed(path, "cannot create a file in \(directory)") }
        if let existing { _ = fchmod(fd, existing.st_mode & 0o7777) }
        self.path = path
        self.temporaryPath = temporary
        self.fd = fd
        self.calls = calls
    }

    deinit { if !finished { discard() } }

    /// The target's status when it exists and is a regular file, nil when it
    /// does not exist; throws a refusal when it is anything else.
    @discardableResult
    public static func checkTarget(_ path: String) throws(OutputError) -> stat? {
        guard !path.isEmpty else { throw OutputError(target: "\"\"", kind: .refused, reason: "an empty path") }
        if let problem = InputFile.nulProblem(path) {
            throw OutputError(target: TerminalText.visible(path), kind: .refused, reason: problem)
        }
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw .failed(path, "cannot look at it")
        }
        let type = status.st_mode & S_IFMT
        guard type == S_IFREG else {
            let what = Self.kind(type)
            let advice =
                type == S_IFLNK
                ? "; name the file it points to instead" : ", not a regular file; PlumScale writes only regular files"
            throw OutputError(target: path, kind: .refused, reason: "it is \(what)\(advice)")
        }
        return status
    }

    /// "a symbolic link", "a FIFO", ... for an S_IFMT value.
    static func kind(_ type: mode_t) -> String {
        switch type {
        case S_IFLNK: return "a symbolic link"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFDIR: return "a directory"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// Appends bytes; a failure discards the temporary file.
    public func append(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        guard !finished else { throw OutputError(target: path, kind: .failed, reason: "already closed") }
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = calls.write(fd, base + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                let code = written < 0 ? errno : ENOSPC  // write(2) returning 0 for a regular file: no room
                discard()
                throw .failed(path, "write failed", code: code)
            }
        }
    }

    public func append(_ text: String) throws(OutputError) {
        var text = text
        var failure: OutputError?
        text.withUTF8 { bytes in
            do throws(OutputError) { try append(UnsafeRawBufferPointer(bytes)) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    public func append(_ data: Data) throws(OutputError) {
        var failure: OutputError?
        data.withUnsafeBytes { bytes in
            do throws(OutputError) { try append(bytes) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// fsync, close, rename over the target, fsync the directory. After a
    /// failure nothing new is left behind and the target is as it was.
    public func commit() throws(OutputError) {
        guard !finished else { throw OutputError(target: path, kind: .failed, reason: "already closed") }
        guard calls.fsync(fd) == 0 else {
            let code = errno
            discard()
            throw .failed(path, "fsync failed", code: code)
        }
        let closed = calls.close(fd)
        fd = -1
        guard closed == 0 else {
            let code = errno
            discard()
            throw .failed(path, "close failed", code: code)
        }
        // Checked again: something may have appeared at the path meanwhile.
        do throws(OutputError) {
            try Self.checkTarget(path)
        } catch {
            discard()
            throw error
        }
        guard rename(temporaryPath, path) == 0 else {
            let code = errno
            discard()
            throw .failed(path, "cannot rename \(temporaryPath) to it", code: code)
        }
        finished = true
        let directory = path.contains("/") ? URL(fileURLWithPath: path).deletingLastPathComponent().path : "."
        let dirFD = Glibc.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirFD >= 0 {
            _ = Glibc.fsync(dirFD)  // the rename itself durable; some file systems refuse, harmlessly
            Glibc.close(dirFD)
        }
    }

    /// Removes the temporary file; the target is untouched.
    public func discard() {
        guard !finished else { return }
        finished = true
        if fd >= 0 { _ = calls.close(fd) }
        fd = -1
        unlink(temporaryPath)
    }

    /// Writes the file with `body`'s appends; committed when `body` returns,
    /// discarded when it throws.
    public static func write(
        to path: String, calls: OutputCalls = .system,
        _ body: (OutputFile) throws -> Void
    ) throws {
        let file = try OutputFile(path: path, calls: calls)
        do {
            try body(file)
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
    }

    public static func write(_ text: String, to path: String, calls: OutputCalls = .system) throws(OutputError) {
        let file = try OutputFile(path: path, calls: calls)
        try file.append(text)
        try file.commit()
    }

    public static func write(_ data: Data, to path: String, calls: OutputCalls = .system) throws(OutputError) {
        let file = try OutputFile(path: path, calls: calls)
        try file.append(data)
        try file.commit()
    }

    /// `mkdir -p`: creates `directory` and its missing parents with `mode`;
    /// the error names the directory that could not be made and why.
    public static func createDirectories(_ directory: String, mode: mode_t = 0o777) throws(OutputError) {
        var status = stat()
        if stat(directory, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw OutputError(target: directory, kind: .refused, reason: "it exists and is not a directory")
            }
            return
        }
        let parent = (directory as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != directory { try createDirectories(parent, mode: mode) }
        if mkdir(directory, mode) != 0 && errno != EEXIST {
            throw .failed(directory, "cannot create the directory")
        }
    }
}
