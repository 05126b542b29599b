import Foundation

/// The calibration screen: the scale as usual, plus the wizard's panel.
extension AppState {
    mutating func openCalibration() {
        screen = .calibrate
        wizard = CalibrationWizard(mode: source.mode)
    }

    /// The reference object: the heaviest contact on the glass, untared force.
    var reference: ContactView? {
        contactViews.filter { $0.force != nil }.max { ($0.force! + $0.tare) < ($1.force! + $1.tare) }
    }

    mutating func applyOnCalibrate(_ event: InputEvent) -> Bool {
        guard wizard != nil else { screen = .scale; return true }
        let size = layout.size
        func control(_ x: Double, _ y: Double) -> String? {
            let p = layout.layoutPoint(normalizedX: x, normalizedY: y)
            return CalibrationLayout.controls(for: wizard!, size: size).first { $0.rect.contains(p) }?.name
        }
        switch event.kind {
        case .touchDown(let s) where scale.contact(id: s.id) == nil:
            if let name = control(s.x, s.y) {
                buttonTouches[s.id] = name
                return false
            }
            if inPanel(s.x, s.y) { return false }
            return place(s)
        case .touchUp(let id) where buttonTouches[id] != nil:
            return wizardControl(buttonTouches.removeValue(forKey: id)!)
        case .touchMove(let s) where buttonTouches[s.id] != nil:
            return false
        case .pointerDown(let x, let y, 1, _):
            if let name = control(x, y) { return wizardControl(name) }
            if inPanel(x, y) { return false }
            return mouse != nil && mouse!.apply(event.kind, time: now, layout: layout, scale: &scale)
        case .keyDown("escape", _):
            return wizardControl("cancel")
        case .keyDown(let name, _) where wizard!.step == .place && (name.count == 1 && (name.first!.isNumber || name == ".")):
            return wizardControl("key-" + name)
        case .keyDown("backspace", _) where wizard!.step == .place:
            return wizardControl("key-⌫")
        case .tick:
            scale.advance(to: now)
            autoCapture()
            return true
        default:
            return applyOnScale(event)
        }
    }

    private func inPanel(_ x: Double, _ y: Double) -> Bool {
        CalibrationLayout.panel(size: layout.size).contains(layout.layoutPoint(normalizedX: x, normalizedY: y))
    }

    /// Captures once the reference has been stable for the set time.
    private mutating func autoCapture() {
        guard wizard?.step == .place, wizard?.mass != nil, let reference, reference.stable, let force = reference.force else { return }
        wizard!.capture(force: force + reference.tare)
    }

    mutating func wizardControl(_ name: String) -> Bool {
        guard var w = wizard else { return false }
        defer { if screen == .calibrate { wizard = w } }
        switch name {
        case "cancel":
            screen = .scale
            wizard = nil
            return true
        case "zero":
            guard scale.isEmpty else {
                w.message = "Something is still on the glass: clear it, then press Zero."
                return true
            }
            scale.clearTares()
            w.step = .place
            w.message = "Place a reference of known mass, then enter its mass or pick a coin."
        case "another":
            w.step = .place
            w.message = "Place the next reference, then enter its mass."
        case "finish":
            guard let fit = w.fit else { return false }
            w.step = .review
            w.message = String(format: "Fit: R² %.4f, largest residual %.2f g over %d points. Save it?", fit.rSquared, fit.maxResidualGrams, w.points.count)
        case "save":
            requests.append(.saveCalibration(device: source.deviceName, points: w.points))
        default:
            if name.hasPrefix("key-") {
                w.type(String(name.dropFirst(4)))
            } else if name.hasPrefix("preset-"), let i = Int(name.dropFirst(7)), CalibrationWizard.presets.indices.contains(i) {
                w.massText = String(CalibrationWizard.presets[i].grams)
            } else {
                return false
            }
            w.message = w.mass == nil ? "Enter the reference's mass." : "Waiting for a stable reading of \(Plum.grams(w.mass!))…"
        }
        return true
    }

    /// The saved calibration is used from now on.
    mutating func calibrationSaved(_ points: [CalibrationPoint]) {
        scale.fit = try? CalibrationFit(points: points)
        wizard = nil
        screen = .scale
        show("Calibration saved for \(source.deviceName)")
    }

    func appendWizard(to scene: inout Scene) {
        guard let wizard else { return }
        let size = layout.size
        let panel = CalibrationLayout.panel(size: size)
        scene.shapes.append(.rect(panel, color: Color(246, 246, 250, 240)))
        scene.shapes.append(.text("Calibrate \(source.deviceName)", at: Point(panel.x + 15, 16), anchor: .topLeft, size: 22, color: .ink))
        scene.shapes.append(.text(wizard.message, at: Point(panel.x + 15, 56), anchor: .topLeft, size: 14, color: .ink))
        let status = "mass: \(wizard.massText.isEmpty ? "–" : wizard.massText + " g") · points: \(wizard.points.count)"
        scene.shapes.append(.text(status, at: Point(panel.x + 15, 100), anchor: .topLeft, size: 18, color: .blue))
        if wizard.step == .place, wizard.mass != nil, let reference {
            let progress = reference.stable ? 1 : reference.stableProgress
            scene.shapes.append(.text("stable: \(Int(progress * 100))%", at: Point(panel.x + 300, 100), anchor: .topLeft, size: 18, color: .grey))
        }
        for control in CalibrationLayout.controls(for: wizard, size: size) {
            Self.button(control.name, control.title, control.rect, into: &scene)
        }
    }
}
