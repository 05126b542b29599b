extension AppState {
    /// What is on screen now, for whichever screen is up, with the notice on top.
    public func scene() -> Scene { scene(drawing: true) }

    /// `drawing` false: the scene as the hit test needs it (`control(at:)`),
    /// built by the same steps but for the scale's circles, labels and
    /// lines and the notice, which hold no control (a press on the glass,
    /// the commonest input, would otherwise place every label again).
    func scene(drawing: Bool) -> Scene {
        var scene: Scene
        // Where the scale's header ends, from the view drawn (the operator
        // bar goes under it): its contacts are gathered once a frame.
        var header: Double?
        switch screen {
        case .scale where drawing:
            let view = scaleView(withFooter: true)
            scene = view.scene()
            header = view.headerBottom
        case .scale: scene = scaleButtonsScene()
        case .calibration(let wizard):
            let placed = calibrationLayout(wizard)
            scene = drawing ? scaleScene(withButtons: false, reserved: [placed.panel]) : Scene(layout: layout)
            placed.append(to: &scene, metrics: metrics)
        case .eccentricity(let run):
            let placed = eccentricityLayout(run)
            scene = drawing ? scaleScene(withButtons: false, reserved: [placed.panel]) : Scene(layout: layout)
            placed.append(run, at: { layoutPoint(of: $0) }, metrics: metrics, to: &scene)
        case .history(let browser): scene = historyView.scene(browser)
        case .detail(let detail): scene = historyView.scene(detail)
        }
        appendNumberPad(to: &scene)
        let bar = showsOperatorBar ? Kiosk.operatorBar(size: layout.size, top: (header ?? scaleHeaderBottom()) + 8) : nil
        kiosk?.appendOverlays(to: &scene, size: layout.size, metrics: metrics, bar: bar)
        // The PIN pad takes the screen: what the scale has to say waits.
        if drawing, let notice = visibleNotice, kiosk?.pinPad == nil { appendNotice(notice, to: &scene) }
        return scene
    }

    /// The notice in a free place: the lowest spot, centred, where it
    /// covers no control, no text of the screen it is on and no stability
    /// dot (a tare refused says to wait for one to turn green).
    private func appendNotice(_ notice: Notice, to scene: inout Scene) {
        let size = layout.size
        let textSize = metrics.size(fitting: notice.text, width: size.width - 40, preferred: 18, minimum: 12)
        let width = min(max(metrics.width(notice.text, size: textSize) + 32, 300), size.width - 20)
        let height = 44.0
        let dots = scene.labelGroups.flatMap { $0.circles.compactMap(\.badge) }.map(StabilityBadge.rect(at:))
        // The texts of the top layer, from a copy gone before the scene is
        // added to (kept alive, it shared the shapes: each append then
        // copied them all, thousands on a crowded screen).
        let chrome: [Rect] = {
            var top = scene
            if let start = scene.modalStart { top.shapes = Array(scene.shapes[start...]) }
            return top.texts(metrics).map(\.rect) + scene.elements.map(\.rect)
        }()
        let bottom = Rect(x: (size.width - width) / 2, y: size.height - 10 - height, width: width, height: height)
        // Clear of the rings and the dots too where the screen has room (a
        // ring cut by the notice hides its object's edge), then of the
        // dots, else of the chrome alone.
        let circles = scene.labelGroups.flatMap(\.circles)
        let rect =
            Self.lowestFree(bottom, taken: chrome + dots, clearOf: circles) ?? Self.lowestFree(bottom, taken: chrome + dots)
            ?? Self.lowestFree(bottom, taken: chrome) ?? bottom
        scene.notice = rect
        scene.shapes.append(.rect(rect, color: Color(40, 40, 48, 235)))
        scene.shapes.append(.text(notice.text, at: rect.center, anchor: .center, size: textSize, color: .white))
    }

    /// `rect` moved up 8 px at a time to the first place clear of `taken`
    /// and crossed by none of the rings of `circles`.
    private static func lowestFree(_ rect: Rect, taken: [Rect], clearOf circles: [DrawnCircle] = []) -> Rect? {
        var candidate = rect
        while candidate.y >= 10 {
            if !taken.contains(where: { $0.intersects(candidate) }), !circles.contains(where: { $0.ringCrosses(candidate) }) {
                return candidate
            }
            candidate.y -= 8
        }
        return nil
    }

    /// Whether the kiosk's operator bar is on screen: in operator mode, on the scale.
    var showsOperatorBar: Bool { kiosk?.role == .operator && screen == .scale && kiosk?.pinPad == nil }

    /// The operator bar, under the scale's banner and legend.
    func operatorBar(size: Size) -> (rect: Rect, buttons: [(action: OperatorAction, rect: Rect)]) {
        Kiosk.operatorBar(size: size, top: scaleHeaderBottom() + 8)
    }

    /// What the history's screens are drawn with (History/HistoryScene.swift).
    var historyView: HistoryView {
        HistoryView(layout: layout, metrics: metrics, timeZone: timeZone, sourceMode: source.mode)
    }
}
