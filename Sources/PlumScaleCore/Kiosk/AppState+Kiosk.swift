/// Kiosk rules around the screens: what passers-by cannot do, what the
/// operator can, attract mode and auto-record.
extension AppState {
    /// Handles an event first when in kiosk mode; returns nil to let the
    /// screens have it, or whether something changed.
    mutating func kioskIntercept(_ event: InputEvent) -> Bool? {
        guard kiosk != nil else { return nil }
        switch event.kind {
        case .touchDown, .touchMove, .touchUp, .pointerDown, .pointerUp, .wheel, .keyDown:
            kiosk!.lastInput = now
        default: break
        }
        if kiosk!.pinPad != nil { return pinPadInput(event) }
        switch event.kind {
        case .quit:
            return false  // the close button and Alt+F4: only a signal ends a kiosk
        case .keyDown("escape", _), .keyDown("f4", _):
            return false
        case .keyDown("q", let mods) where mods.contains(.control) && mods.contains(.alt):
            kiosk!.chordStart = kiosk!.chordStart ?? now
            return false
        case .keyUp("q", _), .keyUp("lctrl", _), .keyUp("left ctrl", _), .keyUp("left alt", _):
            kiosk!.chordStart = nil
            return nil
        case .touchDown(let s):
            let p = layout.layoutPoint(normalizedX: s.x, normalizedY: s.y)
            if p.x < Kiosk.cornerSize, p.y < Kiosk.cornerSize { kiosk!.cornerHold = (s.id, now) }
            return nil
        case .touchMove(let s) where kiosk!.cornerHold?.id == s.id:
            let p = layout.layoutPoint(normalizedX: s.x, normalizedY: s.y)
            if p.x >= Kiosk.cornerSize || p.y >= Kiosk.cornerSize { kiosk!.cornerHold = nil }
            return nil
        case .touchUp(let id) where kiosk!.cornerHold?.id == id, .touchCancel(let id) where kiosk!.cornerHold?.id == id:
            kiosk!.cornerHold = nil
            return nil
        default:
            return nil
        }
    }

    /// Timers of the kiosk, run on every tick: the chord, the corner hold,
    /// attract mode, auto-record.
    mutating func kioskTick() -> Bool {
        guard var k = kiosk else { return false }
        defer { kiosk = k }
        if let start = k.chordStart, now - start >= Kiosk.chordSeconds {
            running = false
            return true
        }
        if let hold = k.cornerHold, now - hold.start >= Kiosk.cornerSeconds {
            k.cornerHold = nil
            k.pinPad = PinPad(message: k.settings.pin == nil ? "No operator PIN is set in the config" : "Operator PIN")
            return true
        }
        var changed = false
        if now - k.lastInput >= k.settings.idleSeconds, screen != .scale || k.pinPad != nil || browser.peek.phase != .none {
            screen = .scale
            k.pinPad = nil
            _ = browser.peek.handle(.cancel(time: now))
            browser.preview = nil
            browser.detail = nil
            changed = true
        }
        if k.settings.autoRecord, screen == .scale {
            let views = contactViews
            let ids = Set(views.map(\.id))
            if views.isEmpty || !views.allSatisfy(\.stable) || source.mode == .position {
                k.stableSince = nil
                if views.isEmpty { k.recordedSet = nil }
            } else {
                k.stableSince = k.stableSince ?? now
                if ids != k.recordedSet, now - k.stableSince! >= k.settings.autoRecordSeconds {
                    k.recordedSet = ids
                    kiosk = k
                    record()
                    k = kiosk!
                    changed = true
                }
            }
        }
        return changed
    }

    /// When the kiosk next needs a tick.
    var kioskWake: Double? {
        guard let k = kiosk else { return nil }
        var wakes: [Double] = []
        if let start = k.chordStart { wakes.append(start + Kiosk.chordSeconds) }
        if let hold = k.cornerHold { wakes.append(hold.start + Kiosk.cornerSeconds) }
        if screen != .scale || k.pinPad != nil || browser.peek.phase != .none { wakes.append(k.lastInput + k.settings.idleSeconds) }
        if k.settings.autoRecord, !scale.isEmpty, source.mode != .position { wakes.append(now + Self.frameInterval) }
        return wakes.min().map { max($0, now + 0.001) }
    }

    private mutating func pinPadInput(_ event: InputEvent) -> Bool {
        let point: Point
        switch event.kind {
        case .touchDown(let s): point = layout.layoutPoint(normalizedX: s.x, normalizedY: s.y)
        case .pointerDown(let x, let y, _, _): point = layout.layoutPoint(normalizedX: x, normalizedY: y)
        case .keyDown(let name, _) where name.count == 1 && name.first!.isNumber: return pinKey(name)
        case .keyDown("return", _): return pinKey("ok")
        case .keyDown("escape", _): return pinKey("cancel")
        case .tick: return kioskTick()
        default: return false
        }
        guard let key = PinPad.keyRects(size: layout.size).first(where: { $0.rect.contains(point) })?.key else { return false }
        return pinKey(key)
    }

    private mutating func pinKey(_ key: String) -> Bool {
        guard var pad = kiosk?.pinPad else { return false }
        defer { if kiosk?.pinPad != nil { kiosk!.pinPad = pad } }
        if now < kiosk!.lockedUntil {
            pad.message = "Too many wrong PINs: wait \(Int((kiosk!.lockedUntil - now).rounded(.up))) s"
            pad.entered = ""
            return true
        }
        switch key {
        case "cancel":
            kiosk!.pinPad = nil
        case "ok":
            if let pin = kiosk!.settings.pin, pad.entered == pin {
                running = false
                kiosk!.pinPad = nil
            } else {
                kiosk!.wrongPIN(now: now)
                pad.entered = ""
                pad.message = kiosk!.settings.pin == nil ? "No operator PIN is set in the config" : "Wrong PIN"
            }
        default:
            if pad.entered.count < 12 { pad.entered += key }
        }
        return true
    }

    /// The keypad over the scale.
    func appendPinPad(to scene: inout Scene) {
        guard let pad = kiosk?.pinPad else { return }
        let size = layout.size
        scene.shapes.append(.rect(Rect(x: 0, y: 0, width: size.width, height: size.height), color: Color(20, 20, 30, 170)))
        scene.shapes.append(.text(pad.message, at: Point(size.width / 2, size.height / 2 - 220), anchor: .center, size: 26, color: .white))
        let dots = String(repeating: "●", count: pad.entered.count)
        scene.shapes.append(.text(dots.isEmpty ? " " : dots, at: Point(size.width / 2, size.height / 2 - 175), anchor: .center, size: 26, color: .white))
        for (key, rect) in PinPad.keyRects(size: size) {
            Self.button("pin-" + key, key == "cancel" ? "Cancel" : key == "ok" ? "OK" : key, rect, kind: "key", into: &scene)
        }
    }
}
