import Foundation

/// Kiosk rules around the screens: who may do what, the admin gesture and
/// the PIN pad (whose touches are never contacts), operator mode and its
/// bar, attract mode and auto-record.
extension AppState {
    /// Whether operator work (calibrating, deleting, exporting, leaving) is
    /// allowed now: always outside a kiosk; in a kiosk, in operator mode only.
    var operatorActionsAllowed: Bool { kiosk.map { $0.role == .operator } ?? true }

    /// The preview's actions the person at the screen may use.
    var peekActionsAllowed: [PeekAction] { operatorActionsAllowed ? PeekAction.allCases : [.open] }

    /// Handles an event first when in kiosk mode; returns nil to let the
    /// screens have it, or whether something changed.
    mutating func kioskIntercept(_ event: InputEvent) -> Bool? {
        guard let kiosk else { return nil }
        noteInput(event)
        if kiosk.pinPad != nil { return pinPadInput(event) }
        switch event.kind {
        case .quit:
            return false  // the close button and Alt+F4: a kiosk is left by the operator, or by a signal
        case .keyDown(.escape, _), .keyDown(.function(4), _):
            return false
        case .keyDown(.character("q"), let mods) where mods.contains(.control) && mods.contains(.alt):
            if kiosk.chordStart == nil, !kiosk.chordFired { self.kiosk?.chordStart = now }
            return false
        case .keyUp(.character("q"), _), .keyUp(.control, _), .keyUp(.alt, _):
            self.kiosk?.chordStart = nil
            self.kiosk?.chordFired = false
            return nil
        case .touchDown(let sample):
            return kioskTouchDown(sample)
        case .touchMove(let sample) where kiosk.ownedTouches.contains(sample.id):
            if kiosk.cornerHold?.id == sample.id, !inCorner(sample.x, sample.y) { self.kiosk?.cornerHold = nil }
            return false
        case .touchUp(let id) where kiosk.ownedTouches.contains(id):
            return ownedTouchLifted(id, act: true)
        case .touchCancel(let id) where kiosk.ownedTouches.contains(id):
            return ownedTouchLifted(id, act: false)
        case .pointerDown(let x, let y, 1, _):
            guard let action = operatorButton(at: layoutPoint(x, y)) else { return nil }
            return perform(action)
        default:
            return nil
        }
    }

    /// Remembers when a person last did something: any input for attract
    /// mode; deliberate input (not a resting object's moves) for operator idle.
    private mutating func noteInput(_ event: InputEvent) {
        switch event.kind {
        case .touchDown, .touchUp, .pointerDown, .pointerUp, .wheel, .keyDown:
            kiosk?.lastInput = now
            kiosk?.lastDeliberateInput = now
        case .touchMove:
            kiosk?.lastInput = now
        default:
            break
        }
    }

    private func inCorner(_ x: Double, _ y: Double) -> Bool {
        guard x.isFinite, y.isFinite else { return false }
        let p = layout.layoutPoint(normalizedX: x, normalizedY: y)
        return p.x < Kiosk.cornerSize && p.y < Kiosk.cornerSize
    }

    /// From now until it lifts, the touch `id` is the kiosk's, not a contact.
    private mutating func own(_ id: Int) {
        if scale.contact(id: id) != nil { scale.lift(id: id) }  // a second down for an id that was a contact
        pressedControls[id] = nil
        // Bounded like the contacts: touches a device never lifted are let go.
        if (kiosk?.ownedTouches.count ?? 0) >= Self.maxContacts {
            kiosk?.ownedTouches.removeAll()
            kiosk?.pressedButtons.removeAll()
        }
        kiosk?.ownedTouches.insert(id)
    }

