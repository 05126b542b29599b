import CSDL2
import Foundation
import PlumScaleCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The signals a running window answers, in every mode, kiosk included; a
/// signal is not user input, so it never reaches the core as an InputEvent
/// (where a kiosk ignores quit requests): the loop acts on it itself.
///
/// - SIGTERM and SIGINT end the window loop cleanly (exit 0): that is how a
///   service manager (or Ctrl+C) stops PlumScale.
/// - SIGHUP reloads the config file (`systemctl reload`); a file with
///   errors is reported and the settings in effect are kept.
/// - SIGUSR1 writes one status line to the log (screen, role, contacts,
///   the PIN lockout).
/// - SIGUSR2 has no meaning: it is logged and ignored.
///
/// None of them kills the program without a log line. SDL's own handlers
/// (which turn SIGINT and SIGTERM into SDL_QUIT) are switched off with
/// SDL_HINT_NO_SIGNAL_HANDLERS. Ours only marks the signal pending and
/// writes a wake-up byte to a non-blocking pipe (`SignalPipe`: both
/// async-signal-safe, neither can block); a watcher thread reads it and
/// pushes an SDL_USEREVENT with `eventCode` per pending signal, which wakes
/// SDL_WaitEvent.
enum SignalQuit {
    /// `user.code` of the wake-up event; `user.data1` carries the signal number.
    static let eventCode: Int32 = 0x5347

    /// The handler's pipe and pending marks (made once, before any handler).
    nonisolated(unsafe) private static var pipe: SignalPipe?
    nonisolated(unsafe) private static var installed = false

    /// The signals handled, in the order above.
    static let handled: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2]

    /// What the loop does with a signal.
    enum Meaning: Equatable {
        case quit, reload, status, ignore
    }

    static func meaning(of signal: Int32) -> Meaning {
        switch signal {
        case SIGTERM, SIGINT: .quit
        case SIGHUP: .reload
        case SIGUSR1: .status
        default: .ignore
        }
    }

    /// Installs the handlers, first thing at start (a signal that comes
    /// while the program starts up waits in the pipe, it does not kill it).
    /// `startWatching()` hands what arrives to the loop once SDL runs.
    /// Idempotent.
    static func install(log: Log) {
        if installed { return }
        guard let made = SignalPipe() else {
            log.warning(
                "cannot watch signals (pipe: \(String(cString: strerror(errno)))); SIGTERM, SIGINT, SIGHUP, SIGUSR1 and SIGUSR2 end the program abruptly"
            )
            return
        }
        pipe = made
        installed = true
        for signal in handled {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                let saved = errno
                SignalQuit.pipe?.note(number)
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
        for signal in handled { sigaddset(&unblock, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        log.debug("SIGTERM and SIGINT end the program cleanly, SIGHUP reloads the config, SIGUSR1 logs the status, SIGUSR2 is ignored")
    }

    nonisolated(unsafe) private static var watching = false

    /// Starts the thread that turns each signal into an SDL event. Call after
    /// SDL_Init (it pushes SDL events). Idempotent.
    static func startWatching() {
        guard installed, !watching, let pipe else { return }
        watching = true
        let watcher = Thread {
            while let signals = pipe.wait() {
                for signal in signals {
                    var event = SDL_Event()
                    event.type = SDL_USEREVENT.rawValue
                    event.user.code = SignalQuit.eventCode
                    event.user.data1 = UnsafeMutableRawPointer(bitPattern: Int(signal))
                    SDL_PushEvent(&event)
                }
            }
        }
        watcher.name = "plumscale signals"
        watcher.start()
    }

    /// The signal number when `event` is a signal's wake-up event, else nil.
    static func signal(in event: SDL_Event) -> Int32? {
        guard event.type == SDL_USEREVENT.rawValue, event.user.code == eventCode else { return nil }
        return Int32(truncatingIfNeeded: Int(bitPattern: event.user.data1))
    }

    /// "SIGTERM", "SIGINT", ..., else "signal N".
    static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        case SIGHUP: "SIGHUP"
        case SIGUSR1: "SIGUSR1"
        case SIGUSR2: "SIGUSR2"
        default: "signal \(signal)"
        }
    }
}

/// Where a signal handler leaves its signal: a pending mark per signal
/// number (an atomic bit mask) and one byte on a pipe to wake the watcher.
/// The pipe's write end is non-blocking: when a flood of signals during a
/// slow start has filled it, the byte is dropped, the handler returns at
/// once, and the mark still says the signal came. Signals of one kind
/// that come before the watcher looks are one signal (as the kernel
/// itself merges them); a SIGTERM behind a thousand SIGUSR2s is never lost.
final class SignalPipe: Sendable {
    private let readEnd: Int32
    private let writeEnd: Int32
    private let pending = Atomic<UInt64>(0)

    /// nil when no pipe can be made (errno says why).
    init?() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        readEnd = fds[0]
        writeEnd = fds[1]
        let flags = fcntl(writeEnd, F_GETFL)
        _ = fcntl(writeEnd, F_SETFL, flags | O_NONBLOCK)
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// From the handler: async-signal-safe, never blocks.
    func note(_ signal: Int32) {
        guard signal > 0, signal < 64 else { return }
        pending.bitwiseOr(UInt64(1) << UInt64(signal), ordering: .sequentiallyConsistent)
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// The signals marked since the last call, in number order (empty when none).
    func take() -> [Int32] {
        let bits = pending.exchange(0, ordering: .sequentiallyConsistent)
        return (1..<64).filter { bits & (UInt64(1) << UInt64($0)) != 0 }.map { Int32($0) }
    }

    /// Blocks until a wake-up byte comes, then gives what is pending (at
    /// least one wake-up's worth; bytes left over by merged signals give
    /// empty lists). nil when the pipe is gone.
    func wait() -> [Int32]? {
        var bytes = [UInt8](repeating: 0, count: 256)
        while true {
            let count = read(readEnd, &bytes, bytes.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            return take()
        }
    }
}
