import Foundation

/// A screen that is the scale with a panel of controls beside it (the
/// calibration wizard, the eccentricity test): a finger or a click on a
/// control is the control's action, on the rest of the panel nothing, and
/// elsewhere on the glass an object, as on the scale. A finger's action is
/// done when it lifts, a click's at once.
struct PanelPress<Action> {
    var panel: Rect
    var controls: [(rect: Rect, action: Action)]
    /// The action as it is remembered from a finger's down to its lift.
    var pressed: (Action) -> PressedControl
    /// The action a remembered press is, when it is this screen's.
    var released: (PressedControl) -> Action?
}

extension AppState {
    /// Does what `event` asks when it is a press on the panel screen `press`
    /// describes; false for every other event (keys, ticks, lifts of objects),
    /// which stay the screen's own.
    mutating func applyPress<Action>(_ event: InputEvent, _ press: PanelPress<Action>, perform: (inout AppState, Action) -> Void) -> Bool {
        func hit(_ x: Double, _ y: Double) -> (inPanel: Bool, action: Action?) {
            let p = layout.layoutPoint(normalizedX: x, normalizedY: y)
            return (press.panel.contains(p), press.controls.first { $0.rect.contains(p) }?.action)
        }
        switch event.kind {
        case .touchDown(let s) where scale.contact(id: s.id) == nil:
            let (inPanel, action) = hit(s.x, s.y)
            if let action {
                pressedControls[s.id] = press.pressed(action)
            } else if !inPanel {
                place(s)
            }
        case .touchUp(let id) where pressedControls[id] != nil:
            guard let control = pressedControls.removeValue(forKey: id), let action = press.released(control) else { return true }
            perform(&self, action)
        case .touchMove(let s) where pressedControls[s.id] != nil:
            break
        case .pointerDown(let x, let y, 1, _):
            let (inPanel, action) = hit(x, y)
            if let action {
                perform(&self, action)
            } else if !inPanel {
                mouse?.apply(event.kind, time: now, layout: layout, scale: &scale)
            }
        default:
            return false
        }
        return true
    }
}
