import Foundation

/// Kiosk rules around the screens: who may do what, the admin gesture and
/// the corner hold that open the PIN pad (whose touches are never
/// contacts), operator mode and what it allows. Its timers, the pad's
/// input and what it draws are in the files beside this one.
extension AppState {
    /// Handles an event first when in kiosk mode: whether the kiosk took
    /// it (then the screens never see it).
    mutating func kioskTakes(_ event: InputEvent) -> Bool {
        guard let kiosk else { return false }
        noteInput(event)
        if kiosk.pinPad != nil { return pinPadTakes(event) }
        switch event.kind {
        case .quit:
            return true  // the close button and Alt+F4: a kiosk is left by the operator, or by a signal
        case .keyDown(.escape, _) where screen == .scale:
            return true  // it would quit; elsewhere it closes a preview, the wizard, a screen
        case .keyDown(.function(4), _):
            return true
        case .keyDown(.character("q"), let mods) where mods.contains(.control) && mods.contains(.alt):
            if kiosk.chordStart == nil, !kiosk.chordFired { self.kiosk?.chordStart = now }
            return true
        case .keyUp(.character("q"), _), .keyUp(.control, _), .keyUp(.alt, _):
            self.kiosk?.chordStart = nil
            self.kiosk?.chordFired = false
            return false
        case .touchDown(let sample):
            return kioskTakesTouchDown(sample)
        case .touchMove(let sample) where kiosk.ownedTouches.contains(sample.id):
            if kiosk.cornerHold?.id == sample.id, !inCorner(sample.x, sample.y) { self.kiosk?.cornerHold = nil }
            return true
        case .touchUp(let id) where kiosk.ownedTouches.contains(id):
            ownedTouchLifted(id, act: true)
            return true
        case .touchCancel(let id) where kiosk.ownedTouches.contains(id):
            ownedTouchLifted(id, act: false)
            return true
        case .pointerDown(let x, let y, 1, _):
            if let action = operatorButton(at: layoutPoint(x, y)) {
                perform(action)
                return true
            }
            guard startsCornerHold(x, y) else { return false }
            // The mouse standing in for a finger: held in the corner, it is the
            // admin gesture, never a contact (so never weighed or recorded).
            self.kiosk?.cornerHold = Kiosk.CornerHold(id: Kiosk.pointerHoldID, start: now)
            return true
        case .pointerMove(let x, let y) where kiosk.cornerHold?.id == Kiosk.pointerHoldID:
            if !inCorner(x, y) { self.kiosk?.cornerHold = nil }
            return true
        case .pointerUp(_, _, 1) where kiosk.cornerHold?.id == Kiosk.pointerHoldID:
            self.kiosk?.cornerHold = nil
            return true
        default:
            return false
        }
    }

    /// Remembers when a person last did something: any input for attract
    /// mode; deliberate input (not a resting object's moves) for operator idle.
    mutating func noteInput(_ event: InputEvent) {
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

    func inCorner(_ x: Double, _ y: Double) -> Bool {
        guard x.isFinite, y.isFinite else { return false }
        let p = layout.layoutPoint(normalizedX: x, normalizedY: y)
        return p.x < Kiosk.cornerSize && p.y < Kiosk.cornerSize
    }

    /// Whether a press at (x, y) starts the admin corner hold: on the scale
    /// screen of a kiosk that has an operator, while a passer-by is at it.
    func startsCornerHold(_ x: Double, _ y: Double) -> Bool {
        guard let kiosk, kiosk.hasOperator, kiosk.role == .passerBy, screen == .scale else { return false }
        return inCorner(x, y)
    }

    /// From now until it lifts, the touch `id` is the kiosk's, not a contact.
    mutating func own(_ id: Int) {
        if scale.contact(id: id) != nil { scale.lift(id: id) }  // a second down for an id that was a contact
        pressedControls[id] = nil
        // Bounded like the contacts: touches a device never lifted are let go.
        if (kiosk?.ownedTouches.count ?? 0) >= Scale.maxContacts {
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
    /// Whether the kiosk took the touch.
    mutating func kioskTakesTouchDown(_ sample: TouchSample) -> Bool {
        // A down for an id the kiosk owned: that touch is over (devices reuse ids).
        if kiosk?.ownedTouches.remove(sample.id) != nil {
            kiosk?.pressedButtons[sample.id] = nil
            if kiosk?.cornerHold?.id == sample.id { kiosk?.cornerHold = nil }
        }
        guard kiosk != nil, sample.x.isFinite, sample.y.isFinite else { return false }
        if let action = operatorButton(at: layoutPoint(sample.x, sample.y)) {
            own(sample.id)
            self.kiosk?.pressedButtons[sample.id] = action
            return true
        }
        if startsCornerHold(sample.x, sample.y) {
            own(sample.id)
            self.kiosk?.cornerHold = Kiosk.CornerHold(id: sample.id, start: now)
            return true
        }
        return false
    }

    mutating func ownedTouchLifted(_ id: Int, act: Bool) {
        kiosk?.ownedTouches.remove(id)
        if kiosk?.cornerHold?.id == id { kiosk?.cornerHold = nil }
        guard let action = kiosk?.pressedButtons.removeValue(forKey: id), act else { return }
        perform(action)
    }

    /// The operator bar's button at `point`, when the bar is up.
    func operatorButton(at point: Point) -> OperatorAction? {
        guard showsOperatorBar, case .operatorBar(let action)? = control(at: point) else { return nil }
        return action
    }

    /// Does what the operator asked for on the operator bar.
    mutating func perform(_ action: OperatorAction) {
        guard kiosk != nil, allows(action.adminWork) else { return }
        switch action {
        case .lockTapped: lockOperatorMode("Locked: passer-by mode")
        case .leaveKioskTapped: quit()
        }
    }

    /// The PIN was right (the kiosk has made the role the operator's).
    mutating func operatorModeUnlocked() {
        guard let kiosk, kiosk.role == .operator else { return }
        self.kiosk?.lastDeliberateInput = now
        kioskRoleChanged()
        let idle = Self.seconds(kiosk.settings.operatorIdleSeconds)
        show("Operator mode: locks again after \(idle) without input", on: .some(nil))
    }

    mutating func lockOperatorMode(_ message: String) {
        kiosk?.lock()
        kioskRoleChanged()
        show(message, on: .some(nil))
    }

    /// What the role decides is brought in line with it: the scale's
    /// buttons, the actions the screen up offers (told to it as an action,
    /// never edited here), the wizard.
    mutating func kioskRoleChanged() {
        refreshButtonPanel()
        offer(peekActionsAllowed)
        switch screen {
        case .calibration where !operatorActionsAllowed, .eccentricity where !operatorActionsAllowed:
            screen = .scale
        case .scale, .calibration, .eccentricity, .history, .detail:
            break
        }
    }

    /// Whether the kiosk has something to put back when idle: another
    /// screen, or the PIN pad.
    var kioskHasAwayState: Bool {
        screen != .scale || kiosk?.pinPad != nil
    }
}
