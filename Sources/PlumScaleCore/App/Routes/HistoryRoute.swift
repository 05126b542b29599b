/// The root's side of the history, preview and detail screens: input turned
/// into their actions, their reducers' requests carried out (store effects
/// out), and the store's answers received.
extension AppState {
    var peekConfig: PeekPopConfig {
        var peek = PeekPopConfig()
        peek.peekForce = config.peek.peek
        peek.popForce = config.peek.pop
        return peek
    }

    mutating func openHistory() {
        var browser = HistoryBrowser(peek: peekConfig, actions: peekActionsAllowed)
        outbox += browser.pageRequests(height: layout.size.height)
        screen = .history(browser)
    }

    /// The store answered.
    mutating func receive(_ result: HistoryResult) {
        switch result {
        case .saved(let id):
            show("Saved weighing #\(id)", on: "scale")
            if case .history(var browser) = screen {
                reload(&browser)
                screen = .history(browser)
            }
        case .rows(let page, let rows, let labels):
            let height = layout.size.height
            func received(_ browser: inout HistoryBrowser) {
                browser.received(page: page, rows: rows, labels: labels)
                browser.clampOffset(height: height)
                outbox += browser.pageRequests(height: height)
            }
            switch screen {
            case .history(var browser):
                received(&browser)
                screen = .history(browser)
            case .detail(var detail):
                received(&detail.table)
                screen = .detail(detail)
            case .scale, .calibration, .eccentricity:
                break
            }
        case .weighing(let weighing):
            switch screen {
            case .history(var browser):
                // A weighing asked for by an earlier press or peek, come
                // after another was peeked, is not this preview's.
                if let id = weighing?.id, let peeked = browser.peek.row, peeked != id { return }
                browser.preview = weighing
                screen = .history(browser)
            case .detail(var detail):
                if let id = weighing?.id, id != detail.id { return }
                detail.weighing = weighing
                screen = .detail(detail)
            case .scale, .calibration, .eccentricity:
                break
            }
        case .deleted(let id):
            show("Deleted weighing #\(id)", on: "history")
            var browser = screen.browser ?? screen.detail?.table ?? HistoryBrowser(peek: peekConfig, actions: peekActionsAllowed)
            browser.preview = nil
            _ = browser.peek.handle(.cancel(time: now))
            reload(&browser)
            screen = .history(browser)
        case .calibrationSaved(let device, let points, let logged, let logProblem):
            if let logged { calibrationLog[device] = logged }
            calibrationSaved(points, logProblem: logProblem)
        case .eccentricitySaved(_, let map, let logProblem):
            eccentricitySaved(map)
            if let logProblem { show("Correction saved, but not in the calibration log: \(logProblem)", seconds: 8, on: "scale") }
        case .productSaved(let name):
            show("Product \(name) saved in the config file", seconds: 3, on: "scale")
        case .calibrations(let latest):
            calibrationLog = latest
        case .exported(let path):
            show("Exported to \(path)", seconds: 6)
        case .failed(let message):
            show(message, seconds: 8, on: .some(nil))
        }
    }

    private mutating func reload(_ browser: inout HistoryBrowser) {
        browser.reload()
        browser.offset = 0
        outbox += browser.pageRequests(height: layout.size.height)
    }

    /// The history and detail screens. Objects lying on the scale keep being
    /// tracked whatever screen is up.
    mutating func applyOffScale(_ event: InputEvent) {
        switch event.kind {
        case .touchMove(let s) where scale.contact(id: s.id) != nil:
            return place(s)
        case .touchUp(let id) where scale.contact(id: id) != nil, .touchCancel(let id) where scale.contact(id: id) != nil:
            scale.lift(id: id)
            return
        default:
            break
        }
        switch screen {
        case .history(var browser):
            applyCommon(event)
            let action = historyAction(event)
            let context = HistoryContext(size: layout.size, now: now)
            screen = .scale  // the table is held once while it changes, not copied
            let requests = HistoryBrowser.reduce(into: &browser, action: action, context: context)
            screen = .history(browser)
            for request in requests {
                switch request {
                case .perform(let effect): outbox.append(effect)
                case .backToScale: screen = .scale
                case .openDetail(let id): openDetail(id, from: browser)
                }
            }
        case .detail(let detail):
            applyOnDetail(event, detail)
        case .scale, .calibration, .eccentricity:
            break
        }
    }

