/// Where the input comes from, and what it can measure.
public struct InputSource: Equatable, Sendable {
    /// "sdl", "evdev", "replay" or "mouse", as in the state document.
    public var kind: String
    /// The device name, the key for its calibration.
    public var deviceName: String
    public var mode: ForceMode
    /// Whether the mode may still be upgraded by what arrives (an SDL source
    /// starts as `position` and becomes `force` once pressures vary).
    public var detectsForce: Bool
    /// Grams from the device itself (ABS_MT_PRESSURE's resolution in units
    /// per gram), nil when it gives none.
    public var deviceGrams: DeviceGrams?
    /// The device's surface when its positions are not the screen's (an
    /// evemu replay, a touchpad): fitted into the layout with its shape
    /// kept. nil: positions are normalised to the screen already.
    public var surface: DeviceSurface?

    public init(
        kind: String, deviceName: String, mode: ForceMode, detectsForce: Bool = false, deviceGrams: DeviceGrams? = nil,
        surface: DeviceSurface? = nil
    ) {
        self.kind = kind
        self.deviceName = deviceName
        self.mode = mode
        self.detectsForce = detectsForce
        self.deviceGrams = deviceGrams
        self.surface = surface
    }

    /// SDL's touch events on X11 and Wayland: pressure is 1.0 until proven otherwise.
    public static func sdl(deviceName: String = "sdl") -> InputSource {
        InputSource(kind: "sdl", deviceName: deviceName, mode: .position, detectsForce: true)
    }

    public static let mouse = InputSource(kind: "mouse", deviceName: "mouse", mode: .force)

    public static func replay(_ device: ReplayDevice) -> InputSource {
        InputSource(
            kind: "replay", deviceName: device.name, mode: device.mode, deviceGrams: device.deviceGrams, surface: device.surface)
    }
}
