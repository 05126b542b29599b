import CSDL2
import PlumScaleCore

/// With an evdev touchscreen in a window: where its contacts lie in the
/// window (TouchPlacement). SDL's own touches (right positions, pressure
/// 1.0 on X11 and Wayland) are not weighed: they are paired with the evdev
/// contacts to fit the mapping (TouchMappingFit), which then places every
/// contact. Until the fit holds, X11's Coordinate Transformation Matrix for
/// the device places them, read again when a contact comes down (at most
/// once a second: `xinput map-to-output` can change it at any time); without
/// it, the display that holds the window is taken for the touchscreen,
/// after udev's calibration matrix, if the device has one.
package final class WindowMapping {
    private var fit = TouchMappingFit()
    private var placement: TouchPlacement
    private let devicePath: String
    private let x11: X11TouchMatrix?
    private var x11Reading: X11TouchMatrix.Reading?
    private var x11ReadAt = -Double.infinity
    private var fingers = Set<SDL_FingerID>()
    private var reported = false
    private let log: Log

    package init(devicePath: String, log: Log) {
        self.devicePath = devicePath
        self.log = log
        let calibration = UdevCalibration.matrix(for: devicePath)
        placement = TouchPlacement(calibration: calibration)
        if let calibration { log.info("udev calibration matrix for the touchscreen: \(X11TouchMatrix.shown(calibration.numbers))") }
        x11 = SDL_GetCurrentVideoDriver().map { String(cString: $0) } == "x11" ? X11TouchMatrix() : nil
        readX11(now: Double(SDL_GetTicks64()) / 1000, first: true)
    }

    /// Reads X11's word on the device again, and says what changed.
    private func readX11(now: Double, first: Bool = false) {
        guard let x11 else { return }
        x11ReadAt = now
        let reading = x11.reading(forDeviceNode: devicePath)
        defer {
            x11Reading = reading
            placement.x11 = reading?.mapping
        }
        guard first || reading != x11Reading else { return }
        let account = X11TouchMatrix.account(of: reading, node: devicePath)
        if reading != nil, reading?.mapping == nil { log.warning(account) } else { log.info(account) }
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

    private static func comesDown(_ event: InputEvent) -> Bool {
        if case .touchDown = event.kind { return true }
        return false
    }

    /// Notes an evdev frame and places its events in the window.
    package func place(_ frame: TouchFrame, _ events: [InputEvent], window: Window) -> [InputEvent] {
        fit.noteDevice(frame)
        placement.fitted = fit.map
        let now = Double(SDL_GetTicks64()) / 1000
        if placement.fitted == nil, now - x11ReadAt >= 1, events.contains(where: Self.comesDown) { readX11(now: now) }
        let place = window.desktopPlace
        return events.map { event in
            var event = event
            func placed(_ s: TouchSample) -> TouchSample {
                var s = s
                (s.x, s.y) = placement.windowPosition(x: s.x, y: s.y, window: place.window, display: place.display)
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
