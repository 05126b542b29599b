/// The wizard's panel, drawn over the scale, as its layout placed it.
extension CalibrationLayout {
    func append(to scene: inout Scene, metrics: TextMetrics) {
        scene.shapes.append(.rect(panel, color: Color(246, 246, 250)))
        scene.shapes.append(.rect(Rect(x: panel.x, y: 0, width: 1, height: panel.height), color: Color(200, 200, 210)))
        for line in lines {
            scene.shapes.append(.text(line.text, at: line.at, anchor: .topLeft, size: line.size, color: line.color))
        }
        for control in controls {
            let size = metrics.size(fitting: control.title, width: control.rect.width - 8, preferred: 18, minimum: 11)
            scene.appendButton(
                control.name, control.title, control.rect, control: .calibration(control.action), textSize: size)
        }
    }
}
