import CSDL2
import PlumScaleCore

/// With an evdev touchscreen in a window: where its contacts lie in the
/// window. SDL's own touches (right positions, pressure 1.0 on X11 and
/// Wayland) are not weighed: they are paired with the evdev contacts to fit
/// the mapping (TouchMappingFit), which then places every contact. Until
/// the fit holds, the display that holds the window is taken for the
/// touchscreen (Window.fromDisplay), after udev's calibration matrix, if
/// the device has one.
final class WindowMapping {
    private var fit = TouchMappingFit()
    /// LIBINPUT_CALIBRATION_MATRIX: device position → position on its display.
    private let calibration: TouchMappingFit.AffineMap?
    private var fingers = Set<SDL_FingerID>()
    private var reported = false
    private let log: Log

    init(calibration: TouchMappingFit.AffineMap?, log: Log) {
        self.calibration = calibration
        self.log = log
        if let calibration { log.info("udev calibration matrix for the touchscreen: \(calibration)") }
    }

    /// Takes SDL's touch events (true: the event was one, and is used up).
    func take(_ event: SDL_Event) -> Bool {
        switch SDL_EventType(event.type) {
        case SDL_FINGERDOWN, SDL_FINGERMOTION:
            let f = event.tfinger
            fingers.insert(f.fingerId)
            fit.noteWindowTouch(
                x: Double(f.x), y: Double(f.y), time: Double(event.common.timestamp) / 1000, touchesDown: fingers.count)
            if !reported, let residual = fit.residual {
                reported = true
                log.info(
                    "window mapping fitted from \(fit.pairs.count) SDL touches (residual \(residual)): the touchscreen's contacts follow it"
                )
            }
            return true
        case SDL_FINGERUP:
            fingers.remove(event.tfinger.fingerId)
            return true
        default:
            return false
        }
    }

    /// Notes an evdev frame and places its events in the window.
    func place(_ frame: TouchFrame, _ events: [InputEvent], window: Window) -> [InputEvent] {
        fit.noteDevice(frame)
        return events.map { event in
            var event = event
            func placed(_ s: TouchSample) -> TouchSample {
                var s = s
                if let map = fit.map {
                    (s.x, s.y) = map.apply(x: s.x, y: s.y)
                } else {
                    let calibrated = calibration?.apply(x: s.x, y: s.y) ?? (x: s.x, y: s.y)
                    (s.x, s.y) = window.fromDisplay(x: calibrated.x, y: calibrated.y)
                }
                return s
            }
            switch event.kind {
            case .touchDown(let s): event.kind = .touchDown(placed(s))
            case .touchMove(let s): event.kind = .touchMove(placed(s))
            default: break
            }
            return event
        }
    }
}
