import Foundation

/// What a kiosk adds to the screen: the operator bar and the PIN pad.
extension AppState {
    /// Whether the operator bar is on screen: in operator mode, on the scale.
    var showsOperatorBar: Bool { kiosk?.role == .operator && screen == .scale && kiosk?.pinPad == nil }

    /// The operator bar: a label and its buttons, centred at the top of the
    /// scale screen, under the mode banner and the legend.
    func operatorBar(size: Size) -> (rect: Rect, buttons: [(action: OperatorAction, rect: Rect)]) {
        let top = scaleHeaderBottom() + 8
        let width = min(640, size.width - 24)
        let height = 52.0
        let bar = Rect(x: (size.width - width) / 2, y: top, width: width, height: height)
        let leave = Rect(x: bar.x + bar.width - 8 - 150, y: top + 8, width: 150, height: 36)
        let lock = Rect(x: leave.x - 10 - 90, y: top + 8, width: 90, height: 36)
        return (bar, [(.lockTapped, lock), (.leaveKioskTapped, leave)])
    }

    /// The kiosk's overlays (AppScene calls this for every screen, before
    /// the notice): the operator-mode marker and bar, then the PIN pad.
    func appendPinPad(to scene: inout Scene) {
        appendOperatorMode(to: &scene)
        guard let pad = kiosk?.pinPad else { return }
        let size = layout.size
        scene.beginModal(dim: Color(20, 20, 30, 200))
        let top = PinPad.top(size: size)
        let room = PinPad.textRoom
        let messageSize = metrics.size(fitting: pad.message, width: size.width - 24, preferred: 26, minimum: 12)
        let panel = PinPad.plate(size: size, rows: 4, messageWidth: metrics.width(pad.message, size: messageSize))
        scene.shapes.append(.rect(panel, color: PinPad.plateColor))
        scene.shapes.append(
            .text(pad.message, at: Point(size.width / 2, top + room / 2), anchor: .center, size: messageSize, color: .white))
        let dots = String(repeating: "●", count: pad.entered.count)
        scene.shapes.append(
            .text(dots.isEmpty ? " " : dots, at: Point(size.width / 2, top + room * 1.5), anchor: .center, size: 26, color: .white))
        for (action, rect) in PinPad.keyRects(size: size) {
            Self.button(action.elementName, action.title, rect, kind: .key, control: .pinPad(action), into: &scene)
        }
    }

    /// Dark enough for white text on it (5.1:1).
    static let operatorOrange = Color(180, 80, 0)

    /// Operator mode, visible on every screen: an orange frame round the
    /// screen; on the scale, the bar that says so, with Lock and Leave kiosk.
    func appendOperatorMode(to scene: inout Scene) {
        guard let kiosk, kiosk.role == .operator else { return }
        let size = layout.size
        let edge = 6.0
        for rect in [
            Rect(x: 0, y: 0, width: size.width, height: edge),
            Rect(x: 0, y: size.height - edge, width: size.width, height: edge),
            Rect(x: 0, y: 0, width: edge, height: size.height),
            Rect(x: size.width - edge, y: 0, width: edge, height: size.height),
        ] {
            scene.shapes.append(.rect(rect, color: Self.operatorOrange))
        }
        guard showsOperatorBar else { return }
        let bar = operatorBar(size: size)
        scene.shapes.append(.rect(bar.rect, color: Self.operatorOrange))
        let label = "Operator mode · locks after \(Kiosk.seconds(kiosk.settings.operatorIdleSeconds)) idle"
        scene.shapes.append(.text(label, at: Point(bar.rect.x + 14, bar.rect.center.y - 10), anchor: .topLeft, size: 16, color: .white))
        for (action, rect) in bar.buttons {
            Self.button(action.rawValue, action.title, rect, control: .operatorBar(action), into: &scene)
        }
    }
}
