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
    /// An open descriptor of the regular file at `path`, in blocking mode
    /// again; the caller closes it.
    public static func open(_ path: String) throws(InputFileProblem) -> Int32 {
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
    public static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// The whole file.
    public static func read(_ path: String) throws(InputFileProblem) -> Data {
        let fd = try open(path)
        defer { Glibc.close(fd) }
        var status = stat()
        let hint = fstat(fd, &status) == 0 ? Int(status.st_size) : 0
        var data = Data()
        data.reserveCapacity(max(0, hint))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
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
