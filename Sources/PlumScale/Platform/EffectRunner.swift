import Foundation
import PlumScaleCore

/// Performs every effect the core asks for, in one place: the store's work
/// and the config file (HistoryService); the kiosk's PIN lockout
/// (LockoutFile); quitting; and what the log and the service manager are
/// told when the kiosk's role changes. The window and `render` feed the
/// core through it alike. `render` (and the tests) have the store's answers
/// fed back at once, so the state is settled before it is drawn; the window
/// has the store work on its own thread (StoreThread), and the answers come
/// back as events, so a slow disk never holds the loop. Render has no
/// lockout file and no service manager: a quit there ends nothing.
public final class EffectRunner {
    public let history: HistoryService
    private let lockoutFile: LockoutFile?
    private let systemd: SystemdNotify?
    private let log: Log?
    /// The store's own thread (the window); nil: the work is done here.
    private let store: StoreThread?
    /// Set once the core asked to quit (Escape, the close button, the operator leaving).
    public private(set) var quitRequested = false
    /// The kiosk's role when last looked at, to tell each change.
    private var role: Kiosk.Role?
    /// Store work that asks for more (an answer that loads a page) stops
    /// after this many rounds: the core cannot make the loop spin.
    static let rounds = 16

    public convenience init(history: HistoryService) {
        self.init(history: history, lockoutFile: nil, systemd: nil, log: nil, store: nil)
    }

    init(history: HistoryService, lockoutFile: LockoutFile?, systemd: SystemdNotify?, log: Log?, store: StoreThread?) {
        self.history = history
        self.lockoutFile = lockoutFile
        self.systemd = systemd
        self.log = log
        self.store = store
    }

    /// Applies an event and performs what it asks (without a store thread,
    /// what the answers ask too, so the state is settled before it is
    /// drawn). Returns the effects performed other than the store's.
    @discardableResult
    public func feed(_ event: InputEvent, to state: inout AppState) -> [Effect] {
        if role == nil { role = state.kiosk?.role }
        var performed: [Effect] = []
        var pending = state.apply(event)
        var round = 0
        while !pending.isEmpty, round < Self.rounds {
            round += 1
            var next: [Effect] = []
            for effect in pending {
                guard effect.isStoreWork else {
                    perform(effect, state: state)
                    performed.append(effect)
                    continue
                }
                if let store {
                    store.submit(effect, at: state.wallClock)
                    continue
                }
                next += state.apply(InputEvent(time: state.now, .history(history.perform(effect, at: state.wallClock))))
            }
            pending = next
        }
        tellRole(state)
        return performed
    }

    private func perform(_ effect: Effect, state: AppState) {
        switch effect {
        case .quit:
            quitRequested = true
            if state.kiosk != nil { log?.info("kiosk: the operator left") }
        case .saveLockout(let failures, let lockedUntil):
            saveLockout(LockoutFile.Lockout(failures: failures, lockedUntil: lockedUntil), state: state)
        default:
            break
        }
    }

    private func tellRole(_ state: AppState) {
        guard let now = state.kiosk?.role, now != role else { return }
        role = now
        log?.info("kiosk: \(now == .operator ? "operator mode" : "passer-by mode")")
        systemd?.status("kiosk: \(now.rawValue)")
    }

    /// After a reload the kiosk starts again as passer-by: that is told as a change.
    func reconfigured(_ state: AppState) { role = state.kiosk?.role }

    private func saveLockout(_ lockout: LockoutFile.Lockout, state: AppState) {
        if lockout.failures >= Kiosk.freeTries {
            let left = (state.kiosk?.lockedUntil ?? 0) - state.now
            // Whole seconds, rounded up, but not for the float error of
            // (t + 30) - t: a 30 s lock says 30.
            let wait = lockout.lockedUntil != nil && left > 0 ? " for \(Int((left - 0.001).rounded(.up))) s" : ""
            log?.warning("kiosk: \(lockout.failures) wrong PINs; the PIN pad is locked\(wait)")
        } else if lockout.failures > 0 {
            log?.info("kiosk: wrong PIN (\(lockout.failures) so far)")
        }
        guard let lockoutFile else { return }
        do {
            try lockoutFile.save(lockout)
        } catch {
            log?.error("kiosk: the PIN lockout is not kept across a restart: \(error)")
        }
    }
}
