extension AppState {
    /// The scale screen: Plum-O-Meter's circles, labels and prompt, plus
    /// what PlumScale adds (mode banner, mouse hint).
    public func scene() -> Scene {
        var scene = Scene(layout: layout)
        let size = layout.size
        let views = contactViews
        for view in views where view.heaviest {
            scene.shapes.append(.disc(center: view.position, radius: view.radius, color: .yellow))
        }
        for view in views {
            scene.shapes.append(
                .ring(center: view.position, radius: view.radius, width: Plum.strokeWidth, color: .blue))
        }
        for view in views {
            guard let label = view.label else { continue }
            let top = Point(view.position.x, view.position.y + view.radius)
            scene.shapes.append(.text(label, at: top, anchor: .topCenter, size: Plum.labelSize, color: .blue))
        }
        if views.isEmpty {
            scene.shapes.append(
                .text(Plum.prompt, at: Point(size.width / 2, size.height / 2), anchor: .center, size: 44, color: .ink))
        }
        appendBanner(to: &scene)
        if let mouse {
            let hint = MouseEmulation.hint + " · force " + Plum.formatPercent(mouse.force * 100)
            scene.shapes.append(.text(hint, at: Point(12, size.height - 10), anchor: .bottomLeft, size: 16, color: .grey))
        }
        return scene
    }

    /// Says what the hardware can measure, and how to get more.
    private func appendBanner(to scene: inout Scene) {
        let width = layout.size.width
        var lines: [String]
        switch source.mode {
        case .force:
            lines = []
        case .area:
            lines = ["Approximate: \(source.deviceName) reports contact size, not pressure. It can rank objects, not weigh them."]
        case .position:
            lines = [
                "Position only: \(source.deviceName) reports no force, so no numbers are shown.",
                "For real force: join the input group and run --source evdev, or run on the console (KMSDRM).",
            ]
        }
        if let notice = deviceNotice { lines.insert(notice, at: 0) }
        if lines.isEmpty { return }
        let height = 12.0 + Double(lines.count) * 24
        scene.shapes.append(.rect(Rect(x: 0, y: 0, width: width, height: height), color: .banner))
        for (i, line) in lines.enumerated() {
            scene.shapes.append(
                .text(line, at: Point(width / 2, 8 + Double(i) * 24), anchor: .topCenter, size: 18, color: .warning))
        }
    }
}
