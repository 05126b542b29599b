import Foundation

/// The root's side of the kiosk's PIN pad and of its timers.
extension AppState {
    /// While the pad is up: touches going down press its keys and belong to
    /// the kiosk until they lift; the lifts and moves of objects that were
    /// on the glass before still reach the scale, so none stays behind.
    /// Whether the pad took the event.
    mutating func pinPadTakes(_ event: InputEvent) -> Bool {
        let owned = kiosk?.ownedTouches ?? []
        let point: Point
        switch event.kind {
        case .touchDown(let s):
            own(s.id)
            guard s.x.isFinite, s.y.isFinite else { return true }
            point = layout.layoutPoint(normalizedX: s.x, normalizedY: s.y)
        case .touchMove(let s) where owned.contains(s.id):
            return true
        case .touchUp(let id) where owned.contains(id), .touchCancel(let id) where owned.contains(id):
            reduceKiosk(.ownedTouchLifted(id: id, act: false))
            return true
        case .pointerDown(let x, let y, _, _):
            guard x.isFinite, y.isFinite else { return true }
            point = layout.layoutPoint(normalizedX: x, normalizedY: y)
        case .keyDown(let key, _) where key.digit != nil:
            pinPadTapped(.pinDigit(key.digit ?? 0))
            return true
        case .keyDown(.enter, _):
            pinPadTapped(.okTapped)
            return true
        case .keyDown(.escape, _):
            pinPadTapped(.cancelTapped)
            return true
        case .keyDown(.backspace, _):
            pinPadTapped(.backspaceTapped)
            return true
        case .keyDown, .quit:
            return true  // no recording, no history, no leaving from behind the pad
        case .keyUp(let key, _):
            if [.character("q"), .control, .alt].contains(key) { reduceKiosk(.chordReleased) }
            return true
        case .touchMove, .touchUp, .touchCancel, .pointerMove, .pointerUp, .wheel, .tick, .resize, .deviceChanged, .history, .fleet,
            .deviceTotal:
            return false
        }
        if case .pinPad(let key)? = control(at: point) { pinPadTapped(key) }
        return true
    }

    /// A key of the PIN pad, tapped or typed.
    mutating func pinPadTapped(_ key: PinPadAction) { reduceKiosk(.pinKeyPressed(key)) }

    /// The wall-clock time of a lockout's end, nil when it has ended.
    func wallClock(lockedUntil: Double) -> Date? {
        lockedUntil > now ? clockOrigin.addingTimeInterval(lockedUntil) : nil
    }

    /// The lockout kept from an earlier run (the shell reads it back at
    /// start): wrong PINs so far, and until when the pad refuses PINs. A
    /// lock is never longer than `Kiosk.maxLockSeconds` from now, whatever
    /// the wall clock did in between.
    public mutating func restoreKioskLockout(failures: Int, lockedUntil: Date?) {
        guard kiosk != nil else { return }
        kiosk?.failures = min(max(failures, 0), 1000)
        if let lockedUntil {
            let until = lockedUntil.timeIntervalSince(clockOrigin)
            kiosk?.lockedUntil = until.isFinite ? min(until, now + Kiosk.maxLockSeconds) : 0
        } else {
            kiosk?.lockedUntil = 0
        }
    }

    /// The kiosk's timers, on every tick; then auto-record watches the scale.
    mutating func kioskTick() {
        reduceKiosk(.timePassed(awayFromScale: screen != .scale))
        guard autoRecordsNow else { return }
        let views = contactViews
        reduceKiosk(.scaleWatched(objects: Set(views.map(\.id)), settled: views.allSatisfy(\.stable) && source.mode != .position))
    }

    /// Auto-record watches the scale screen only, with no PIN pad over it:
    /// objects left on the glass behind the wizard, the history or the pad
    /// are neither recorded nor waited for.
    var autoRecordsNow: Bool {
        guard let kiosk else { return false }
        return kiosk.settings.autoRecord && screen == .scale && kiosk.pinPad == nil
    }

    /// When the kiosk next needs a tick.
    var kioskWake: Double? {
        let watched = autoRecordsNow && !scale.isEmpty && source.mode != .position
        return kiosk?.nextWake(
            now: now, awayFromScale: screen != .scale, watching: watched ? Set(scale.board.contacts.map(\.id)) : nil)
    }
}
