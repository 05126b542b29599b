/// What a person does on the history table: a press (a finger, or the
/// mouse's left button as `mousePressID`) begun, dragged, released or
/// cancelled; the right button; the wheel; keys; and time passing (the
/// momentum, a press held).
enum HistoryAction: Equatable, Sendable {
    /// Back, pressed (found by the root's hit test): to the scale.
    case backTapped
    case pressed(id: Int, at: Point, force: Double?)
    case pressDragged(id: Int, to: Point, force: Double?)
    case pressReleased(id: Int)
    case pressCancelled(id: Int)
    case rightClicked(at: Point)
    case wheelTurned(dy: Double)
    case keyPressed(Key)
    case keyReleased(Key)
    case timePassed
    /// Input that is not the table's (a resize, a device change): only the
    /// pages the view now needs are asked for.
    case otherInput
    /// The station now offers these actions on a weighing (a kiosk's
    /// operator mode began or ended): a menu showing one taken away is put away.
    case offerChanged([PeekAction])
}

/// What the table asks of the station.
enum HistoryRequest: Equatable, Sendable {
    case backToScale
    case openDetail(Int64)
    /// The store's work (a page, a preview, an export, a delete).
    case perform(Effect)
}

/// What the table needs to know of the rest of the app.
struct HistoryContext {
    var size: Size
    var now: Double
}

/// Where the history table sends the user, while an action is reduced.
private enum HistoryNavigation: Equatable, Sendable {
    case backToScale
    case openDetail(Int64)
}

/// What one action did to the table, while it is reduced.
private struct HistoryReply {
    var effects: [Effect] = []
    var navigation: HistoryNavigation?
}

/// The history table's reducer: presses fed to Peek & Pop and to scrolling,
/// the wheel, the keys, the momentum; then the pages the view needs.
extension HistoryBrowser: ScreenReducer {
    static let mousePressID = -1

    static func reduce(into browser: inout HistoryBrowser, action: HistoryAction, context: HistoryContext) -> [HistoryRequest] {
        if case .offerChanged(let actions) = action {
            browser.allow(actions, time: context.now)
            return []
        }
        var reply = HistoryReply()
        browser.handle(action, context, &reply)
        switch reply.navigation {
        case .backToScale: return reply.effects.map(HistoryRequest.perform) + [.backToScale]
        case .openDetail(let id): return reply.effects.map(HistoryRequest.perform) + [.openDetail(id)]
        case nil: return (reply.effects + browser.pageRequests(height: context.size.height)).map(HistoryRequest.perform)
        }
    }

    private mutating func handle(_ action: HistoryAction, _ context: HistoryContext, _ reply: inout HistoryReply) {
        let size = context.size
        let now = context.now
        switch action {
        case .backTapped:
            reply.navigation = .backToScale
        case .pressed(let id, let p, let force):
            pressBegan(id: id, at: p, force: force, context, &reply)
        case .pressDragged(let id, let p, let force):
            pressMoved(id: id, to: p, force: force, context, &reply)
        case .pressReleased(let id):
            pressEnded(id: id, context, &reply)
        case .pressCancelled(let id):
            guard press?.id == id else { return }
            press = nil
            handlePeek(.cancel(time: now), &reply)
        case .rightClicked(let p):
            guard case .row(let id) = target(at: p, size: size) else { return }
            peekedBy = .mouse
            handlePeek(.peekAtOnce(row: id, time: now), &reply)
        case .wheelTurned(let dy):
            guard dy.isFinite else { return }
            if peek.phase != .none { return handlePeek(.wheel(dy: dy, time: now), &reply) }
            offset -= dy * Self.rowHeight
            clampOffset(height: size.height)
        case .keyPressed(let key):
            keyPressed(key, down: true, context, &reply)
        case .keyReleased(let key):
            keyPressed(key, down: false, context, &reply)
        case .timePassed:
            let dt = now - (lastTick ?? now)
            lastTick = now
            glide(dt: dt, height: size.height)
            handlePeek(.tick(time: now), &reply)
        case .otherInput, .offerChanged:
            break
        }
    }

    private mutating func pressBegan(
        id: Int, at p: Point, force: Double?, _ context: HistoryContext, _ reply: inout HistoryReply
    ) {
        press = Press(id: id, start: p, lastY: p.y, lastTime: context.now, scrolling: false)
        if peek.phase == .none { peekedBy = id == Self.mousePressID ? .mouse : .touch }
        let target = target(at: p, size: context.size)
        if case .row = target, let index = rowIndex(at: p, height: context.size.height) {
            selected = index
            prefetch(index, &reply)
        }
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

    /// A press on a row with nothing peeked asks the store for that row's
    /// weighing at once: held, its preview comes half a second later, and
    /// the card then shows the weighing rather than "Loading…" while the
    /// store, off the loop's thread, answers (on a busy station that took
    /// longer than the hold). Kept unseen until the preview is shown.
    private mutating func prefetch(_ index: Int, _ reply: inout HistoryReply) {
        guard peek.phase == .none, let row = row(at: index)?.row.id else { return }
        fetch(row, &reply)
    }

    /// Asks the store for weighing `row` unless the preview holds it already.
    private mutating func fetch(_ row: Int64, _ reply: inout HistoryReply) {
        guard preview?.id != row else { return }
        preview = nil
        reply.effects.append(.loadWeighing(id: row))
    }

    private mutating func handlePeek(_ input: PeekPopInput, _ reply: inout HistoryReply) {
        for effect in peek.handle(input) {
            switch effect {
            case .hint, .showActions, .askToConfirmDelete:
                break
            case .showPreview(let row):
                // The highlight follows the preview, whatever opened it.
                if let index = index(ofWeighing: row) { selected = index }
                // Fetched when the press began (`prefetch`): the card shows
                // it at once. Otherwise "Loading…" until the store answers.
                fetch(row, &reply)
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
