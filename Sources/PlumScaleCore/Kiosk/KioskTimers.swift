import Foundation

/// What time does in a kiosk: the admin chord and the corner hold, the
/// PIN pad's countdown, operator idle, attract mode and auto-record.
extension AppState {
    /// Timers of the kiosk, run on every tick: the chord, the corner hold,
    /// the pad's countdown, operator idle, attract mode, auto-record.
    mutating func kioskTick() {
        guard let kiosk else { return }
        if let start = kiosk.chordStart, now - start >= Kiosk.chordSeconds {
            self.kiosk?.chordStart = nil
            self.kiosk?.chordFired = true
            // The chord only opens the PIN pad (during a lockout, its countdown):
            // the PIN is the one way to the operator.
            if !kiosk.hasOperator {
                show("No operator PIN is set in the config: this kiosk has no operator mode", on: .some(nil))
            } else if kiosk.role == .passerBy {
                openPinPad()
            }
        }
        if let hold = kiosk.cornerHold, now - hold.start >= Kiosk.cornerSeconds {
            self.kiosk?.cornerHold = nil
            if kiosk.pinPad == nil { openPinPad() }
        }
        if let pad = self.kiosk?.pinPad {
            let live =
                kiosk.isLocked(at: now)
                ? kiosk.padMessage(pad.message, at: now)
                : (pad.message.hasPrefix(PinPad.countdownPrefix) ? PinPad.prompt : pad.message)
            if live != pad.message { self.kiosk?.pinPad?.message = live }
        }
        if kiosk.role == .operator, now - kiosk.lastDeliberateInput >= kiosk.settings.operatorIdleSeconds {
            lockOperatorMode("Locked after \(Self.seconds(kiosk.settings.operatorIdleSeconds)) without input: passer-by mode")
        }
        if now - kiosk.lastInput >= kiosk.settings.idleSeconds, kioskHasAwayState {
            screen = .scale
            self.kiosk?.pinPad = nil
        }
        if autoRecordsNow { autoRecord() }
    }

    /// Auto-record watches the scale screen only, with no PIN pad over it:
    /// objects left on the glass behind the wizard, the history or the pad
    /// are neither recorded nor waited for.
    var autoRecordsNow: Bool {
        guard let kiosk else { return false }
        return kiosk.settings.autoRecord && screen == .scale && kiosk.pinPad == nil
    }

    /// The PIN pad opens (the corner held, or the chord): it says the
    /// countdown while the pad is locked.
    mutating func openPinPad() {
        guard let kiosk, kiosk.pinPad == nil else { return }
        self.kiosk?.pinPad = PinPad(message: kiosk.padMessage(PinPad.prompt, at: now))
    }

    /// "120 s", "2.5 s".
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? "\(Int(value)) s" : "\(value) s"
    }

    /// Records once every object has been stable for the set time, and again
    /// only when the set of objects changes.
    mutating func autoRecord() {
        guard let kiosk else { return }
        let views = contactViews
        guard !views.isEmpty, views.allSatisfy(\.stable), source.mode != .position else {
            self.kiosk?.stableSince = nil
            self.kiosk?.stableSet = nil
            if views.isEmpty { self.kiosk?.recordedSet = nil }
            return
        }
        // The set's time starts when it is what lies there: one object of two
        // lifted a moment before the other is not a weighing of the one left.
        let ids = Set(views.map(\.id))
        let since = kiosk.stableSet == ids ? kiosk.stableSince ?? now : now
        self.kiosk?.stableSince = since
        self.kiosk?.stableSet = ids
        guard ids != kiosk.recordedSet, now - since >= kiosk.settings.autoRecordSeconds else { return }
        self.kiosk?.recordedSet = ids
        record()
    }

    /// When the kiosk next needs a tick.
    var kioskWake: Double? {
        guard let kiosk else { return nil }
        var wakes: [Double] = []
        if let start = kiosk.chordStart { wakes.append(start + Kiosk.chordSeconds) }
        if let hold = kiosk.cornerHold { wakes.append(hold.start + Kiosk.cornerSeconds) }
        if kioskHasAwayState { wakes.append(kiosk.lastInput + kiosk.settings.idleSeconds) }
        if kiosk.role == .operator { wakes.append(kiosk.lastDeliberateInput + kiosk.settings.operatorIdleSeconds) }
        if kiosk.pinPad != nil, kiosk.isLocked(at: now) {
            // The countdown's next whole second (and the moment it ends).
            let remaining = kiosk.lockedUntil - now
            wakes.append(kiosk.lockedUntil - (remaining.rounded(.up) - 1))
        }
        if autoRecordsNow, !scale.isEmpty, source.mode != .position {
            // Until the objects have settled, a tick each frame notices when
            // they do; then one when they will have stayed long enough, and
            // none once that set is recorded: a loaded kiosk can sleep.
            if let since = kiosk.stableSince {
                if Set(scale.board.contacts.map(\.id)) != kiosk.recordedSet { wakes.append(since + kiosk.settings.autoRecordSeconds) }
            } else {
                wakes.append(now + Self.frameInterval)
            }
        }
        return wakes.min().map { max($0, now + 0.001) }
    }
}