    /// A touch went down (the pad closed): on the operator bar it presses a
    /// button; in the admin corner of the scale it starts the hold (only
    /// when there is an operator to unlock); anywhere else it is the
    /// screens'. The corner is the scale's only, where a touch would be a
    /// contact: on the history's screens it is their Back button's.
    private mutating func kioskTouchDown(_ sample: TouchSample) -> Bool? {
        // A down for an id the kiosk owned: that touch is over (devices reuse ids).
        if kiosk?.ownedTouches.remove(sample.id) != nil {
            kiosk?.pressedButtons[sample.id] = nil
            if kiosk?.cornerHold?.id == sample.id { kiosk?.cornerHold = nil }
        }
        guard let kiosk, sample.x.isFinite, sample.y.isFinite else { return nil }
        if let action = operatorButton(at: layoutPoint(sample.x, sample.y)) {
            own(sample.id)
            self.kiosk?.pressedButtons[sample.id] = action
            return false
        }
        if kiosk.hasOperator, kiosk.role == .passerBy, screen == .scale, inCorner(sample.x, sample.y) {
            own(sample.id)
            self.kiosk?.cornerHold = Kiosk.CornerHold(id: sample.id, start: now)
            return false
        }
        return nil
    }

    private mutating func ownedTouchLifted(_ id: Int, act: Bool) -> Bool {
        kiosk?.ownedTouches.remove(id)
        if kiosk?.cornerHold?.id == id { kiosk?.cornerHold = nil }
        guard let action = kiosk?.pressedButtons.removeValue(forKey: id), act else { return false }
        return perform(action)
    }

    /// The operator bar's button at `point`, when the bar is up.
    func operatorButton(at point: Point) -> OperatorAction? {
        guard showsOperatorBar else { return nil }
        return operatorBar(size: layout.size).buttons.first { $0.rect.contains(point) }?.action
    }

    /// Does what the operator asked for on the operator bar.
    @discardableResult
    mutating func perform(_ action: OperatorAction) -> Bool {
        guard kiosk?.role == .operator else { return false }
        switch action {
        case .lockTapped: lockOperatorMode("Locked: passer-by mode")
        case .leaveKioskTapped: quit()
        }
        return true
    }

    mutating func unlockOperatorMode(by means: String) {
        guard let kiosk, kiosk.hasOperator else { return }
        self.kiosk?.role = .operator
        self.kiosk?.lastDeliberateInput = now
        kioskRoleChanged()
        let idle = Self.seconds(kiosk.settings.operatorIdleSeconds)
        show("Operator mode (\(means)): locks again after \(idle) without input", on: .some(nil))
    }

    mutating func lockOperatorMode(_ message: String) {
        kiosk?.role = .passerBy
        kioskRoleChanged()
        show(message, on: .some(nil))
    }

    /// What the role decides is brought in line with it: the scale's
    /// buttons, the preview's and the detail's actions, the wizard.
    private mutating func kioskRoleChanged() {
        refreshButtonPanel()
        let actions = peekActionsAllowed
        switch screen {
        case .history(var browser):
            browser.allow(actions, time: now)
            screen = .history(browser)
        case .detail(var detail):
            detail.table.allow(actions, time: now)
            screen = .detail(detail)
        case .calibration where !operatorActionsAllowed:
            screen = .scale
        case .scale, .calibration:
            break
        }
    }

    /// Operator work never leaves a passer-by's kiosk, whatever asked for
    /// it (defence in depth: each screen already hides and refuses it).
    func allowedEffects(_ effects: [Effect]) -> [Effect] {
        guard !operatorActionsAllowed else { return effects }
        return effects.filter { effect in
            switch effect {
            case .delete, .export, .saveCalibration, .quit: false
            default: true
            }
        }
    }

    /// Whether the kiosk has something to put back when idle: another
    /// screen, or the PIN pad.
    private var kioskHasAwayState: Bool {
        screen != .scale || kiosk?.pinPad != nil
    }

