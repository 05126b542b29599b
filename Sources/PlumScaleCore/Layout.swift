/// Maps the screen (window pixels, any orientation) to the landscape layout.
///
/// A portrait screen gets the layout rotated 90 degrees clockwise: layout
/// (lx, ly) lands on screen (W - ly, lx), where W is the screen width.
public struct Layout: Equatable, Sendable {
    /// The screen (window) size in window pixels.
    public var screen: Size
    public init(screen: Size) { self.screen = screen }

    /// 0 for landscape screens, 90 for portrait ones.
    public var rotation: Int { screen.isPortrait ? 90 : 0 }

    /// The landscape size the scene is laid out in.
    public var size: Size {
        rotation == 0 ? screen : Size(screen.height, screen.width)
    }

    /// A touch normalised to the screen (as SDL gives it) in layout pixels.
    public func layoutPoint(normalizedX nx: Double, normalizedY ny: Double) -> Point {
        let sx = nx * screen.width, sy = ny * screen.height
        return rotation == 0 ? Point(sx, sy) : Point(sy, screen.width - sx)
    }

    /// A touch or click normalised to the screen, in layout pixels, clamped
    /// to the screen (a broken NaN or infinite position counts as 0).
    public func clampedLayoutPoint(normalizedX nx: Double, normalizedY ny: Double) -> Point {
        func clamp(_ v: Double) -> Double { min(max(v.isFinite ? v : 0, 0), 1) }
        return layoutPoint(normalizedX: clamp(nx), normalizedY: clamp(ny))
    }

    /// A layout point on the screen, in window pixels.
    public func screenPoint(_ p: Point) -> Point {
        rotation == 0 ? p : Point(screen.width - p.y, p.x)
    }
}
