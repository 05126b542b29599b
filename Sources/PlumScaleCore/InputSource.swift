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
    /// Grams from the device itself (the pressure axis' resolution in units
    /// per gram), nil when it gives none.
    public var deviceGrams: DeviceGrams?
    /// The device's surface when its positions are not the screen's (an
    /// evemu replay, a touchpad): fitted into the layout with its shape
    /// kept. nil: positions are normalised to the screen already.
    public var surface: DeviceSurface?
    /// The state document's `device_kind`, nil when the source does not
    /// say (SDL, the mouse, a JSON Lines replay).
    public var category: DeviceCategory?
    /// Why the device cannot weigh (a SEMI_MT pad): its contacts are not
    /// taken, and the banner says why. nil: it can.
    public var refusal: String?
    /// Why a force device gives no grams of its own, for
    /// `calibration.grams_from`.
    public var noGramsReason: String?

    public init(
        kind: String, deviceName: String, mode: ForceMode, detectsForce: Bool = false, deviceGrams: DeviceGrams? = nil,
        surface: DeviceSurface? = nil, category: DeviceCategory? = nil, refusal: String? = nil, noGramsReason: String? = nil
    ) {
        self.kind = kind
        self.deviceName = deviceName
        self.mode = mode
        self.detectsForce = detectsForce
        self.deviceGrams = deviceGrams
        self.surface = surface
        self.category = category
        self.refusal = refusal
        self.noGramsReason = noGramsReason
    }

    /// SDL's touch events on X11 and Wayland: pressure is 1.0 until proven otherwise.
    public static func sdl(deviceName: String = "sdl") -> InputSource {
        InputSource(kind: "sdl", deviceName: deviceName, mode: .position, detectsForce: true)
    }

    public static let mouse = InputSource(kind: "mouse", deviceName: "mouse", mode: .force)

    public static func replay(_ device: ReplayDevice) -> InputSource {
        InputSource(
            kind: "replay", deviceName: device.name, mode: device.mode, deviceGrams: device.deviceGrams, surface: device.surface,
            category: device.category, refusal: device.refusal, noGramsReason: device.noGramsReason)
    }

    /// The scale banner's words for what this source can measure (none for
    /// force), true of this device and this source: a replay gets no advice
    /// on reading the device, a refused pad says why it cannot weigh, and
    /// only SDL's touches (pressure 1.0 on the desktop) are told how to get
    /// force.
    public func notice(calibrated: Bool) -> [String] {
        if let refusal {
            let what = kind == "replay" ? "this recording's touches are not shown" : "its touches are not shown"
            return ["Cannot weigh: \(deviceName) is refused (\(refusal)); \(what)."]
        }
        switch mode {
        case .force:
            return []
        case .area:
            var lines = ["Approximate: \(deviceName) reports contact size, not pressure. It can rank objects, not weigh them."]
            if calibrated { lines.append("Grams refused: a calibration exists, but contact size cannot be converted to mass.") }
            return lines
        case .position:
            switch kind {
            case "sdl":
                return [
                    "Position only: \(deviceName) reports no force, so no numbers are shown.",
                    "For real force: join the input group and run --source evdev, or run on the console (KMSDRM).",
                ]
            case "replay":
                return [
                    "Position only: this recording of \(deviceName) has no force (no pressure, no contact size), "
                        + "so no numbers are shown."
                ]
            default:
                return [
                    "Position only: \(deviceName) reports neither pressure nor contact size, so no numbers are shown.",
                    "This device cannot weigh: plumscale devices lists the ones that can.",
                ]
            }
        }
    }
}
