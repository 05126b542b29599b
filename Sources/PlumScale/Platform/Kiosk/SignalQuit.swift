import CSDL2
import Foundation
import PlumScaleCore

#if canImport(Glibc)
    import Glibc
#endif

/// SIGTERM and SIGINT end the window loop cleanly, in every mode, kiosk
/// included: that is how a service manager (or Ctrl+C) stops PlumScale. A
/// signal is not user input, so it never reaches the core as an InputEvent
/// (where a kiosk ignores quit requests): the loop stops itself.
///
/// SDL's own handlers (which turn the signals into SDL_QUIT) are switched off
/// with SDL_HINT_NO_SIGNAL_HANDLERS. Ours only writes the signal number to a
/// pipe (async-signal-safe); a watcher thread reads it and pushes an
/// SDL_USEREVENT with `eventCode`, which wakes SDL_WaitEvent.
enum SignalQuit {
    /// `user.code` of the wake-up event; `user.data1` carries the signal number.
    static let eventCode: Int32 = 0x5347

    /// The pipe's write end, read by the handler.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    nonisolated(unsafe) private static var installed = false

    /// Installs the handlers for SIGTERM and SIGINT and starts the watcher.
    /// Call after SDL_Init (the watcher pushes SDL events). Idempotent.
    static func install(log: Log) {
        if installed { return }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            log.warning("cannot watch SIGTERM and SIGINT (pipe: \(String(cString: strerror(errno)))); they end the program abruptly")
            return
        }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        writeEnd = fds[1]
        installed = true
        let readEnd = fds[0]
        let watcher = Thread {
            while true {
                var byte: UInt8 = 0
                let count = read(readEnd, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                guard count == 1 else { return }
                var event = SDL_Event()
                event.type = SDL_USEREVENT.rawValue
                event.user.code = SignalQuit.eventCode
                event.user.data1 = UnsafeMutableRawPointer(bitPattern: Int(byte))
                SDL_PushEvent(&event)
            }
        }
        watcher.name = "plumscale signals"
        watcher.start()
        for signal in [SIGTERM, SIGINT] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                let saved = errno
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(SignalQuit.writeEnd, &byte, 1)
                errno = saved
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
        // A parent may have left them blocked (posix_spawn and fork inherit
        // the mask): unblock them here, in the thread that runs the loop.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGTERM)
        sigaddset(&unblock, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        log.debug("SIGTERM and SIGINT end the program cleanly")
    }

    /// The signal number when `event` is a signal's wake-up event, else nil.
    static func signal(in event: SDL_Event) -> Int32? {
        guard event.type == SDL_USEREVENT.rawValue, event.user.code == eventCode else { return nil }
        return Int32(truncatingIfNeeded: Int(bitPattern: event.user.data1))
    }

    /// "SIGTERM", "SIGINT", else "signal N".
    static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        default: "signal \(signal)"
        }
    }
}
