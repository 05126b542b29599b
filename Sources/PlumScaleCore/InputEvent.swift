/// One touch sample as a source reports it: position normalised 0...1 to the
/// screen (as SDL gives it), and whatever the device measured of its force.
public struct TouchSample: Equatable, Sendable {
    public var id: Int
    public var x: Double
    public var y: Double
    /// Pressure 0...1, or nil when the device does not measure it.
    public var pressure: Double?
    /// Contact size 0...1 (ABS_MT_TOUCH_MAJOR normalised), or nil.
    public var touchMajor: Double?

    public init(id: Int, x: Double, y: Double, pressure: Double? = nil, touchMajor: Double? = nil) {
        self.id = id
        self.x = x
        self.y = y
        self.pressure = pressure
        self.touchMajor = touchMajor
    }
}

/// Keyboard modifiers held with a key or a click.
public struct Modifiers: OptionSet, Equatable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1)
    public static let control = Modifiers(rawValue: 2)
    public static let alt = Modifiers(rawValue: 4)
}

/// A timestamped input, from any source: SDL, evdev, a replay file, the mouse.
/// The core is driven by these and nothing else.
public struct InputEvent: Equatable, Sendable {
    /// Seconds, monotonic within one run or replay.
    public var time: Double
    public var kind: Kind

    public enum Kind: Equatable, Sendable {
        case touchDown(TouchSample)
        case touchMove(TouchSample)
        case touchUp(id: Int)
        case touchCancel(id: Int)
        /// The device's own total force (ABS_PRESSURE on a pressure pad,
        /// `DeviceTotalAxis`), in the contacts' force units: 1 is one
        /// contact at full range, so a sum of several may pass 1.
        case deviceTotal(force: Double)
        /// A key went down (the shell names it: `Key(name:)` from SDL's names).
        case keyDown(Key, modifiers: Modifiers)
        case keyUp(Key, modifiers: Modifiers)
        /// Mouse, normalised 0...1 to the screen like touches.
        case pointerDown(x: Double, y: Double, button: Int, modifiers: Modifiers)
        case pointerMove(x: Double, y: Double)
        case pointerUp(x: Double, y: Double, button: Int)
        case wheel(dy: Double)
        /// The window's close request (not a signal).
        case quit
        /// The window or display changed size, in window pixels.
        case resize(width: Int, height: Int)
        /// Nothing happened but time passed (timers, replay end time).
        case tick
        /// The history store answered a request.
        case history(HistoryResult)
        /// The touch device went away (connected false) or came back.
        case deviceChanged(connected: Bool, message: String)
        /// The fleet's MQTT sink reported its state.
        case fleet(FleetStatus)
    }

    public init(time: Double, _ kind: Kind) {
        self.time = time
        self.kind = kind
    }
}
