/// The wizard's panel, drawn over the scale.
extension AppState {
    /// The wizard's layout now (the scene and the hit tests share it).
    func calibrationLayout(_ wizard: CalibrationWizard) -> CalibrationLayout {
        var progress: Double?
        if wizard.step == .place, wizard.mass != nil, let reference { progress = reference.stable ? 1 : reference.stableProgress }
        return CalibrationLayout(
            wizard: wizard, size: layout.size, metrics: metrics, title: "Calibrate \(source.deviceName)", progress: progress)
    }

    /// The wizard's panel as `calibrationLayout` placed it.
    func appendWizard(_ placed: CalibrationLayout, to scene: inout Scene) {
        scene.shapes.append(.rect(placed.panel, color: Color(246, 246, 250)))
        scene.shapes.append(.rect(Rect(x: placed.panel.x, y: 0, width: 1, height: placed.panel.height), color: Color(200, 200, 210)))
        for line in placed.lines {
            scene.shapes.append(.text(line.text, at: line.at, anchor: .topLeft, size: line.size, color: line.color))
        }
        for control in placed.controls {
            let size = metrics.size(fitting: control.title, width: control.rect.width - 8, preferred: 18, minimum: 11)
            Self.button(
                control.name, control.title, control.rect, control: .calibration(control.action), textSize: size, into: &scene)
        }
    }
}
