import Foundation
import PlumScaleCore

#if canImport(Glibc)
    import Glibc
#endif

/// Why a file named by the user (a replay, an evemu description, the
/// config, a font, the history database) cannot be read.
public struct InputFileProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        case missing
        /// A FIFO, a device node, a directory, a socket.
        case notRegular
        /// Permission denied, an I/O error, ...
        case unreadable
        /// Larger than what a file of its kind may be (`InputFile.Limit`).
        case tooLarge
    }

    public var path: String
    public var kind: Kind
    /// "no such file", "it is a FIFO, not a regular file", "cannot be read (Permission denied)".
    public var reason: String

    public var description: String { "\(path): \(reason)" }
}

/// The one way PlumScale opens a file it reads: without blocking
/// (O_NONBLOCK, so a FIFO with no writer or a device cannot hang the open),
/// then checked to be a regular file before a byte is read. A FIFO given
/// as a font, replay or config is an error naming it, not a hang.
public enum InputFile {
    /// The most a file read whole may hold, by kind: what fits what it is,
    /// checked against its size before a byte is read (a 100 GB sparse file
    /// would otherwise be read into memory). Replays are not read whole:
    /// they are streamed, line by line, whatever their length.
    public struct Limit: Equatable, Sendable {
        public var bytes: Int
        /// "a config file", for the error.
        public var what: String

        public init(bytes: Int, what: String) {
            self.bytes = bytes
            self.what = what
        }

        /// A config is a page of settings and calibrations: 1 MB.
        public static let config = Limit(bytes: 1 << 20, what: "a config file")
        /// A secret's first line: 64 kB.
        public static let secret = Limit(bytes: 64 << 10, what: "a password file")
        /// An evemu recording read whole into an `EvemuRecording` (tests and
        /// tools; replays stream, whatever their length): 64 MB.
        public static let evemuRecording = Limit(bytes: 64 << 20, what: "an evemu recording read whole")
        /// The kiosk's PIN lockout: one small JSON object.
        public static let lockout = Limit(bytes: 64 << 10, what: "a PIN lockout file")
        /// Any other small file read whole.
        public static let small = Limit(bytes: 1 << 20, what: "a file read whole")
    }

    /// Why `path` cannot be handed to the C library as it is: C reads a
    /// path up to its first NUL, so "a\0b" would open "a". nil when fine.
    public static func nulProblem(_ path: String) -> String? {
        path.utf8.contains(0) ? "the path contains a NUL character (\\u0000), which no file name can hold" : nil
    }

    /// An open descriptor of the regular file at `path`, in blocking mode
    /// again; the caller closes it.
    public static func open(_ path: String) throws(InputFileProblem) -> Int32 {
        if let problem = nulProblem(path) {
            throw InputFileProblem(path: TerminalText.visible(path), kind: .missing, reason: problem)
        }
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                throw InputFileProblem(path: path, kind: .missing, reason: "no such file")
            }
            throw InputFileProblem(
                path: path, kind: .unreadable,
                reason: "cannot be opened (\(String(cString: strerror(code))))")
        }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw InputFileProblem(
                path: path, kind: .unreadable,
                reason: "cannot be examined (\(String(cString: strerror(code))))")
        }
        let type = status.st_mode & S_IFMT
        guard type == S_IFREG else {
            Glibc.close(fd)
            let what = OutputFile.kind(type)
            throw InputFileProblem(
                path: path, kind: .notRegular,
                reason: "it is \(what), not a regular file")
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return fd
    }

    /// Checks that `path` is a readable regular file (for files another
    /// library opens by name, such as fonts).
    public static func check(_ path: String) throws(InputFileProblem) {
        Glibc.close(try open(path))
    }

    /// Whether something is at `path` (any kind; a dangling link is nothing).
    /// A path with a NUL names something (which `open` then refuses), never
    /// the file before the NUL.
    public static func exists(_ path: String) -> Bool {
        if nulProblem(path) != nil { return true }
        var status = stat()
        return stat(path, &status) == 0
    }

    /// The whole file, when it holds at most `limit` bytes: its size is
    /// checked before reading, and the reading stops past the limit (a file
    /// that grows meanwhile).
    public static func read(_ path: String, limit: Limit = .small) throws(InputFileProblem) -> Data {
        let fd = try open(path)
        defer { Glibc.close(fd) }
        var status = stat()
        let size = fstat(fd, &status) == 0 ? Int(status.st_size) : 0
        func tooLarge(_ size: Int, _ more: String = "") -> InputFileProblem {
            InputFileProblem(
                path: path, kind: .tooLarge,
                reason: "\(more)\(size) bytes, more than the \(limit.bytes) bytes \(limit.what) may hold; nothing was read")
        }
        guard size <= limit.bytes else { throw tooLarge(size) }
        var data = Data()
        data.reserveCapacity(max(0, size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                guard data.count + count <= limit.bytes else { throw tooLarge(data.count + count, "grew while read to over ") }
                data.append(contentsOf: chunk[0..<count])
            } else if count == 0 {
                return data
            } else if errno != EINTR {
                throw InputFileProblem(
                    path: path, kind: .unreadable,
                    reason: "cannot be read (\(String(cString: strerror(errno))))")
            }
        }
    }
}
