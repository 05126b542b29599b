/// Grams the device gives by itself: the kernel defines the resolution of
/// ABS_MT_PRESSURE and ABS_PRESSURE as units per gram
/// (Documentation/input/event-codes.rst), so a device with a non-zero
/// resolution weighs without a calibration: grams = value / resolution.
/// A HID device that gives force in newtons is converted to grams by the
/// kernel (hidinput_calc_abs_res: 1 N = 101.97 g) before evdev reports the
/// resolution, so it is units per gram here too: converting again would be
/// wrong by a factor of 102. Shown as the device's own figure.
public struct DeviceGrams: Equatable, Sendable {
    /// The axis' resolution: units per gram.
    public var unitsPerGram: Double
    /// The axis range, maximum − minimum, in units.
    public var range: Double
    /// The axis the force comes from: ABS_MT_PRESSURE, or ABS_PRESSURE on a
    /// single-touch device.
    public var axis: UInt16 = AbsCode.mtPressure

    /// Nil when the axis gives no grams: no resolution, an empty range, or a
    /// full range beyond `CalibrationFit.Limits.maximumGrams` (not believable).
    public init?(minimum: Int32, maximum: Int32, resolution: Int32, axis: UInt16 = AbsCode.mtPressure) {
        let range = Double(maximum) - Double(minimum)
        guard resolution > 0, range > 0 else { return nil }
        self.unitsPerGram = Double(resolution)
        self.range = range
        self.axis = axis
        guard gramsAtFullRange <= CalibrationFit.Limits.maximumGrams else { return nil }
    }

    /// The grams a replay's header recorded (`--record`), checked as a
    /// device's are: nil when they are not believable.
    public init?(unitsPerGram: Double, range: Double, axis: UInt16) {
        guard unitsPerGram.isFinite, range.isFinite, unitsPerGram > 0, range > 0 else { return nil }
        self.unitsPerGram = unitsPerGram
        self.range = range
        self.axis = axis
        guard gramsAtFullRange <= CalibrationFit.Limits.maximumGrams else { return nil }
    }

    /// The grams of the force axis in a device description, nil without
    /// them: ABS_MT_PRESSURE, or ABS_PRESSURE on a single-touch device (the
    /// axis each contact's force is read from).
    public init?(_ device: TouchDeviceDescription) {
        guard let code = Self.forceAxis(device), let axis = device.axes[code] else { return nil }
        self.init(minimum: axis.minimum, maximum: axis.maximum, resolution: axis.resolution, axis: code)
    }

    static func forceAxis(_ device: TouchDeviceDescription) -> UInt16? {
        if device.axes[AbsCode.mtPressure] != nil { return AbsCode.mtPressure }
        return device.isMultitouch || device.axes[AbsCode.pressure] == nil ? nil : AbsCode.pressure
    }

    /// Where the grams come from, for `devices` and `calibration.grams_from`.
    public var account: String {
        "\(AbsCode.name(axis)) resolution \(CalibrationIssue.short(unitsPerGram)) units per gram: "
            + "0...\(CalibrationIssue.short(gramsAtFullRange)) g over its range"
    }

    /// Why a force device gives no grams of its own, nil when it does.
    public static func absence(_ device: TouchDeviceDescription) -> String? {
        guard DeviceGrams(device) == nil, device.forceMode == .force else { return nil }
        guard let code = forceAxis(device), let axis = device.axes[code] else { return nil }
        if axis.resolution > 0 {
            return "\(AbsCode.name(code)) resolution \(axis.resolution) units per gram gives more than "
                + "\(CalibrationIssue.short(CalibrationFit.Limits.maximumGrams / 1000)) kg at full range: not believable"
        }
        return "\(AbsCode.name(code)) has no resolution in units per gram; calibrate with known masses"
    }

    /// Grams at full range: a force 0...1 is (value − min) / (max − min).
    public var gramsAtFullRange: Double { range / unitsPerGram }

    /// The display step's floor: one unit of the axis, and no finer than 0.1
    /// point of force (as for a calibration).
    public var displayStepGrams: Double {
        max(1 / unitsPerGram, gramsAtFullRange * CalibrationFit.Limits.finestStepFraction)
    }
}

/// Force to grams, from a calibration or from the device's own resolution
/// (a calibration wins: it was measured against known masses).
public struct GramScale: Equatable, Sendable {
    public enum Origin: String, Equatable, Sendable {
        /// A calibration of the config file or the wizard.
        case calibration
        /// ABS_MT_PRESSURE's resolution: the device's own figure.
        case device
    }

    public var origin: Origin
    /// Grams per unit of force, and at zero force.
    public var slope: Double
    public var intercept: Double
    /// The floor of the display step, in grams (WeightFormat rounds it up).
    public var stepGrams: Double

    public init(_ fit: CalibrationFit) {
        origin = .calibration
        slope = fit.slope
        intercept = fit.intercept
        stepGrams = fit.displayStepGrams
    }

    public init(_ device: DeviceGrams) {
        origin = .device
        slope = device.gramsAtFullRange
        intercept = 0
        stepGrams = device.displayStepGrams
    }

    /// The scale for a fit, else the device's grams, else none.
    static func choose(fit: CalibrationFit?, device: DeviceGrams?) -> GramScale? {
        fit.map(GramScale.init) ?? device.map(GramScale.init)
    }

    /// Grams at `force`, minus those at the tare force when tared. Nil if
    /// the result is not finite (never shown as "nan g").
    public func grams(forForce force: Double, tare: Double?) -> Double? {
        let grams = tare.map { slope * (force - $0) } ?? slope * force + intercept
        return grams.isFinite ? grams : nil
    }

    /// The display step d in grams, force units: the force one d of grams takes.
    public var stepForce: Double {
        WeightFormat(unit: .g, stepGrams: stepGrams).stepGrams / slope
    }
}

/// Where the grams on the scale come from, with the reason: the device's
/// own resolution, a fit against known masses, or none. The state document
/// gives the reason as `calibration.grams_from_reason`, beside
/// `grams_from` ("device", "calibration" or null).
public struct GramsOrigin: Equatable, Sendable {
    public enum Source: String, Equatable, Sendable {
        case device, calibration, none
    }

    public var source: Source
    public var reason: String

    public init(source: Source, reason: String) {
        self.source = source
        self.reason = reason
    }

    /// A fit wins over the device's figure, as `GramScale.choose` does; a
    /// refused device, contact size and positions give none.
    public static func of(_ input: InputSource, fit: CalibrationFit?) -> GramsOrigin {
        if let refusal = input.refusal { return GramsOrigin(source: .none, reason: "the device cannot weigh: \(refusal)") }
        switch input.mode {
        case .area: return GramsOrigin(source: .none, reason: "contact size (area mode) cannot be converted to mass: no grams are shown")
        case .position: return GramsOrigin(source: .none, reason: "no force: the source reports positions only")
        case .force: break
        }
        if let fit {
            return GramsOrigin(source: .calibration, reason: "a calibration against known masses (\(fit.pointCount) points)")
        }
        if let grams = input.deviceGrams { return GramsOrigin(source: .device, reason: grams.account) }
        return GramsOrigin(
            source: .none, reason: input.noGramsReason ?? "no calibration for \(input.deviceName), and no grams from the source")
    }
}
