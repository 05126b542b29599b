/// Kiosk rules around the screens: what passers-by cannot do, what the
/// operator can, attract mode and auto-record.
extension AppState {
    /// Handles an event first when in kiosk mode; returns nil to let the
    /// screens have it, or whether something changed.
    mutating func kioskIntercept(_ event: InputEvent) -> Bool? {
        guard let kiosk else { return nil }
        switch event.kind {
        case .touchDown, .touchMove, .touchUp, .pointerDown, .pointerUp, .wheel, .keyDown:
            self.kiosk?.lastInput = now
        default: break
        }
        if kiosk.pinPad != nil { return pinPadInput(event) }
        switch event.kind {
        case .quit:
            return false  // the close button and Alt+F4: only a signal ends a kiosk
        case .keyDown(.escape, _), .keyDown(.function(4), _):
            return false
        case .keyDown(.character("q"), let mods) where mods.contains(.control) && mods.contains(.alt):
            if kiosk.chordStart == nil { self.kiosk?.chordStart = now }
            return false
        case .keyUp(.character("q"), _), .keyUp(.control, _), .keyUp(.alt, _):
            self.kiosk?.chordStart = nil
            return nil
        case .touchDown(let s):
            let p = layout.layoutPoint(normalizedX: s.x, normalizedY: s.y)
            if p.x < Kiosk.cornerSize, p.y < Kiosk.cornerSize { self.kiosk?.cornerHold = Kiosk.CornerHold(id: s.id, start: now) }
            return nil
        case .touchMove(let s) where kiosk.cornerHold?.id == s.id:
            let p = layout.layoutPoint(normalizedX: s.x, normalizedY: s.y)
            if p.x >= Kiosk.cornerSize || p.y >= Kiosk.cornerSize { self.kiosk?.cornerHold = nil }
            return nil
        case .touchUp(let id) where kiosk.cornerHold?.id == id, .touchCancel(let id) where kiosk.cornerHold?.id == id:
            self.kiosk?.cornerHold = nil
            return nil
        default:
            return nil
        }
    }

    /// Whether the kiosk has something to put back when idle: another
    /// screen, or the PIN pad.
    private var kioskHasAwayState: Bool {
        screen != .scale || kiosk?.pinPad != nil
    }

    /// Timers of the kiosk, run on every tick: the chord, the corner hold,
    /// attract mode, auto-record.
    mutating func kioskTick() -> Bool {
        guard let kiosk else { return false }
        if let start = kiosk.chordStart, now - start >= Kiosk.chordSeconds {
            quit()
            return true
        }
        if let hold = kiosk.cornerHold, now - hold.start >= Kiosk.cornerSeconds {
            self.kiosk?.cornerHold = nil
            self.kiosk?.pinPad = PinPad(message: kiosk.settings.pin == nil ? PinPad.noPINMessage : "Operator PIN")
            return true
        }
        var changed = false
        if now - kiosk.lastInput >= kiosk.settings.idleSeconds, kioskHasAwayState {
            screen = .scale
            self.kiosk?.pinPad = nil
            changed = true
        }
        if kiosk.settings.autoRecord, screen == .scale { changed = autoRecord() || changed }
        return changed
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
        if kiosk.settings.autoRecord, !scale.isEmpty, source.mode != .position { wakes.append(now + Self.frameInterval) }
        return wakes.min().map { max($0, now + 0.001) }
    }

    private mutating func pinPadInput(_ event: InputEvent) -> Bool {
        let point: Point
        switch event.kind {
        case .touchDown(let s): point = layout.layoutPoint(normalizedX: s.x, normalizedY: s.y)
        case .pointerDown(let x, let y, _, _): point = layout.layoutPoint(normalizedX: x, normalizedY: y)
        case .keyDown(let key, _) where key.digit != nil: return pinPadTapped(.pinDigit(key.digit ?? 0))
        case .keyDown(.enter, _): return pinPadTapped(.okTapped)
        case .keyDown(.escape, _): return pinPadTapped(.cancelTapped)
        case .tick: return kioskTick()
        default: return false
        }
        guard let key = PinPad.keyRects(size: layout.size).first(where: { $0.rect.contains(point) })?.action else { return false }
        return pinPadTapped(key)
    }

    private mutating func pinPadTapped(_ action: PinPadAction) -> Bool {
        guard kiosk?.pinPad != nil else { return false }
        if kiosk?.pinPadTapped(action, now: now) == true { quit() }
        return true
    }

    /// The keypad over the scale.
    func appendPinPad(to scene: inout Scene) {
        guard let pad = kiosk?.pinPad else { return }
        let size = layout.size
        scene.beginModal(dim: Color(20, 20, 30, 200))
        let top = PinPad.top(size: size), room = PinPad.textRoom
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
}
