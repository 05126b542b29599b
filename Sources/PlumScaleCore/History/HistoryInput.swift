/// Touches, the mouse and keys on the history table, fed to Peek & Pop and
/// to scrolling.
extension AppState {
    static let mousePressID = -1

    mutating func applyOnHistory(_ event: InputEvent) -> Bool {
        let size = layout.size
        switch event.kind {
        case .touchDown(let s):
            let force = source.mode == .force ? s.pressure : nil
            return pressBegan(id: s.id, at: point(s.x, s.y), force: force)
        case .touchMove(let s):
            return pressMoved(id: s.id, to: point(s.x, s.y), force: source.mode == .force ? s.pressure : nil)
        case .touchUp(let id):
            return pressEnded(id: id)
        case .touchCancel(let id):
            guard browser.press?.id == id else { return false }
            browser.press = nil
            return handlePeek(.cancel(time: now))
        case .pointerDown(let x, let y, let button, _):
            let p = point(x, y)
            if button == 3, case .row(let id) = browser.target(at: p, size: size) {
                return handlePeek(.peekAtOnce(row: id, time: now))
            }
            return button == 1 && pressBegan(id: Self.mousePressID, at: p, force: nil)
        case .pointerMove(let x, let y):
            return pressMoved(id: Self.mousePressID, to: point(x, y), force: nil)
        case .pointerUp(_, _, let button):
            return button == 1 && pressEnded(id: Self.mousePressID)
        case .wheel(let dy):
            guard dy.isFinite else { return false }
            if browser.peek.phase != .none { return handlePeek(.wheel(dy: dy, time: now)) }
            browser.offset -= dy * HistoryBrowser.rowHeight
            browser.clampOffset(height: size.height)
            return true
        case .keyDown(let name, _):
            return historyKey(name, down: true)
        case .keyUp(let name, _):
            return historyKey(name, down: false)
        case .tick:
            let dt = now - (browser.lastTick ?? now)
            browser.lastTick = now
            browser.glide(dt: dt, height: size.height)
            return handlePeek(.tick(time: now)) || browser.velocity != 0 || browser.peek.phase == .hint
        default:
            return applyCommon(event)
        }
    }

    private func point(_ x: Double, _ y: Double) -> Point {
        layout.layoutPoint(normalizedX: min(max(x.isFinite ? x : 0, 0), 1), normalizedY: min(max(y.isFinite ? y : 0, 0), 1))
    }

    private mutating func pressBegan(id: Int, at p: Point, force: Double?) -> Bool {
        if browser.peek.phase == .none, HistoryLayout.back.contains(p) {
            screen = .scale
            return true
        }
        browser.press = (id, p, p.y, now, false)
        let target = browser.target(at: p, size: layout.size)
        if case .row = target, let index = browser.rowIndex(at: p, height: layout.size.height) { browser.selected = index }
        browser.velocity = 0
        if case .outside = target, browser.peek.phase == .none { return true }
        return handlePeek(.pressBegan(target, x: p.x, y: p.y, time: now, force: force))
    }

    private mutating func pressMoved(id: Int, to p: Point, force: Double?) -> Bool {
        guard var press = browser.press, press.id == id else { return false }
        var changed = handlePeek(.move(x: p.x, y: p.y, time: now))
        if let force { changed = handlePeek(.force(force, time: now)) || changed }
        if browser.peek.phase == .none, press.start.distance(to: p) > browser.peek.config.holdTolerance {
            press.scrolling = true
        }
        if press.scrolling {
            let dy = p.y - press.lastY, dt = now - press.lastTime
            browser.offset -= dy
            if dt > 0 { browser.velocity = -dy / dt }
            browser.clampOffset(height: layout.size.height)
            changed = true
        }
        press.lastY = p.y
        press.lastTime = now
        browser.press = press
        return changed
    }

    private mutating func pressEnded(id: Int) -> Bool {
        guard let press = browser.press, press.id == id else { return false }
        browser.press = nil
        if press.scrolling {
            if now - press.lastTime > 0.1 { browser.velocity = 0 }
            return true
        }
        browser.velocity = 0
        let last = Point(press.start.x, press.lastY)
        return handlePeek(.release(browser.target(at: last, size: layout.size), time: now))
    }

    private mutating func historyKey(_ name: String, down: Bool) -> Bool {
        let rows = browser.knownCount
        switch (name, down) {
        case ("escape", true), ("backspace", true):
            if browser.peek.phase != .none { return handlePeek(.cancel(time: now)) }
            screen = .scale
        case ("down", true), ("up", true):
            guard rows > 0 else { return false }
            let next = (browser.selected ?? -1) + (name == "down" ? 1 : -1)
            browser.selected = min(max(next, 0), rows - 1)
            let rect = browser.rowRect(browser.selected!, width: layout.size.width)
            if rect.y < HistoryBrowser.top { browser.offset -= HistoryBrowser.top - rect.y }
            if rect.y + rect.height > layout.size.height { browser.offset += rect.y + rect.height - layout.size.height }
        case ("space", true):
            guard let index = browser.selected, let row = browser.row(at: index) else { return false }
            return handlePeek(.peekAtOnce(row: row.row.id, time: now))
        case ("space", false):
            guard browser.peek.phase == .peek || browser.peek.phase == .hint else { return false }
            return handlePeek(.cancel(time: now))
        case ("return", true), ("enter", true):
            if browser.peek.phase != .none { return handlePeek(.popNow(time: now)) }
            guard let index = browser.selected, let row = browser.row(at: index) else { return false }
            openDetail(row.row.id)
        default:
            return false
        }
        return true
    }

    private mutating func handlePeek(_ input: PeekPopInput) -> Bool {
        let before = (browser.peek.phase, browser.peek.progress)
        for effect in browser.peek.handle(input) {
            switch effect {
            case .hint, .showActions, .askToConfirmDelete:
                break
            case .showPreview(let row):
                browser.preview = nil
                requests.append(.weighing(id: row))
            case .open(let row), .performAction(.open, let row):
                openDetail(row)
            case .performAction(.export, let row):
                requests.append(.export(id: row))
            case .performAction(.delete, let row):
                requests.append(.delete(id: row))
            case .dismiss:
                browser.preview = nil
            }
        }
        return before != (browser.peek.phase, browser.peek.progress)
    }

    mutating func openDetail(_ row: Int64) {
        screen = .detail
        browser.detail = nil
        browser.preview = nil
        _ = browser.peek.handle(.cancel(time: now))
        requests.append(.weighing(id: row))
    }
}
