/// The wizard's panel, drawn over the scale.
extension AppState {
    func appendWizard(_ wizard: CalibrationWizard, to scene: inout Scene) {
        let size = layout.size
        let panel = CalibrationLayout.panel(size: size)
        scene.shapes.append(.rect(panel, color: Color(246, 246, 250, 240)))
        scene.shapes.append(.text("Calibrate \(source.deviceName)", at: Point(panel.x + 15, 16), anchor: .topLeft, size: 22, color: .ink))
        scene.shapes.append(.text(wizard.message, at: Point(panel.x + 15, 56), anchor: .topLeft, size: 14, color: .ink))
        let status = "mass: \(wizard.massText.isEmpty ? "–" : wizard.massText + " g") · points: \(wizard.points.count)"
        scene.shapes.append(.text(status, at: Point(panel.x + 15, 100), anchor: .topLeft, size: 18, color: .blue))
        if wizard.step == .place, wizard.mass != nil, let reference {
            let progress = reference.stable ? 1 : reference.stableProgress
            scene.shapes.append(
                .text("stable: \(Int(progress * 100))%", at: Point(panel.x + 300, 100), anchor: .topLeft, size: 18, color: .grey))
        }
        for control in CalibrationLayout.controls(for: wizard, size: size) {
            Self.button(control.name, control.title, control.rect, into: &scene)
        }
    }
}