    /// What an input is on the history table: a finger's or the mouse's
    /// press in layout pixels, with its force where the source measures it
    /// (Peek & Pop by force, else by holding).
    private func historyAction(_ event: InputEvent) -> HistoryAction {
        let force = { (s: TouchSample) in self.source.mode == .force ? s.pressure : nil }
        switch event.kind {
        case .touchDown(let s) where control(at: layoutPoint(s.x, s.y)) == .historyBack: return .backTapped
        case .pointerDown(let x, let y, 1, _) where control(at: layoutPoint(x, y)) == .historyBack: return .backTapped
        case .touchDown(let s): return .pressed(id: s.id, at: layoutPoint(s.x, s.y), force: force(s))
        case .touchMove(let s): return .pressDragged(id: s.id, to: layoutPoint(s.x, s.y), force: force(s))
        case .touchUp(let id): return .pressReleased(id: id)
        case .touchCancel(let id): return .pressCancelled(id: id)
        case .pointerDown(let x, let y, 3, _): return .rightClicked(at: layoutPoint(x, y))
        case .pointerDown(let x, let y, 1, _): return .pressed(id: HistoryBrowser.mousePressID, at: layoutPoint(x, y), force: nil)
        case .pointerMove(let x, let y): return .pressDragged(id: HistoryBrowser.mousePressID, to: layoutPoint(x, y), force: nil)
        case .pointerUp(_, _, 1): return .pressReleased(id: HistoryBrowser.mousePressID)
        case .wheel(let dy): return .wheelTurned(dy: dy)
        case .keyDown(let key, _): return .keyPressed(key)
        case .keyUp(let key, _): return .keyReleased(key)
        case .tick: return .timePassed
        default: return .otherInput
        }
    }

    private mutating func applyOnDetail(_ event: InputEvent, _ detail: HistoryDetail) {
        // While the confirmation is up, only its two buttons can be pressed
        // (the others are dimmed under it).
        func button(_ p: Point) -> DetailAction? {
            if case .detail(let action)? = control(at: p) { action } else { nil }
        }
        switch event.kind {
        case .touchDown(let s):
            if let action = button(layoutPoint(s.x, s.y)) {
                pressedControls[s.id] = .detail(action)
            } else {
                pressedControls[s.id] = nil
            }
        case .touchUp(let id):
            guard case .detail(let action) = pressedControls.removeValue(forKey: id) else { return }
            perform(action, on: detail)
        case .touchMove, .touchCancel:
            break
        case .pointerDown(let x, let y, _, _):
            if let action = button(layoutPoint(x, y)) { perform(action, on: detail) }
        case .keyDown(let key, _) where detail.confirmingDelete:
            // Enter confirms; a second Delete does not (no double press deletes).
            switch key {
            case .enter: perform(.deleteConfirmed, on: detail)
            case .escape, .backspace: perform(.deleteCancelled, on: detail)
            default: break
            }
        case .keyDown(let key, _):
            switch key {
            case .escape, .backspace: perform(.backTapped, on: detail)
            case .character("e"): perform(.exportTapped, on: detail)
            case .delete: perform(.deleteTapped, on: detail)
            default: break
            }
        default:
            applyCommon(event)
        }
    }

    /// Does what the user asked for on the detail screen, when the gate allows it.
    mutating func perform(_ action: DetailAction, on detail: HistoryDetail) {
        guard allows(action.adminWork) else { return }
        var detail = detail
        let requests = HistoryDetail.reduce(into: &detail, action: action, context: ())
        screen = .detail(detail)
        for request in requests {
            switch request {
            case .backToTable: screen = .history(detail.table)
            case .perform(let effect): outbox.append(effect)
            }
        }
    }

    /// Tells the table up (on its own screen or under the detail) what the
    /// station now offers on a weighing, through its reducer.
    mutating func offer(_ actions: [PeekAction]) {
        let context = HistoryContext(size: layout.size, now: now)
        switch screen {
        case .history(var browser):
            _ = HistoryBrowser.reduce(into: &browser, action: .offerChanged(actions), context: context)
            screen = .history(browser)
        case .detail(var detail):
            _ = HistoryBrowser.reduce(into: &detail.table, action: .offerChanged(actions), context: context)
            screen = .detail(detail)
        case .scale, .calibration, .eccentricity:
            break
        }
    }

    mutating func openDetail(_ row: Int64, from table: HistoryBrowser) {
        var table = table
        // The preview's weighing, when it is this row's, shows at once (the
        // store is asked again all the same: the detail is its answer).
        let shown = table.preview?.id == row ? table.preview : nil
        table.preview = nil
        // The press that popped it ends on the detail screen (its release
        // goes there): the table, back again, holds nothing, and says so.
        table.press = nil
        _ = table.peek.handle(.cancel(time: now))
        screen = .detail(HistoryDetail(id: row, weighing: shown, table: table))
        outbox.append(.loadWeighing(id: row))
    }
}
