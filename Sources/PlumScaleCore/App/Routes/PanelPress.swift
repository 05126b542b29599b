import Foundation

/// A screen that is the scale with a panel of controls beside it (the
/// calibration wizard, the eccentricity test): a finger or a click on a
/// control is the control's action, on the rest of the panel nothing, and
/// elsewhere on the glass an object, as on the scale. A finger's action is
/// done when it lifts, a click's at once.
struct PanelPress<Action> {
    /// Where the panel lies, asked only for a press that lands (laying the
    /// panel out wraps its text: no work for a move, a lift or a tick).
    var panel: (AppState) -> Rect
    /// The screen's action for a control, when the control is this screen's.
    var action: (Control) -> Action?
}

extension AppState {
    /// Does what `event` asks when it is a press on the panel screen `press`
    /// describes; false for every other event (keys, ticks, lifts of objects),
    /// which stay the screen's own.
    mutating func applyPress<Action>(_ event: InputEvent, _ press: PanelPress<Action>, perform: (inout AppState, Action) -> Void) -> Bool {
        func hit(_ x: Double, _ y: Double) -> (inPanel: Bool, control: Control?, action: Action?) {
            guard x.isFinite, y.isFinite else { return (false, nil, nil) }
            let p = layout.layoutPoint(normalizedX: x, normalizedY: y)
            let control = control(at: p)
            let action = control.flatMap(press.action)
            return (press.panel(self).contains(p), action == nil ? nil : control, action)
        }
        switch event.kind {
        case .touchDown(let s) where scale.contact(id: s.id) == nil:
            let (inPanel, control, _) = hit(s.x, s.y)
            if let control {
                pressedControls[s.id] = control
            } else if !inPanel {
                place(s)
            }
        case .touchUp(let id) where pressedControls[id] != nil:
            guard let control = pressedControls.removeValue(forKey: id), let action = press.action(control) else { return true }
            perform(&self, action)
        case .touchMove(let s) where pressedControls[s.id] != nil:
            break
        case .pointerDown(let x, let y, 1, _):
            let (inPanel, _, action) = hit(x, y)
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
