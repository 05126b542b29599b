import Foundation

/// The history, preview and detail screens: events in, store requests out.
extension AppState {
    mutating func openHistory() {
        screen = .history
        browser.reload()
        browser.offset = 0
        browser.selected = nil
        requests += browser.pageRequests(height: layout.size.height)
    }

    /// Saves what is on the scale now. Nothing on it: nothing saved, and say so.
    mutating func record() {
        let views = contactViews
        guard !views.isEmpty else {
            show("Nothing recorded: there is nothing on the scale.")
            return
        }
        let objects = views.enumerated().map { i, v in
            WeighedObject(index: i, x: v.position.x, y: v.position.y, force: v.force, grams: v.grams, stable: v.stable, tare: v.tare)
        }
        requests.append(.save(device: source.deviceName, mode: source.mode.rawValue, objects: objects))
        show("Saving…", seconds: 10)
    }

    mutating func receive(_ result: HistoryResult) -> Bool {
        switch result {
        case .saved(let id):
            show("Saved weighing #\(id)")
            if screen == .history { reloadHistory() }
        case .rows(let page, let rows, let labels):
            browser.received(page: page, rows: rows, labels: labels)
            browser.clampOffset(height: layout.size.height)
            requests += browser.pageRequests(height: layout.size.height)
        case .weighing(let weighing):
            if screen == .detail { browser.detail = weighing } else { browser.preview = weighing }
        case .deleted(let id):
            show("Deleted weighing #\(id)")
            browser.preview = nil
            browser.detail = nil
            _ = browser.peek.handle(.cancel(time: now))
            screen = .history
            reloadHistory()
        case .calibrationSaved(_, let points):
            calibrationSaved(points)
        case .exported(let path):
            show("Exported to \(path)", seconds: 6)
        case .failed(let message):
            show(message, seconds: 8)
        }
        return true
    }

    private mutating func reloadHistory() {
        browser.reload()
        browser.offset = 0
        requests += browser.pageRequests(height: layout.size.height)
    }

    mutating func applyOffScale(_ event: InputEvent) -> Bool {
        // Objects lying on the scale keep being tracked whatever screen is up.
        switch event.kind {
        case .touchMove(let s) where scale.contact(id: s.id) != nil: return applyScaleTouch(event)
        case .touchUp(let id) where scale.contact(id: id) != nil: return applyScaleTouch(event)
        case .touchCancel(let id) where scale.contact(id: id) != nil: return applyScaleTouch(event)
        default: break
        }
        let changed = screen == .history ? applyOnHistory(event) : applyOnDetail(event)
        if screen == .history { requests += browser.pageRequests(height: layout.size.height) }
        return changed
    }

    private mutating func applyScaleTouch(_ event: InputEvent) -> Bool {
        switch event.kind {
        case .touchMove(let s): _ = place(s)
        case .touchUp(let id), .touchCancel(let id): scale.lift(id: id)
        default: break
        }
        return false
    }

    private func point(_ x: Double, _ y: Double) -> Point {
        layout.layoutPoint(normalizedX: min(max(x.isFinite ? x : 0, 0), 1), normalizedY: min(max(y.isFinite ? y : 0, 0), 1))
    }

    private mutating func applyOnDetail(_ event: InputEvent) -> Bool {
        func button(_ p: Point) -> String? {
            HistoryLayout.detailButtons(size: layout.size).first { $0.rect.contains(p) }?.name
        }
        switch event.kind {
        case .touchDown(let s):
            buttonTouches[s.id] = button(point(s.x, s.y))
            return false
        case .touchUp(let id):
            guard let name = buttonTouches.removeValue(forKey: id) else { return false }
            return detailAction(name)
        case .touchMove, .touchCancel: return false
        case .pointerDown(let x, let y, _, _): return button(point(x, y)).map { detailAction($0) } ?? false
        case .keyDown(let name, _):
            switch name {
            case "escape", "backspace": return detailAction("back")
            case "e": return detailAction("export")
            case "delete": return detailAction("delete")
            default: return false
            }
        default: return applyCommon(event)
        }
    }

    mutating func detailAction(_ name: String) -> Bool {
        guard let id = browser.detail?.id else {
            if name == "back" { screen = .history; return true }
            return false
        }
        switch name {
        case "back": screen = .history
        case "export": requests.append(.export(id: id))
        case "delete": requests.append(.delete(id: id))
        default: return false
        }
        return true
    }
}
