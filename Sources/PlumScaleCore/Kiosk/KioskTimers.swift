/// What time does in a kiosk: the admin chord and the corner hold, the
/// PIN pad's countdown, operator idle, attract mode and auto-record.
extension Kiosk {
    /// Run on every tick: the chord, the corner hold, the pad's countdown,
    /// operator idle, attract mode. `awayFromScale`: another screen is up.
    mutating func timePassed(now: Double, awayFromScale: Bool) -> [KioskRequest] {
        var requests: [KioskRequest] = []
        if let start = chordStart, now - start >= Self.chordSeconds {
            chordStart = nil
            chordFired = true
            // The chord only opens the PIN pad (during a lockout, its countdown):
            // the PIN is the one way to the operator.
            if !hasOperator {
                requests.append(.say("No operator PIN is set in the config: this kiosk has no operator mode"))
            } else if role == .passerBy {
                openPinPad(now: now)
            }
        }
        if let hold = cornerHold, now - hold.start >= Self.cornerSeconds {
            cornerHold = nil
            openPinPad(now: now)
        }
        if let pad = pinPad {
            let live =
                isLocked(at: now)
                ? padMessage(pad.message, at: now)
                : (pad.message.hasPrefix(PinPad.countdownPrefix) ? PinPad.prompt : pad.message)
            if live != pad.message { pinPad?.message = live }
        }
        if role == .operator, now - lastDeliberateInput >= settings.operatorIdleSeconds {
            requests += lock(
                saying: "Locked after \(Self.seconds(settings.operatorIdleSeconds)) without input: passer-by mode")
        }
        if now - lastInput >= settings.idleSeconds, awayFromScale || pinPad != nil {
            pinPad = nil
            requests.append(.returnToScale)
        }
        return requests
    }

    /// The PIN pad opens (the corner held, or the chord): it says the
    /// countdown while the pad is locked.
    mutating func openPinPad(now: Double) {
        guard pinPad == nil else { return }
        pinPad = PinPad(message: padMessage(PinPad.prompt, at: now))
    }

    /// Auto-record: once every object has been stable for the set time, a
    /// weighing is recorded, and again only when the set of objects changes.
    mutating func watch(_ objects: Set<Int>, settled: Bool, now: Double) -> [KioskRequest] {
        guard !objects.isEmpty, settled else {
            stableSince = nil
            stableSet = nil
            if objects.isEmpty { recordedSet = nil }
            return []
        }
        // The set's time starts when it is what lies there: one object of two
        // lifted a moment before the other is not a weighing of the one left.
        let since = stableSet == objects ? stableSince ?? now : now
        stableSince = since
        stableSet = objects
        guard objects != recordedSet, now - since >= settings.autoRecordSeconds else { return [] }
        recordedSet = objects
        return [.record]
    }

    /// When the kiosk next needs a tick. `awayFromScale`: another screen is
    /// up; `watching`: the objects auto-record waits on, nil when it waits
    /// on none (it is off, or the scale is not watched, or empty).
    func nextWake(now: Double, awayFromScale: Bool, watching objects: Set<Int>?) -> Double? {
        var wakes: [Double] = []
        if let start = chordStart { wakes.append(start + Self.chordSeconds) }
        if let hold = cornerHold { wakes.append(hold.start + Self.cornerSeconds) }
        if awayFromScale || pinPad != nil { wakes.append(lastInput + settings.idleSeconds) }
        if role == .operator { wakes.append(lastDeliberateInput + settings.operatorIdleSeconds) }
        if pinPad != nil, isLocked(at: now) {
            // The countdown's next whole second (and the moment it ends).
            let remaining = lockedUntil - now
            wakes.append(lockedUntil - (remaining.rounded(.up) - 1))
        }
        if let objects {
            // Until the objects have settled, a tick each frame notices when
            // they do; then one when they will have stayed long enough, and
            // none once that set is recorded: a loaded kiosk can sleep.
            if let since = stableSince {
                if objects != recordedSet { wakes.append(since + settings.autoRecordSeconds) }
            } else {
                wakes.append(now + AppState.frameInterval)
            }
        }
        return wakes.min().map { max($0, now + 0.001) }
    }
}
