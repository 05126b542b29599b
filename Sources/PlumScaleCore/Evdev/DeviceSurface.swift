/// A device's touch surface as a shape: its physical size (mm from the
/// axis resolutions where the device gives both, else the ranges in device
/// units, which keep its aspect) and whether it is a pad beside the screen.
/// Where no display mapping is known (a replay) or none applies (a
/// touchpad), the surface is fitted into the layout with its shape kept:
/// centred, letterboxed, never stretched or rotated.
public struct DeviceSurface: Equatable, Sendable {
    public var width: Double
    public var height: Double
    /// A touchpad: drawn as a pad, fitted into the area above the buttons.
    public var isPad: Bool

    public init(width: Double, height: Double, isPad: Bool = false) {
        self.width = width
        self.height = height
        self.isPad = isPad
    }

    /// nil for a device without usable position axes.
    public init?(_ device: TouchDeviceDescription) {
        guard let axes = device.screenAxes, axes.x.hasRange, axes.y.hasRange else { return nil }
        var width = Double(axes.x.maximum) - Double(axes.x.minimum)
        var height = Double(axes.y.maximum) - Double(axes.y.minimum)
        if axes.x.resolution > 0 && axes.y.resolution > 0 {
            width /= Double(axes.x.resolution)
            height /= Double(axes.y.resolution)
        }
        self.init(width: width, height: height, isPad: device.kind == .touchpad)
    }

    /// The largest rectangle of this shape centred in `area`.
    public func fitted(in area: Rect) -> Rect {
        guard width > 0, height > 0, area.width > 0, area.height > 0 else { return area }
        let scale = min(area.width / width, area.height / height)
        let w = width * scale
        let h = height * scale
        return Rect(x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h)
    }
}

extension Layout {
    /// A layout point as a position normalised to the screen: the inverse of
    /// `layoutPoint(normalizedX:normalizedY:)`.
    public func normalizedPoint(_ p: Point) -> (x: Double, y: Double) {
        let logical = logicalScreen
        guard logical.width > 0, logical.height > 0 else { return (0, 0) }
        let screen = rotation == 0 ? p : Point(logical.width - p.y, p.x)
        return (screen.x / logical.width, screen.y / logical.height)
    }
}
