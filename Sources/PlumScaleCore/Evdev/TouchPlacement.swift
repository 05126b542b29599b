/// Where an evdev touchscreen's contacts lie in a window, from the best
/// source there is:
/// 1. the map fitted from SDL's own window-position touches (TouchMappingFit),
///    once it holds: it sees what the user sees, on any desktop;
/// 2. X11's word: the X server maps the device's normalised position
///    through the device's Coordinate Transformation Matrix onto its whole
///    screen (the root window, every monitor), so a touchscreen on a second
///    monitor or a rotated one has a matrix that says so (`xinput
///    map-to-output` and the desktops' display settings set it);
/// 3. udev's LIBINPUT_CALIBRATION_MATRIX, then the display that holds the
///    window taken for the touchscreen.
/// libinput applies udev's matrix inside the device, before X11's, so the
/// two compose in that order.
public struct TouchPlacement: Equatable, Sendable {
    /// A rectangle in desktop pixels.
    public struct Rect: Equatable, Sendable {
        public var x, y, width, height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }
    }

    /// What the X server knows of the touchscreen.
    public struct X11Mapping: Equatable, Sendable {
        /// The Coordinate Transformation Matrix's first two rows: device
        /// normalised → X screen normalised.
        public var matrix: TouchMappingFit.AffineMap
        /// The X screen (the root window) in pixels.
        public var screenWidth, screenHeight: Double

        /// X11's nine floats, row by row; nil when they are not nine finite
        /// numbers whose last row is (0, 0, 1) (the server would divide by a
        /// projective row, which no desktop sets), or the screen is empty.
        public init?(coordinateTransformationMatrix m: [Double], screenWidth: Double, screenHeight: Double) {
            guard m.count == 9, m.allSatisfy(\.isFinite), abs(m[6]) < 1e-6, abs(m[7]) < 1e-6, abs(m[8] - 1) < 1e-6,
                screenWidth >= 1, screenHeight >= 1
            else { return nil }
            matrix = TouchMappingFit.AffineMap(a: m[0], b: m[1], c: m[2], d: m[3], e: m[4], f: m[5])
            (self.screenWidth, self.screenHeight) = (screenWidth, screenHeight)
        }
    }

    /// Which source placed the contacts.
    public enum Source: String, Sendable {
        case fitted = "SDL's touches"
        case x11 = "X11's Coordinate Transformation Matrix"
        case display = "the display that holds the window"
    }

    public var fitted: TouchMappingFit.AffineMap?
    public var x11: X11Mapping?
    public var calibration: TouchMappingFit.AffineMap?

    public init(fitted: TouchMappingFit.AffineMap? = nil, x11: X11Mapping? = nil, calibration: TouchMappingFit.AffineMap? = nil) {
        self.fitted = fitted
        self.x11 = x11
        self.calibration = calibration
    }

    public var source: Source { fitted != nil ? .fitted : x11 != nil ? .x11 : .display }

    /// A device-normalised position as a window-normalised one, for a
    /// window at `window` on the desktop, on the display at `display`.
    public func windowPosition(x: Double, y: Double, window: Rect, display: Rect) -> (x: Double, y: Double) {
        if let fitted { return fitted.apply(x: x, y: y) }
        let device = calibration?.apply(x: x, y: y) ?? (x: x, y: y)
        guard window.width > 0, window.height > 0 else { return device }
        let desktop: (x: Double, y: Double)
        if let x11 {
            let screen = x11.matrix.apply(x: device.x, y: device.y)
            desktop = (screen.x * x11.screenWidth, screen.y * x11.screenHeight)
        } else {
            desktop = (display.x + device.x * display.width, display.y + device.y * display.height)
        }
        return ((desktop.x - window.x) / window.width, (desktop.y - window.y) / window.height)
    }
}
