import Foundation

/// The root's side of the kiosk, a mode around the screens: every input
/// passes the kiosk first. The root finds what a press is on (the operator
/// bar, the admin corner, the PIN pad's keys), turns it into the kiosk's
/// actions (Kiosk/KioskReducer.swift), and carries out what the kiosk asks;
/// a touch the kiosk takes is never a contact, so never weighed or recorded.
extension AppState {
    /// Runs the kiosk's reducer on `action` and does what it asks, in order.
    mutating func reduceKiosk(_ action: KioskAction) {
        guard var kiosk else { return }
        let requests = Kiosk.reduce(into: &kiosk, action: action, context: .init(now: now))
        self.kiosk = kiosk
        for request in requests {
            switch request {
            case .say(let text): show(text, on: .some(nil))
            case .roleChanged: kioskRoleChanged()
            case .returnToScale: screen = .scale
            case .perform(let action): perform(action)
            case .record: record()
            case .saveLockout(let failures, let until):
                outbox.append(.saveLockout(failures: failures, lockedUntil: wallClock(lockedUntil: until)))
            }
        }
    }

    /// Handles an event first when in kiosk mode: whether the kiosk took
    /// it (then the screens never see it).
    mutating func kioskTakes(_ event: InputEvent) -> Bool {
        guard let kiosk else { return false }
        switch event.kind {
        case .touchDown, .touchUp, .pointerDown, .pointerUp, .wheel, .keyDown: reduceKiosk(.inputArrived(deliberate: true))
        case .touchMove: reduceKiosk(.inputArrived(deliberate: false))
        default: break
        }
        if kiosk.pinPad != nil { return pinPadTakes(event) }
        switch event.kind {
        case .quit:
            return true  // the close button and Alt+F4: a kiosk is left by the operator, or by a signal
        case .keyDown(.escape, _) where screen == .scale:
            return true  // it would quit; elsewhere it closes a preview, the wizard, a screen
        case .keyDown(.function(4), _):
            return true
        case .keyDown(.character("q"), let mods) where mods.contains(.control) && mods.contains(.alt):
            reduceKiosk(.chordPressed)
            return true
        case .keyUp(.character("q"), _), .keyUp(.control, _), .keyUp(.alt, _):
            reduceKiosk(.chordReleased)
            return false
        case .touchDown(let sample):
            return kioskTakesTouchDown(sample)
        case .touchMove(let sample) where kiosk.ownedTouches.contains(sample.id):
            if !inCorner(sample.x, sample.y) { reduceKiosk(.cornerHoldLeft(id: sample.id)) }
            return true
        case .touchUp(let id) where kiosk.ownedTouches.contains(id):
            reduceKiosk(.ownedTouchLifted(id: id, act: true))
            return true
        case .touchCancel(let id) where kiosk.ownedTouches.contains(id):
            reduceKiosk(.ownedTouchLifted(id: id, act: false))
            return true
        case .pointerDown(let x, let y, 1, _):
            if let action = operatorButton(at: layoutPoint(x, y)) {
                perform(action)
                return true
            }
            guard startsCornerHold(x, y) else { return false }
            // The mouse standing in for a finger: held in the corner, it is the
            // admin gesture, never a contact (so never weighed or recorded).
            reduceKiosk(.cornerHoldStarted(id: Kiosk.pointerHoldID))
            return true
        case .pointerMove(let x, let y) where kiosk.cornerHold?.id == Kiosk.pointerHoldID:
            if !inCorner(x, y) { reduceKiosk(.cornerHoldLeft(id: Kiosk.pointerHoldID)) }
            return true
        case .pointerUp(_, _, 1) where kiosk.cornerHold?.id == Kiosk.pointerHoldID:
            reduceKiosk(.cornerHoldLeft(id: Kiosk.pointerHoldID))
            return true
        default:
            return false
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
        reduceKiosk(.touchOwned(id: id))
    }

    /// A touch went down (the pad closed): on the operator bar it presses a
    /// button; in the admin corner of the scale it starts the hold (only
    /// when there is an operator to unlock); anywhere else it is the
    /// screens'. The corner is the scale's only, where a touch would be a
    /// contact: on the history's screens it is their Back button's.
    /// Whether the kiosk took the touch.
    mutating func kioskTakesTouchDown(_ sample: TouchSample) -> Bool {
        reduceKiosk(.touchWentDown(id: sample.id))
        guard kiosk != nil, sample.x.isFinite, sample.y.isFinite else { return false }
        if let action = operatorButton(at: layoutPoint(sample.x, sample.y)) {
            own(sample.id)
            reduceKiosk(.operatorButtonPressed(action, touch: sample.id))
            return true
        }
        if startsCornerHold(sample.x, sample.y) {
            own(sample.id)
            reduceKiosk(.cornerHoldStarted(id: sample.id))
            return true
        }
        return false
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

    /// Back to passer-by, said on every screen.
    mutating func lockOperatorMode(_ message: String) { reduceKiosk(.lockRequested(saying: message)) }

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
}
