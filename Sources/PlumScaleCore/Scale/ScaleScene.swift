import Foundation

extension AppState {
    static let paleYellow = Color(255, 250, 190)
    static let provisional = Color(120, 120, 255)
    static let overloadRed = Color(214, 30, 30)
    static let stableGreen = Color(0, 150, 70)

    /// The scale screen: Plum-O-Meter's circles, labels and prompt, plus
    /// what PlumScale adds (stability, ties, overload, tare, mode banner).
    func scaleScene() -> Scene {
        var scene = Scene(layout: layout)
        let size = layout.size
        let count = scale.board.contacts.count
        // At most 8 shapes a contact (fill, ring, labels, badge), then the
        // prompt, banner, buttons, hint and notice.
        scene.shapes.reserveCapacity(8 * count + buttonPanel.shapes.count + 16)
        let shown = shownContacts()
        appendCircles(shown, to: &scene)
        for i in shown.indices where shown[i].labelled { appendReadingDetails(of: shown[i], to: &scene) }
        if count == 0 {
            scene.shapes.append(
                .text(Plum.prompt, at: Point(size.width / 2, size.height / 2), anchor: .center, size: 44, color: .ink))
        }
        appendBanner(to: &scene)
        appendButtons(to: &scene)
        if let mouse {
            let hint = MouseEmulation.hint + " · force " + Plum.formatPercent(mouse.force * 100)
            scene.shapes.append(.text(hint, at: Point(12, size.height - 10), anchor: .bottomLeft, size: 16, color: .grey))
        }
        return scene
    }

    /// The circles as PlumDrawing draws them at full size (fills, then
    /// rings, then labels, so no ring is ever hidden), written straight
    /// into the scene: each label is made once, into its shape.
    private func appendCircles(_ shown: [ShownContact], to scene: inout Scene) {
        for i in shown.indices {
            if let fill = shown[i].fill {
                scene.shapes.append(.disc(center: shown[i].position, radius: shown[i].radius, color: fill))
            }
        }
        for i in shown.indices {
            scene.shapes.append(
                .ring(center: shown[i].position, radius: shown[i].radius, width: Plum.strokeWidth, color: shown[i].ringColor))
        }
        let mode = source.mode
        for i in shown.indices {
            guard let label = shown[i].label(mode: mode) else { continue }
            let p = shown[i].position
            scene.shapes.append(
                .text(label, at: Point(p.x, p.y + shown[i].radius), anchor: .topCenter, size: Plum.labelSize, color: shown[i].labelColor))
        }
    }

    /// Under the label: the percentage beside grams, the overload warning;
    /// on the ring a badge: a filling dot while settling, green when stable.
    private func appendReadingDetails(of shown: ShownContact, to scene: inout Scene) {
        let position = shown.position, radius = shown.radius
        let overload = shown.overload, stable = shown.stable
        let color = shown.labelColor
        var y = position.y + radius + Plum.labelSize * 1.2
        if let secondary = shown.secondaryLabel(mode: source.mode) {
            scene.shapes.append(.text(secondary, at: Point(position.x, y), anchor: .topCenter, size: 18, color: color))
            y += 22
        }
        if overload {
            scene.shapes.append(.text("overload: past 98% of range", at: Point(position.x, y), anchor: .topCenter, size: 18, color: Self.overloadRed))
        }
        let badge = Point(position.x + radius * 0.7071, position.y - radius * 0.7071)
        if stable {
            scene.shapes.append(.disc(center: badge, radius: 11, color: Self.stableGreen))
        } else {
            scene.shapes.append(.disc(center: badge, radius: 11, color: .white))
            scene.shapes.append(.disc(center: badge, radius: 2 + 9 * shown.stableProgress, color: Self.provisional))
            scene.shapes.append(.ring(center: badge, radius: 10.5, width: 2, color: Self.provisional))
        }
    }

    /// The buttons' shapes and elements, as the panel made them.
    private func appendButtons(to scene: inout Scene) {
        // One by one: cheaper than append(contentsOf:) for these few (callgrind).
        for shape in buttonPanel.shapes { scene.shapes.append(shape) }
        if scene.elements.isEmpty {
            scene.elements = buttonPanel.elements
        } else {
            scene.elements.append(contentsOf: buttonPanel.elements)
        }
    }

    /// Says what the hardware can measure, and how to get more.
    /// The banner's lines for a source in area or position mode (none for force).
    static func modeBannerLines(source: InputSource, config: Config) -> [String] {
        switch source.mode {
        case .force:
            return []
        case .area:
            var lines = ["Approximate: \(source.deviceName) reports contact size, not pressure. It can rank objects, not weigh them."]
            if config.calibrationFit(forDevice: source.deviceName) != nil {
                lines.append("Grams refused: a calibration exists, but contact size cannot be converted to mass.")
            }
            return lines
        case .position:
            return [
                "Position only: \(source.deviceName) reports no force, so no numbers are shown.",
                "For real force: join the input group and run --source evdev, or run on the console (KMSDRM).",
            ]
        }
    }

    private func appendBanner(to scene: inout Scene) {
        if let info = scale.fitSummary {
            scene.shapes.append(.text(info, at: Point(12, layout.size.height - 36), anchor: .bottomLeft, size: 16, color: .grey))
        }
        let count = (deviceNotice == nil ? 0 : 1) + modeBanner.count
        guard count > 0 else { return }
        let width = layout.size.width
        scene.shapes.append(.rect(Rect(x: 0, y: 0, width: width, height: 12.0 + Double(count) * 24), color: .banner))
        func line(_ text: String, _ i: Int) {
            scene.shapes.append(.text(text, at: Point(width / 2, 8 + Double(i) * 24), anchor: .topCenter, size: 18, color: .warning))
        }
        var i = 0
        if let notice = deviceNotice {
            line(notice, 0)
            i = 1
        }
        for text in modeBanner {
            line(text, i)
            i += 1
        }
    }
}
