import CSDL2
import PlumScaleCore

/// Turns SDL events into the core's InputEvents; nothing else reads SDL events.
///
/// It follows the modifier keys in queue order: a click takes the modifiers
/// of the last key event before it, not SDL_GetModState() at the time it is
/// handled (by then a Ctrl released just after the click may have been read,
/// and a Ctrl+click pin would be lost).
package struct EventTranslation {
    private var heldModifiers: Modifiers

    package init() {
        heldModifiers = Self.modifiers(UInt32(SDL_GetModState().rawValue))
    }

    /// What an SDL event means to the loop.
    package enum Outcome {
        case input(InputEvent)
        case redraw
        case none
    }

    package mutating func translate(_ event: SDL_Event, windowSize: (width: Int, height: Int)) -> Outcome {
        let time = Double(event.common.timestamp) / 1000
        let w = Double(max(windowSize.width, 1))
        let h = Double(max(windowSize.height, 1))
        switch SDL_EventType(event.type) {
        case SDL_FINGERDOWN, SDL_FINGERMOTION:
            let f = event.tfinger
            let sample = TouchSample(id: Int(truncatingIfNeeded: f.fingerId), x: Double(f.x), y: Double(f.y), pressure: Double(f.pressure))
            return .input(InputEvent(time: time, event.type == SDL_FINGERDOWN.rawValue ? .touchDown(sample) : .touchMove(sample)))
        case SDL_FINGERUP:
            return .input(InputEvent(time: time, .touchUp(id: Int(truncatingIfNeeded: event.tfinger.fingerId))))
        case SDL_KEYDOWN where event.key.repeat == 0, SDL_KEYUP:
            let key = Key(name: String(cString: SDL_GetKeyName(event.key.keysym.sym)))
            let mods = Self.modifiers(UInt32(event.key.keysym.mod))
            heldModifiers = mods
            return .input(
                InputEvent(time: time, event.type == SDL_KEYDOWN.rawValue ? .keyDown(key, modifiers: mods) : .keyUp(key, modifiers: mods)))
        case SDL_MOUSEBUTTONDOWN where event.button.which != plum_touch_mouse_id():
            let b = event.button
            return .input(
                InputEvent(
                    time: time, .pointerDown(x: Double(b.x) / w, y: Double(b.y) / h, button: Int(b.button), modifiers: heldModifiers)))
        case SDL_MOUSEBUTTONUP where event.button.which != plum_touch_mouse_id():
            let b = event.button
            return .input(InputEvent(time: time, .pointerUp(x: Double(b.x) / w, y: Double(b.y) / h, button: Int(b.button))))
        case SDL_MOUSEMOTION where event.motion.which != plum_touch_mouse_id():
            return .input(InputEvent(time: time, .pointerMove(x: Double(event.motion.x) / w, y: Double(event.motion.y) / h)))
        case SDL_MOUSEWHEEL where event.wheel.which != plum_touch_mouse_id():
            var dy = Double(event.wheel.preciseY)
            if event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue { dy = -dy }
            return .input(InputEvent(time: time, .wheel(dy: dy)))
        case SDL_QUIT:
            return .input(InputEvent(time: time, .quit))
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED:
                return .input(InputEvent(time: time, .resize(width: Int(event.window.data1), height: Int(event.window.data2))))
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED:
                return .redraw
            default:
                return .none
            }
        default:
            return .none
        }
    }

    package static func modifiers(_ mod: UInt32) -> Modifiers {
        var mods: Modifiers = []
        if mod & UInt32(KMOD_SHIFT.rawValue) != 0 { mods.insert(.shift) }
        if mod & UInt32(KMOD_CTRL.rawValue) != 0 { mods.insert(.control) }
        if mod & UInt32(KMOD_ALT.rawValue) != 0 { mods.insert(.alt) }
        return mods
    }
}
