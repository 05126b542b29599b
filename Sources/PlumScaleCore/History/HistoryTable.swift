/// Where the history table sends the user, for the root to carry out.
enum HistoryNavigation: Equatable, Sendable {
    case backToScale
    case openDetail(Int64)
}

/// What one input did to the table: what the store must do, and whether
/// the user left the table.
struct HistoryReply {
    var effects: [Effect] = []
    var navigation: HistoryNavigation?
}

/// What the table needs to know of the rest of the app.
struct HistoryContext {
    var size: Size
    var now: Double
    /// Whether touches carry real pressure (Peek & Pop by force, else by holding).
    var measuresForce: Bool
    /// A touch normalised to the screen, in layout pixels.
    var point: (Double, Double) -> Point
}

/// Touches, the mouse and keys on the history table, fed to Peek & Pop and
/// to scrolling.
extension HistoryBrowser {
    static let mousePressID = -1

    mutating func apply(_ event: InputEvent, _ context: HistoryContext) -> HistoryReply {
        var reply = HistoryReply()
        handle(event, context, &reply)
        if reply.navigation == nil { reply.effects += pageRequests(height: context.size.height) }
        return reply
    }

    private mutating func handle(_ event: InputEvent, _ context: HistoryContext, _ reply: inout HistoryReply) {
        let size = context.size
        let now = context.now
        switch event.kind {
        case .touchDown(let s):
            let force = context.measuresForce ? s.pressure : nil
            pressBegan(id: s.id, at: context.point(s.x, s.y), force: force, context, &reply)
        case .touchMove(let s):
            let force = context.measuresForce ? s.pressure : nil
            pressMoved(id: s.id, to: context.point(s.x, s.y), force: force, context, &reply)
        case .touchUp(let id):
            pressEnded(id: id, context, &reply)
        case .touchCancel(let id):
            guard press?.id == id else { return }
            press = nil
            handlePeek(.cancel(time: now), &reply)
        case .pointerDown(let x, let y, let button, _):
            let p = context.point(x, y)
            if button == 3, case .row(let id) = target(at: p, size: size) {
                peekedBy = .mouse
                return handlePeek(.peekAtOnce(row: id, time: now), &reply)
            }
            if button == 1 { pressBegan(id: Self.mousePressID, at: p, force: nil, context, &reply) }
        case .pointerMove(let x, let y):
            pressMoved(id: Self.mousePressID, to: context.point(x, y), force: nil, context, &reply)
        case .pointerUp(_, _, let button):
            if button == 1 { pressEnded(id: Self.mousePressID, context, &reply) }
        case .wheel(let dy):
            guard dy.isFinite else { return }
            if peek.phase != .none { return handlePeek(.wheel(dy: dy, time: now), &reply) }
            offset -= dy * Self.rowHeight
            clampOffset(height: size.height)
        case .keyDown(let key, _):
            keyPressed(key, down: true, context, &reply)
        case .keyUp(let key, _):
            keyPressed(key, down: false, context, &reply)
        case .tick:
            let dt = now - (lastTick ?? now)
            lastTick = now
            glide(dt: dt, height: size.height)
            handlePeek(.tick(time: now), &reply)
        default:
            break
        }
    }

    private mutating func pressBegan(
        id: Int, at p: Point, force: Double?, _ context: HistoryContext, _ reply: inout HistoryReply
    ) {
        if peek.phase == .none, HistoryLayout.back.contains(p) {
            reply.navigation = .backToScale
            return
        }
        press = Press(id: id, start: p, lastY: p.y, lastTime: context.now, scrolling: false)
        if peek.phase == .none { peekedBy = id == Self.mousePressID ? .mouse : .touch }
        let target = target(at: p, size: context.size)
        if case .row = target, let index = rowIndex(at: p, height: context.size.height) { selected = index }
        velocity = 0
        if case .outside = target, peek.phase == .none { return }
        handlePeek(.pressBegan(target, x: p.x, y: p.y, time: context.now, force: force), &reply)
    }

    private mutating func pressMoved(
        id: Int, to p: Point, force: Double?, _ context: HistoryContext, _ reply: inout HistoryReply
    ) {
        guard var press, press.id == id else { return }
        let now = context.now
        handlePeek(.move(x: p.x, y: p.y, time: now), &reply)
        if let force { handlePeek(.force(force, time: now), &reply) }
        if peek.phase == .none, press.start.distance(to: p) > peek.config.holdTolerance {
            press.scrolling = true
        }
        if press.scrolling {
            let dy = p.y - press.lastY
            let dt = now - press.lastTime
            offset -= dy
            if dt > 0 { velocity = -dy / dt }
            clampOffset(height: context.size.height)
        }
        press.lastY = p.y
        press.lastTime = now
        self.press = press
    }

    private mutating func pressEnded(id: Int, _ context: HistoryContext, _ reply: inout HistoryReply) {
        guard let press, press.id == id else { return }
        self.press = nil
        if press.scrolling {
            if context.now - press.lastTime > 0.1 { velocity = 0 }
            return
        }
        velocity = 0
        let last = Point(press.start.x, press.lastY)
        handlePeek(.release(target(at: last, size: context.size), time: context.now), &reply)
    }

    private mutating func keyPressed(_ key: Key, down: Bool, _ context: HistoryContext, _ reply: inout HistoryReply) {
        let now = context.now
        switch (key, down) {
        case (.escape, true), (.backspace, true):
            if peek.phase != .none { return handlePeek(.cancel(time: now), &reply) }
            reply.navigation = .backToScale
        case (.down, true), (.up, true):
            let rows = knownCount
            guard rows > 0 else { return }
            let next = min(max((selected ?? -1) + (key == .down ? 1 : -1), 0), rows - 1)
            selected = next
            let rect = rowRect(next, width: context.size.width)
            if rect.y < Self.top { offset -= Self.top - rect.y }
            if rect.y + rect.height > context.size.height { offset += rect.y + rect.height - context.size.height }
        case (.space, true):
            guard let index = selected, let row = row(at: index) else { return }
            peekedBy = .keyboard
            return handlePeek(.peekAtOnce(row: row.row.id, time: now), &reply)
        case (.space, false):
            guard peek.phase == .peek || peek.phase == .hint else { return }
            handlePeek(.cancel(time: now), &reply)
        case (.enter, true):
            if peek.phase != .none { return handlePeek(.popNow(time: now), &reply) }
            guard let index = selected, let row = row(at: index) else { return }
            reply.navigation = .openDetail(row.row.id)
        default:
            break
        }
    }

    private mutating func handlePeek(_ input: PeekPopInput, _ reply: inout HistoryReply) {
        for effect in peek.handle(input) {
            switch effect {
            case .hint, .showActions, .askToConfirmDelete:
                break
            case .showPreview(let row):
                preview = nil
                // The highlight follows the preview, whatever opened it.
                if let index = index(ofWeighing: row) { selected = index }
                reply.effects.append(.loadWeighing(id: row))
            case .open(let row), .performAction(.open, let row):
                reply.navigation = .openDetail(row)
            case .performAction(.export, let row):
                if actions.contains(.export) { reply.effects.append(.export(id: row)) }
            case .performAction(.delete, let row):
                if actions.contains(.delete) { reply.effects.append(.delete(id: row)) }
            case .dismiss:
                preview = nil
            }
        }
    }
}
