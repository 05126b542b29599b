import Foundation

/// What a kiosk adds to the screen: the operator-mode frame and bar, and
/// the PIN pad.
extension Kiosk {
    /// Dark enough for white text on it (5.1:1).
    static let operatorOrange = Color(180, 80, 0)

    /// The operator bar: a label and its buttons, centred at `top` of a
    /// screen of `size` (the scale's, under its banner and legend).
    static func operatorBar(size: Size, top: Double) -> (rect: Rect, buttons: [(action: OperatorAction, rect: Rect)]) {
        let width = min(640, size.width - 24)
        let height = 52.0
        let bar = Rect(x: (size.width - width) / 2, y: top, width: width, height: height)
        let leave = Rect(x: bar.x + bar.width - 8 - 150, y: top + 8, width: 150, height: 36)
        let lock = Rect(x: leave.x - 10 - 90, y: top + 8, width: 90, height: 36)
        return (bar, [(.lockTapped, lock), (.leaveKioskTapped, leave)])
    }

    /// The kiosk's overlays, on every screen before the notice: the
    /// operator-mode frame, the operator `bar` where the screen shows it,
    /// then the PIN pad.
    func appendOverlays(
        to scene: inout Scene, size: Size, metrics: TextMetrics, bar: (rect: Rect, buttons: [(action: OperatorAction, rect: Rect)])?
    ) {
        appendOperatorMode(to: &scene, size: size, bar: bar)
        guard let pad = pinPad else { return }
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
            scene.appendButton(action.elementName, action.title, rect, kind: .key, control: .pinPad(action))
        }
    }

    /// Operator mode, visible on every screen: an orange frame round the
    /// screen; on the scale, the bar that says so, with Lock and Leave kiosk.
    private func appendOperatorMode(
        to scene: inout Scene, size: Size, bar: (rect: Rect, buttons: [(action: OperatorAction, rect: Rect)])?
    ) {
        guard role == .operator else { return }
        let edge = 6.0
        for rect in [
            Rect(x: 0, y: 0, width: size.width, height: edge),
            Rect(x: 0, y: size.height - edge, width: size.width, height: edge),
            Rect(x: 0, y: 0, width: edge, height: size.height),
            Rect(x: size.width - edge, y: 0, width: edge, height: size.height),
        ] {
            scene.shapes.append(.rect(rect, color: Self.operatorOrange))
        }
        guard let bar else { return }
        scene.shapes.append(.rect(bar.rect, color: Self.operatorOrange))
        let label = "Operator mode · locks after \(Self.seconds(settings.operatorIdleSeconds)) idle"
        scene.shapes.append(.text(label, at: Point(bar.rect.x + 14, bar.rect.center.y - 10), anchor: .topLeft, size: 16, color: .white))
        for (action, rect) in bar.buttons {
            scene.appendButton(action.rawValue, action.title, rect, control: .operatorBar(action))
        }
    }
}
