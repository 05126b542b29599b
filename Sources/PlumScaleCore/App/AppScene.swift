extension AppState {
    /// What is on screen now, for whichever screen is up, with the notice on top.
    public func scene() -> Scene {
        var scene: Scene
        switch screen {
        case .scale: scene = scaleScene()
        case .calibration(let wizard):
            scene = scaleScene()
            scene.elements.removeAll { $0.kind == .button }
            appendWizard(wizard, to: &scene)
        case .history(let browser): scene = historyScene(browser)
        case .detail(let detail): scene = detailScene(detail)
        }
        appendPinPad(to: &scene)
        if let notice {
            let size = layout.size
            let rect = Rect(x: size.width / 2 - 300, y: size.height - 120, width: 600, height: 44)
            scene.shapes.append(.rect(rect, color: Color(40, 40, 48, 230)))
            scene.shapes.append(.text(notice.text, at: rect.center, anchor: .center, size: 18, color: .white))
        }
        return scene
    }

    static func button(_ name: String, _ title: String, _ rect: Rect, kind: ElementKind = .button, into scene: inout Scene) {
        scene.shapes.append(.rect(rect, color: Color(232, 232, 240)))
        scene.shapes.append(.text(title, at: rect.center, anchor: .center, size: 18, color: .ink))
        scene.elements.append(Element(kind: kind, name: name, rect: rect))
    }
}
