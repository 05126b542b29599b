import Foundation

/// Where the eccentricity test's parts are: a panel on the side away from
/// the place asked for (the reference must reach it), its texts wrapped to
/// its width, and a target on the place, at any size.
struct EccentricityLayout {
    struct Control {
        var action: EccentricityAction
        var title: String
        var rect: Rect
    }

    var panel: Rect
    var lines: [CalibrationLayout.Line] = []
    var controls: [Control] = []

    /// `target`: the place asked for, in layout coordinates (nil at the result).
    init(run: EccentricityRun, target: Point?, size: Size, metrics: TextMetrics, status: String, format: WeightFormat) {
        let width = min(420, max(300, size.width * 0.4))
        // The centre and the result keep the wizard's side; a place on the right puts the panel left.
        let onLeft = (target?.x ?? 0) > size.width / 2 + 1
        panel = Rect(x: onLeft ? 0 : size.width - width, y: 0, width: width, height: size.height)
        let margin = CalibrationLayout.margin
        let x = panel.x + margin
        let inner = width - 2 * margin
        let cancel = Rect(x: x, y: size.height - margin - Flow.buttonHeight, width: min(120, inner), height: Flow.buttonHeight)
        var y = 10.0
        func add(_ text: String, size: Double, color: Color, lines most: Int = 4) {
            for line in Flow.paragraph(text, width: inner, size: size, minimum: 11, metrics: metrics).prefix(most) {
                lines.append(CalibrationLayout.Line(text: line.text, size: line.size, at: Point(x, y), color: color))
                y += metrics.lineHeight * line.size
            }
        }
        add("Eccentricity test", size: 22, color: .ink)
        y += 4
        // Room for the message, the status and the five readings above the buttons.
        let room = cancel.y - CalibrationLayout.gap - y
        let messageSize =
            [15.0, 13, 12, 11].first { size in
                let message = Flow.wrap(run.message, width: inner, size: size, metrics: metrics).count
                return Double(min(message, 4) + 6) * metrics.lineHeight * size <= room
            } ?? 11
        add(run.message, size: messageSize, color: .ink)
        add(status, size: messageSize + 2, color: .blue, lines: 1)
        for line in run.readingLines(format: format) { add(line, size: messageSize, color: .grey, lines: 1) }
        controls.append(Control(action: .cancelTapped, title: "Cancel", rect: cancel))
        let right = Rect(
            x: cancel.maxX + CalibrationLayout.gap, y: cancel.y, width: max(inner - cancel.width - CalibrationLayout.gap, 0),
            height: cancel.height)
        guard run.result != nil else { return }
        if run.offersSave {
            let half = (right.width - CalibrationLayout.gap) / 2
            controls.append(
                Control(action: .againTapped, title: "Again", rect: Rect(x: right.x, y: right.y, width: half, height: right.height)))
            controls.append(
                Control(
                    action: .saveTapped, title: "Save",
                    rect: Rect(x: right.x + half + CalibrationLayout.gap, y: right.y, width: half, height: right.height)))
        } else {
            controls.append(Control(action: .againTapped, title: "Again", rect: right))
        }
    }
}

extension EccentricityLayout {
    /// The test's panel as it was placed, and its places, each at `point(place)` on the screen.
    func append(_ run: EccentricityRun, at point: (EccentricityTest.Place) -> Point, metrics: TextMetrics, to scene: inout Scene) {
        // The places read, as small grey dots; the one asked for, as a target.
        for place in EccentricityTest.Place.allCases where run.test.readings[place] != nil {
            scene.shapes.append(.disc(center: point(place), radius: 6, color: .grey))
        }
        if let place = run.place {
            let p = point(place)
            let orange = Color(200, 80, 0)
            scene.shapes.append(.ring(center: p, radius: 40, width: 4, color: orange))
            scene.shapes.append(.rect(Rect(x: p.x - 52, y: p.y - 1.5, width: 104, height: 3), color: orange))
            scene.shapes.append(.rect(Rect(x: p.x - 1.5, y: p.y - 52, width: 3, height: 104), color: orange))
        }
        scene.shapes.append(.rect(panel, color: Color(246, 246, 250)))
        let edge = panel.x > 0 ? panel.x : panel.maxX - 1
        scene.shapes.append(.rect(Rect(x: edge, y: 0, width: 1, height: panel.height), color: Color(200, 200, 210)))
        for line in lines {
            scene.shapes.append(.text(line.text, at: line.at, anchor: .topLeft, size: line.size, color: line.color))
        }
        for control in controls {
            let size = metrics.size(fitting: control.title, width: control.rect.width - 8, preferred: 18, minimum: 11)
            scene.appendButton(
                control.action.elementName, control.title, control.rect, control: .eccentricity(control.action), textSize: size)
        }
    }
}
