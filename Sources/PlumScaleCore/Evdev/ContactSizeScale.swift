/// How area mode turns ABS_MT_TOUCH_MAJOR into a reading: as a physical
/// contact size where the device says how big its units are, so readings
/// from different panels compare and, calibrated, estimate; otherwise as a
/// fraction of the axis' range (which is often the panel's width: such
/// readings can rank objects, no more).
public struct ContactSizeScale: Equatable, Sendable {
    /// A contact this wide (mm) reads 1.0: larger than any fingertip, about
    /// the footprint of a large plum on capacitive glass.
    public static let fullScaleMillimetres = 30.0

    public let axis: AbsAxis
    /// Units per mm: the axis' own resolution, else the X position axis'
    /// (the kernel gives touch major in surface units, those of
    /// ABS_MT_POSITION_X); nil when neither has one.
    public let unitsPerMillimetre: Double?

    public init(axis: AbsAxis, positionX: AbsAxis?) {
        self.axis = axis
        if axis.resolution > 0 {
            unitsPerMillimetre = Double(axis.resolution)
        } else if let positionX, positionX.resolution > 0 {
            unitsPerMillimetre = Double(positionX.resolution)
        } else {
            unitsPerMillimetre = nil
        }
    }

    /// The reading, 0...1.
    public func reading(_ value: Int32) -> Double {
        guard let unitsPerMillimetre else { return axis.normalise(value) }
        let millimetres = (Double(value) - Double(axis.minimum)) / unitsPerMillimetre
        return Swift.min(1, Swift.max(0, millimetres / Self.fullScaleMillimetres))
    }

    /// For `devices`: what a reading means on this device.
    public var explanation: String {
        guard let unitsPerMillimetre else {
            return "contact size as a fraction of ABS_MT_TOUCH_MAJOR's range (no resolution in units/mm)"
        }
        let units = unitsPerMillimetre == unitsPerMillimetre.rounded() ? "\(Int(unitsPerMillimetre))" : "\(unitsPerMillimetre)"
        return "contact size in mm (\(units) units/mm): \(Int(Self.fullScaleMillimetres)) mm across reads 100%"
    }
}