    /// Timers of the kiosk, run on every tick: the chord, the corner hold,
    /// the pad's countdown, operator idle, attract mode, auto-record.
    mutating func kioskTick() -> Bool {
        guard let kiosk else { return false }
        var changed = false
        if let start = kiosk.chordStart, now - start >= Kiosk.chordSeconds {
            self.kiosk?.chordStart = nil
            self.kiosk?.chordFired = true
            if !kiosk.hasOperator {
                show("No operator PIN is set in the config: this kiosk has no operator mode", on: .some(nil))
            } else if kiosk.role == .passerBy {
                unlockOperatorMode(by: "Ctrl+Alt+Q")
            }
            changed = true
        }
        if let hold = kiosk.cornerHold, now - hold.start >= Kiosk.cornerSeconds {
            self.kiosk?.cornerHold = nil
            if kiosk.pinPad == nil {
                self.kiosk?.pinPad = PinPad(message: kiosk.padMessage(PinPad.prompt, at: now))
                changed = true
            }
        }
        if let pad = self.kiosk?.pinPad {
            let live =
                kiosk.isLocked(at: now)
                ? kiosk.padMessage(pad.message, at: now)
                : (pad.message.hasPrefix(PinPad.countdownPrefix) ? PinPad.prompt : pad.message)
            if live != pad.message {
                self.kiosk?.pinPad?.message = live
                changed = true
            }
        }
        if kiosk.role == .operator, now - kiosk.lastDeliberateInput >= kiosk.settings.operatorIdleSeconds {
            lockOperatorMode("Locked after \(Self.seconds(kiosk.settings.operatorIdleSeconds)) without input: passer-by mode")
            changed = true
        }
        if now - kiosk.lastInput >= kiosk.settings.idleSeconds, kioskHasAwayState {
            screen = .scale
            self.kiosk?.pinPad = nil
            changed = true
        }
        if kiosk.settings.autoRecord, screen == .scale, self.kiosk?.pinPad == nil { changed = autoRecord() || changed }
        return changed
    }

