import Foundation
import PlumScaleCore

#if canImport(Glibc)
    import Glibc
#endif

/// Standard output and standard error, written with write(2) and nothing
/// in between: no buffer to lose at exit, no `try!` (FileHandle.write(_:))
/// to trap when the stream is a full device or a pipe whose reader left
/// (with SIGPIPE ignored, as systemd runs services). Every program output
/// goes through here; a failed standard output is an `OutputError` (exit
/// 1), a failed standard error is dropped, there being nowhere to say it.
public enum StandardStreams {
    /// Writes every byte to `fd`, through EINTR, short writes and a
    /// non-blocking descriptor; 0, or the errno of the failure.
    public static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Int32 {
        guard let base = bytes.baseAddress else { return 0 }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(fd, base + offset, bytes.count - offset)
            if written > 0 {
                offset += written
                continue
            }
            let code = written < 0 ? errno : EIO
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK {
                var wait = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&wait, 1, -1)
                continue
            }
            return code
        }
        return 0
    }

    public static func write(_ text: String, to fd: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { write(UnsafeRawBufferPointer($0), to: fd) }
    }

    /// Writes to standard output; throws the OS reason when it fails.
    public static func out(_ text: String) throws(OutputError) {
        let code = write(text, to: STDOUT_FILENO)
        guard code == 0 else { throw .failed("standard output", "write failed", code: code) }
    }

    /// Writes to standard error, best effort.
    public static func err(_ text: String) {
        _ = write(text, to: STDERR_FILENO)
    }
}
