import Foundation
import PlumScale
import PlumScaleCore

/// Every screen in every state worth looking at, made through the core's
/// own events (and store answers made up here), at any window size: the
/// layout tests hold each to LayoutCheck, and `make gallery` draws each.
package struct ScreenCase {
    var name: String
    var state: AppState
}

package enum ScreenCases {
    static let sizes: [(Int, Int)] = [(640, 360), (800, 480), (1280, 720), (1920, 1080), (3840, 2160), (720, 1280)]

    static let metrics: TextMetrics = (try? FontSet(path: FontLocator.locate(override: nil)).textMetrics()) ?? .estimate

    static func source(_ mode: ForceMode) -> InputSource { .replay(ReplayDevice(name: "Test panel", mode: mode)) }

    static func state(
        _ width: Int, _ height: Int, mode: ForceMode = .force, mouse: Bool = false, config: Config = .defaults,
        kiosk: Bool = false
    ) -> AppState {
        var state = AppState(
            screen: Size(Double(width), Double(height)), source: source(mode), mouseEmulation: mouse, config: config,
            kiosk: kiosk)
        state.metrics = metrics
        return state
    }

    /// Contacts down at normalised positions with forces, then left to settle.
    static func place(_ points: [(x: Double, y: Double, force: Double)], on state: inout AppState, at t: Double = 0) {
        for (i, p) in points.enumerated() {
            state.apply(InputEvent(time: t, .touchDown(TouchSample(id: 100 + i, x: p.x, y: p.y, pressure: p.force, touchMajor: p.force))))
        }
        settle(&state, until: t + 2)
    }

    static func settle(_ state: inout AppState, until t: Double) {
        while let wake = state.nextWake, wake < t { state.apply(InputEvent(time: wake, .tick)) }
        state.apply(InputEvent(time: t, .tick))
    }

    /// "Test panel" calibrated: 1000 g at full force, so d is 1 g.
    static let calibrated = Config(calibrations: [
        "Test panel": [CalibrationPoint(force: 0, grams: 0), CalibrationPoint(force: 0.5, grams: 500)]
    ])

    /// Five objects: the centre, two edges, two corners.
    static let five: [(x: Double, y: Double, force: Double)] = [
        (0.5, 0.5, 0.42), (0.0, 0.5, 0.30), (1.0, 0.45, 0.55), (0.0, 0.0, 0.20), (1.0, 1.0, 0.86),
    ]

    /// `count` objects on a grid over the whole screen, edges included.
    static func grid(_ count: Int) -> [(x: Double, y: Double, force: Double)] {
        let columns = Int(Double(count).squareRoot().rounded(.up)) + 1
        let rows = (count + columns - 1) / columns
        return (0..<count).map { i in
            let c = i % columns
            let r = i / columns
            return (
                Double(c) / Double(max(columns - 1, 1)), Double(r) / Double(max(rows - 1, 1)),
                0.1 + 0.8 * Double((i * 7) % count) / Double(count)
            )
        }
    }

    /// A kiosk's operator comes: the corner held 3.5 s, the PIN 2468 typed, Enter (until 4.1 s).
    static func unlock(_ state: inout AppState) {
        state.apply(InputEvent(time: 0, .touchDown(cornerTouch(state))))
        settle(&state, until: 3.5)
        state.apply(InputEvent(time: 3.5, .touchUp(id: 9)))
        for (i, digit) in "2468".enumerated() { key(.character(digit), &state, at: 3.6 + Double(i) / 10) }
        key(.enter, &state, at: 4.1)
    }

    static func key(_ key: Key, _ state: inout AppState, at t: Double) {
        state.apply(InputEvent(time: t, .keyDown(key, modifiers: [])))
        state.apply(InputEvent(time: t, .keyUp(key, modifiers: [])))
    }

    /// Thirty rows; #30 is `weighing` itself, so the list and its preview
    /// and detail agree (5 objects, heaviest 153.2 g).
    static let rows: [HistoryRow] = (1...30).reversed().map { id in
        if Int64(id) == weighing.id {
            return HistoryRow(
                id: Int64(id), takenAt: weighing.takenAt, device: weighing.device, mode: weighing.mode, objectCount: weighing.objects.count,
                heaviestForce: weighing.heaviest?.force, heaviestGrams: weighing.heaviest?.grams)
        }
        return HistoryRow(
            id: Int64(id), takenAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(id) * 3600), device: "Test panel",
            mode: "force", objectCount: 1 + id % 5, heaviestForce: 0.3 + Double(id % 7) / 10, heaviestGrams: id % 3 == 0 ? 123.4 : nil)
    }

    static let weighing = Weighing(
        id: 30, takenAt: Date(timeIntervalSince1970: 1_700_108_000), device: "Test panel", mode: "force",
        objects: five.enumerated().map { i, p in
            WeighedObject(
                index: i, x: p.x * 1280, y: p.y * 720, force: p.force, grams: i == 0 ? 153.2 : nil, stable: i != 2, tare: i == 1 ? 0.05 : 0)
        })

    /// The history opened with rows, then `steps` applied.
    static func history(_ width: Int, _ height: Int, rows: [HistoryRow] = rows, mode: ForceMode = .force) -> AppState {
        var state = Self.state(width, height, mode: mode)
        key(.character("h"), &state, at: 1)
        state.apply(
            InputEvent(time: 1, .history(.rows(page: 0, rows, labels: rows.map { HistoryText.localTime($0.takenAt, timeZone: .gmt) }))))
        return state
    }

    /// A press on the first row with rising force, to `force`.
    static func press(_ state: inout AppState, force: Double, weighing: Weighing? = nil) {
        guard let row = state.scene().elements.first(where: { $0.kind == .row }) else { return }
        let p = state.layout.screenPoint(row.rect.center)
        let logical = state.layout.logicalScreen
        let sample = { (f: Double) in TouchSample(id: 40, x: p.x / logical.width, y: p.y / logical.height, pressure: f) }
        state.apply(InputEvent(time: 2, .touchDown(sample(0.05))))
        var t = 2.0
        for f in stride(from: 0.1, through: force, by: 0.1) {
            t += 0.05
            state.apply(InputEvent(time: t, .touchMove(sample(f))))
        }
        if let weighing { state.apply(InputEvent(time: t, .history(.weighing(weighing)))) }
    }

    /// The pressing touch (id 40) moved to `point` in layout coordinates.
    static func move(_ state: inout AppState, to point: Point, force: Double, at t: Double) {
        let p = state.layout.screenPoint(point)
        let logical = state.layout.logicalScreen
        state.apply(
            InputEvent(time: t, .touchMove(TouchSample(id: 40, x: p.x / logical.width, y: p.y / logical.height, pressure: force))))
    }

    /// A preview swiped up to its actions (Open, Export, Delete).
    static func actions(_ width: Int, _ height: Int) -> AppState {
        var state = history(width, height)
        guard let row = state.scene().elements.first(where: { $0.kind == .row })?.rect else { return state }
        press(&state, force: 0.5, weighing: weighing)
        // Up from where the press began, past the swipe's distance.
        move(&state, to: Point(row.center.x, row.center.y - 40), force: 0.5, at: 2.5)
        move(&state, to: Point(row.center.x, row.center.y - 120), force: 0.5, at: 2.6)
        return state
    }

    /// The actions, then a tap on Delete: "Delete for good" and Cancel asked.
    static func confirm(_ width: Int, _ height: Int) -> AppState {
        var state = actions(width, height)
        state.apply(InputEvent(time: 2.7, .touchUp(id: 40)))
        guard let delete = state.scene().elements.first(where: { $0.name == "delete" })?.rect else { return state }
        let p = state.layout.screenPoint(delete.center)
        let logical = state.layout.logicalScreen
        let sample = TouchSample(id: 41, x: p.x / logical.width, y: p.y / logical.height, pressure: 0.2)
        state.apply(InputEvent(time: 2.9, .touchDown(sample)))
        state.apply(InputEvent(time: 2.95, .touchUp(id: 41)))
        return state
    }

    /// A touch held in the layout's top-left corner (the admin corner), in
    /// screen coordinates: a portrait screen turns the layout.
    static func cornerTouch(_ state: AppState) -> TouchSample {
        let p = state.layout.screenPoint(Point(3, 3))
        let logical = state.layout.logicalScreen
        return TouchSample(id: 9, x: p.x / logical.width, y: p.y / logical.height, pressure: 0.3)
    }

    static func cases(_ width: Int, _ height: Int) -> [ScreenCase] {
        var cases: [ScreenCase] = []
        func add(_ name: String, _ state: AppState) { cases.append(ScreenCase(name: name, state: state)) }
        // The scale.
        add("scale-empty", state(width, height))
        add("scale-empty-mouse", state(width, height, mouse: true))
        add("scale-empty-area", state(width, height, mode: .area))
        add("scale-empty-position", state(width, height, mode: .position))
        for (name, points) in [("one", [(0.5, 0.5, 0.42)]), ("five-edges", five), ("ten", grid(10)), ("twenty", grid(20))] {
            var s = state(width, height)
            place(points, on: &s)
            add("scale-\(name)", s)
        }
        var tied = state(width, height)
        place([(0.25, 0.5, 0.5), (0.5, 0.5, 0.5), (0.75, 0.5, 0.5)], on: &tied)
        add("scale-tie", tied)
        var tared = state(width, height)
        place(five, on: &tared)
        key(.character("t"), &tared, at: 3)
        add("scale-tared", tared)
        var area = state(width, height, mode: .area)
        place(five, on: &area)
        add("scale-five-area", area)
        var position = state(width, height, mode: .position)
        place(five, on: &position)
        add("scale-five-position", position)
        // A touchpad weighed as a pad of its own: landscape, and portrait.
        for (name, pad) in [
            ("touchpad", DeviceSurface(width: 100, height: 66.7, isPad: true)),
            ("touchpad-tall", DeviceSurface(width: 60, height: 100, isPad: true)),
        ] {
            var s = state(width, height)
            s.source.surface = pad
            add("scale-empty-\(name)", s)
            place(five, on: &s)
            add("scale-five-\(name)", s)
        }
        // A pressure pad's own total, which the contacts disagree with: they
        // are its shares, and the footer says so above the total.
        var shares = state(width, height)
        shares.source.surface = DeviceSurface(width: 100, height: 66.7, isPad: true)
        place(five, on: &shares)
        shares.apply(InputEvent(time: 2, .deviceTotal(force: five.reduce(0) { $0 + $1.force } * 1.25)))
        settle(&shares, until: 2.5)
        add("scale-five-shares", shares)
        // The carrier guide: the carrier tared, an object on it, the guide's
        // line above the total.
        var carrier = state(width, height)
        key(.character("w"), &carrier, at: 0)
        place([(0.5, 0.5, 0.3)], on: &carrier, at: 0.1)
        key(.character("t"), &carrier, at: 2.2)
        carrier.apply(InputEvent(time: 2.5, .touchMove(TouchSample(id: 100, x: 0.5, y: 0.5, pressure: 0.35))))
        settle(&carrier, until: 4)
        add("scale-carrier", carrier)
        // Grams mode (issue 28): the indicator's marks, gross at zero, five
        // objects, tared, and one below Min.
        add("scale-grams-empty", state(width, height, config: calibrated))
        var grams = state(width, height, config: calibrated)
        place(five, on: &grams)
        add("scale-grams-five", grams)
        key(.character("t"), &grams, at: 3)
        add("scale-grams-tared", grams)
        // A preset tare typed (PT 12.5 g): every object net of it.
        var preset = state(width, height, config: calibrated)
        place(five, on: &preset)
        for (i, name) in ["p", "1", "2", ".", "5"].enumerated() { key(.character(Character(name)), &preset, at: 3 + Double(i) * 0.01) }
        add("scale-grams-preset-typed", preset)
        key(.enter, &preset, at: 3.1)
        add("scale-grams-preset-tare", preset)
        var light = state(width, height, config: calibrated)
        place([(0.5, 0.5, 0.004)], on: &light)
        add("scale-grams-below-min", light)
        // Each mode on five objects (420, 300, 550, 200 and 860 g at d = 1 g).
        for (name, mode) in [
            ("check", ScaleMode.check(low: 300, high: 500)), ("count", .count(pieceGrams: 0.5)), ("percent", .percent(referenceGrams: 420)),
        ] {
            var config = calibrated
            config.scaleModes = [mode]
            var s = state(width, height, config: config)
            place(five, on: &s)
            add("scale-\(name)-five", s)
            guard name == "count" else { continue }
            // Counting by sample: 10 pieces typed, and then taken (a sample
            // too light for the count: the footer's warning at its longest).
            key(.character("n"), &s, at: 3)
            key(.character("1"), &s, at: 3.1)
            key(.character("0"), &s, at: 3.2)
            add("scale-count-sample-typed", s)
            key(.enter, &s, at: 3.3)
            add("scale-count-sampled", s)
        }
        // Check-weighing's products: one picked (o), and a new one's name being typed (l).
        var products = calibrated
        products.scaleModes = [.check(low: 300, high: 500)]
        products.products = [Product(name: "Plums", low: 400, high: 600), Product(name: "Pears", low: 150, high: 250)]
        var picked = state(width, height, config: products)
        place(five, on: &picked)
        key(.character("o"), &picked, at: 3)
        add("scale-check-product", picked)
        key(.character("l"), &picked, at: 3.1)
        key(.enter, &picked, at: 3.2)
        key(.enter, &picked, at: 3.3)
        for (i, c) in "green plums".enumerated() { key(c == " " ? .space : .character(c), &picked, at: 3.4 + Double(i) / 100) }
        add("scale-check-product-name", picked)
        // A preset tare typed on the number pad (p): 12.5 g.
        var presetPad = state(width, height, config: calibrated)
        place(five, on: &presetPad)
        key(.character("p"), &presetPad, at: 3)
        for (i, c) in "12.5".enumerated() { key(.character(c), &presetPad, at: 3.1 + Double(i) / 10) }
        add("scale-preset-tare-typed", presetPad)
        var noticed = state(width, height)
        key(.space, &noticed, at: 1)
        add("scale-notice", noticed)
        // The fleet's line (issue 18), its longest words, beside the total and the mouse's hint.
        let fleet = FleetStatus(connected: false, queued: 12, lastError: "TLS failed (is the broker's certificate signed by the CA file?)")
        var fleetEmpty = state(width, height, mouse: true)
        fleetEmpty.apply(InputEvent(time: 0, .fleet(fleet)))
        add("scale-fleet-empty", fleetEmpty)
        var fleetFive = state(width, height)
        fleetFive.apply(InputEvent(time: 0, .fleet(fleet)))
        place(five, on: &fleetFive)
        add("scale-fleet-five", fleetFive)
        // The wizard, each step.
        var wizard = state(width, height)
        key(.character("k"), &wizard, at: 1)
        add("wizard-clear", wizard)
        key(.character("z"), &wizard, at: 1.1)
        _ = wizard.perform(.zeroTapped)
        add("wizard-place", wizard)
        key(.character("7"), &wizard, at: 1.2)
        place([(0.3, 0.5, 0.4)], on: &wizard, at: 1.3)
        add("wizard-mass-typed", wizard)
        key(.enter, &wizard, at: 3.4)
        add("wizard-captured", wizard)
        wizard.apply(InputEvent(time: 3.5, .touchUp(id: 100)))
        wizard.perform(.finishTapped)
        add("wizard-review", wizard)
        // Objects left where the wizard's panel comes up: their labels stay
        // off its controls.
        var underPanel = state(width, height)
        place([(0.3, 0.5, 0.4), (0.8, 0.2, 0.3), (0.95, 0.9, 0.6)], on: &underPanel)
        key(.character("k"), &underPanel, at: 2.1)
        add("wizard-objects-under-panel", underPanel)
        var refused = state(width, height, mode: .area)
        key(.character("k"), &refused, at: 1)
        add("wizard-refused", refused)
        // The history.
        add("history-empty", history(width, height, rows: []))
        add("history-rows", history(width, height))
        var hint = history(width, height)
        press(&hint, force: 0.3)
        add("history-hint", hint)
        var peek = history(width, height)
        press(&peek, force: 0.5, weighing: weighing)
        add("history-peek", peek)
        var loading = history(width, height)
        press(&loading, force: 0.5)
        add("history-peek-loading", loading)
        var detail = history(width, height)
        key(.down, &detail, at: 2)
        key(.enter, &detail, at: 2.1)
        detail.apply(InputEvent(time: 2.2, .history(.weighing(weighing))))
        add("detail", detail)
        // A check-weighing's record: each verdict beside its mass (issue 28).
        var checked = weighing
        checked.scaleMode = .check(low: 100, high: 150)
        for i in checked.objects.indices { checked.objects[i].verdict = [.over, .under, .ok, .under, .ok][i % 5] }
        var detailCheck = history(width, height)
        key(.down, &detailCheck, at: 2)
        key(.enter, &detailCheck, at: 2.1)
        detailCheck.apply(InputEvent(time: 2.2, .history(.weighing(checked))))
        add("detail-check", detailCheck)
        add("history-actions", actions(width, height))
        add("history-confirm", confirm(width, height))
        key(.delete, &detail, at: 2.3)
        add("detail-confirm", detail)
        // The kiosk's PIN pad, with a notice over it.
        var config = Config.defaults
        config.kiosk.pin = "2468"
        var kiosk = state(width, height, config: config, kiosk: true)
        kiosk.apply(InputEvent(time: 0, .touchDown(cornerTouch(kiosk))))
        settle(&kiosk, until: 3.5)
        key(.character("1"), &kiosk, at: 3.6)
        add("kiosk-pin", kiosk)
        // The operator's scale: the right PIN, the bar at the top, objects on it.
        var operatorMode = state(width, height, config: config, kiosk: true)
        unlock(&operatorMode)
        place(five, on: &operatorMode, at: 4.2)
        add("kiosk-operator", operatorMode)
        // Objects laid where the operator bar lies: their labels point up to it.
        var underBar = state(width, height, config: config, kiosk: true)
        unlock(&underBar)
        let bar = underBar.scene().elements.first { $0.name == OperatorAction.lockTapped.rawValue }?.rect.center.y ?? 40
        let hidden = underBar.layout.screenPoint(Point(underBar.layout.size.width * 0.45, bar))
        let logical = underBar.layout.logicalScreen
        place([(hidden.x / logical.width, hidden.y / logical.height, 0.5), (0.5, 0.6, 0.3)], on: &underBar, at: 4.2)
        add("kiosk-operator-under-bar", underBar)
        return cases + calibrationCases(width, height)
    }
}