    /// "120 s", "2.5 s".
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? "\(Int(value)) s" : "\(value) s"
    }

    /// Records once every object has been stable for the set time, and again
    /// only when the set of objects changes.
    private mutating func autoRecord() -> Bool {
        guard let kiosk else { return false }
        let views = contactViews
        guard !views.isEmpty, views.allSatisfy(\.stable), source.mode != .position else {
            self.kiosk?.stableSince = nil
            if views.isEmpty { self.kiosk?.recordedSet = nil }
            return false
        }
        let since = kiosk.stableSince ?? now
        self.kiosk?.stableSince = since
        let ids = Set(views.map(\.id))
        guard ids != kiosk.recordedSet, now - since >= kiosk.settings.autoRecordSeconds else { return false }
        self.kiosk?.recordedSet = ids
        record()
        return true
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
        if kiosk.settings.autoRecord, !scale.isEmpty, source.mode != .position {
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

    /// While the pad is up: touches going down press its keys and belong to
    /// the kiosk until they lift; the lifts and moves of objects that were
    /// on the glass before still reach the scale, so none stays behind.
    private mutating func pinPadInput(_ event: InputEvent) -> Bool? {
        let point: Point
        switch event.kind {
        case .touchDown(let s):
            own(s.id)
            guard s.x.isFinite, s.y.isFinite else { return false }
            point = layout.layoutPoint(normalizedX: s.x, normalizedY: s.y)
        case .touchMove(let s) where kiosk?.ownedTouches.contains(s.id) == true:
            return false
        case .touchUp(let id) where kiosk?.ownedTouches.contains(id) == true:
            return ownedTouchLifted(id, act: false)
        case .touchCancel(let id) where kiosk?.ownedTouches.contains(id) == true:
            return ownedTouchLifted(id, act: false)
        case .pointerDown(let x, let y, _, _):
            guard x.isFinite, y.isFinite else { return false }
            point = layout.layoutPoint(normalizedX: x, normalizedY: y)
        case .keyDown(let key, _) where key.digit != nil: return pinPadTapped(.pinDigit(key.digit ?? 0))
        case .keyDown(.enter, _): return pinPadTapped(.okTapped)
        case .keyDown(.escape, _): return pinPadTapped(.cancelTapped)
        case .keyDown(.backspace, _): return pinPadTapped(.backspaceTapped)
        case .keyDown, .quit:
            return false  // no recording, no history, no leaving from behind the pad
        case .keyUp(let key, _):
            if [.character("q"), .control, .alt].contains(key) {
                kiosk?.chordStart = nil
                kiosk?.chordFired = false
            }
            return false
        case .touchMove, .touchUp, .touchCancel, .pointerMove, .pointerUp, .wheel, .tick, .resize, .deviceChanged, .history, .fleet:
            return nil
        }
        guard let key = PinPad.keyRects(size: layout.size).first(where: { $0.rect.contains(point) })?.action else { return false }
        return pinPadTapped(key)
    }

    private mutating func pinPadTapped(_ action: PinPadAction) -> Bool {
        guard let before = kiosk, before.pinPad != nil else { return false }
        let unlocked = kiosk?.pinPadTapped(action, now: now) == true
        if let after = kiosk, after.failures != before.failures || after.lockedUntil != before.lockedUntil {
            outbox.append(.saveLockout(failures: after.failures, lockedUntil: wallClock(lockedUntil: after.lockedUntil)))
        }
        if unlocked { unlockOperatorMode(by: "PIN") }
        return true
    }

    /// The wall-clock time of a lockout's end, nil when it has ended.
    private func wallClock(lockedUntil: Double) -> Date? {
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

    /// Whether the operator bar is on screen: in operator mode, on the scale.
    var showsOperatorBar: Bool { kiosk?.role == .operator && screen == .scale && kiosk?.pinPad == nil }

    /// The operator bar: a label and its buttons, centred at the top of the
    /// scale screen, under the mode banner.
    func operatorBar(size: Size) -> (rect: Rect, buttons: [(action: OperatorAction, rect: Rect)]) {
        let lines = (deviceNotice == nil ? 0 : 1) + modeBanner.count
        let top = (lines > 0 ? 12.0 + Double(lines) * 24 : 0) + 12
        let width = min(640, size.width - 24)
        let height = 52.0
        let bar = Rect(x: (size.width - width) / 2, y: top, width: width, height: height)
        let leave = Rect(x: bar.x + bar.width - 8 - 150, y: top + 8, width: 150, height: 36)
        let lock = Rect(x: leave.x - 10 - 90, y: top + 8, width: 90, height: 36)
        return (bar, [(.lockTapped, lock), (.leaveKioskTapped, leave)])
    }

    /// The kiosk's overlays (AppScene calls this for every screen, before
    /// the notice): the operator-mode marker and bar, then the PIN pad.
    func appendPinPad(to scene: inout Scene) {
        appendOperatorMode(to: &scene)
        guard let pad = kiosk?.pinPad else { return }
        let size = layout.size
        scene.beginModal(dim: Color(20, 20, 30, 200))
        let top = PinPad.top(size: size)
        let room = PinPad.textRoom
        let messageSize = metrics.size(fitting: pad.message, width: size.width - 24, preferred: 26, minimum: 12)
        scene.shapes.append(
            .text(pad.message, at: Point(size.width / 2, top + room / 2), anchor: .center, size: messageSize, color: .white))
        let dots = String(repeating: "●", count: pad.entered.count)
        scene.shapes.append(
            .text(dots.isEmpty ? " " : dots, at: Point(size.width / 2, top + room * 1.5), anchor: .center, size: 26, color: .white))
        for (action, rect) in PinPad.keyRects(size: size) {
            Self.button(action.elementName, action.title, rect, kind: .key, into: &scene)
        }
    }

    static let operatorOrange = Color(230, 120, 0)

    /// Operator mode, visible on every screen: an orange frame round the
    /// screen; on the scale, the bar that says so, with Lock and Leave kiosk.
    private func appendOperatorMode(to scene: inout Scene) {
        guard let kiosk, kiosk.role == .operator else { return }
        let size = layout.size
        let edge = 6.0
        for rect in [
            Rect(x: 0, y: 0, width: size.width, height: edge),
            Rect(x: 0, y: size.height - edge, width: size.width, height: edge),
            Rect(x: 0, y: 0, width: edge, height: size.height),
            Rect(x: size.width - edge, y: 0, width: edge, height: size.height),
        ] {
            scene.shapes.append(.rect(rect, color: Self.operatorOrange))
        }
        guard showsOperatorBar else { return }
        let bar = operatorBar(size: size)
        scene.shapes.append(.rect(bar.rect, color: Self.operatorOrange))
        let label = "Operator mode · locks after \(Self.seconds(kiosk.settings.operatorIdleSeconds)) idle"
        scene.shapes.append(.text(label, at: Point(bar.rect.x + 14, bar.rect.center.y - 10), anchor: .topLeft, size: 16, color: .white))
        for (action, rect) in bar.buttons {
            Self.button(action.rawValue, action.title, rect, into: &scene)
        }
    }
}
