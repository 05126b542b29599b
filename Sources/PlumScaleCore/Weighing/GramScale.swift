/// Grams the device gives by itself: the kernel defines ABS_MT_PRESSURE's
/// resolution as units per gram, so a device with a non-zero resolution can
/// weigh without a calibration. Shown as the device's own figure.
public struct DeviceGrams: Equatable, Sendable {
    /// ABS_MT_PRESSURE's resolution: units per gram.
    public var unitsPerGram: Double
    /// The axis range, maximum − minimum, in units.
    public var range: Double

    /// Nil when the axis gives no grams: no resolution, an empty range, or a
    /// full range beyond `CalibrationFit.Limits.maximumGrams` (not believable).
    public init?(minimum: Int32, maximum: Int32, resolution: Int32) {
        let range = Double(maximum) - Double(minimum)
        guard resolution > 0, range > 0 else { return nil }
        self.unitsPerGram = Double(resolution)
        self.range = range
        guard gramsAtFullRange <= CalibrationFit.Limits.maximumGrams else { return nil }
    }

    /// The grams of ABS_MT_PRESSURE in a device description, nil without them.
    public init?(_ device: TouchDeviceDescription) {
        guard let axis = device.axes[AbsCode.mtPressure] else { return nil }
        self.init(minimum: axis.minimum, maximum: axis.maximum, resolution: axis.resolution)
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
