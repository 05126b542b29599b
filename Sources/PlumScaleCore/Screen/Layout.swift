/// Maps the screen (window pixels, any orientation) to the landscape layout.
///
/// The layout is in logical pixels: window pixels divided by the UI scale,
/// so a 3840x2160 window at scale 3 is laid out like 1280x720 and drawn three
/// times as large. A portrait screen gets the layout rotated 90 degrees
/// clockwise: layout (lx, ly) lands on screen (W - ly, lx), where W is the
/// screen's logical width.
public struct Layout: Equatable, Sendable {
    /// The screen (window) size in window pixels.
    public var screen: Size
    /// Window pixels per logical pixel.
    public var uiScale: Double

    /// `uiScale` nil: the scale the window's size calls for (`defaultScale`).
    public init(screen: Size, uiScale: Double? = nil) {
        self.screen = screen
        let scale = uiScale ?? Self.defaultScale(for: screen)
        self.uiScale = scale.isFinite && scale > 0 ? scale : 1
    }

    /// The smallest and largest UI scale there is.
    public static let scaleRange = 0.5...8.0

    /// The scale for a window with no other word on it: 1 up to 1280x720
    /// (smaller windows lay out tighter rather than shrink their text), then
    /// growing with the window in quarter steps (1.5 at 1920x1080, 3 at 3840x2160).
    public static func defaultScale(for screen: Size) -> Double {
        let long = max(screen.width, screen.height)
        let short = min(screen.width, screen.height)
        guard long.isFinite, short.isFinite, long > 0, short > 0 else { return 1 }
        let fit = min(long / 1280, short / 720)
        return min(max((fit * 4).rounded(.down) / 4, 1), scaleRange.upperBound)
    }

    /// The screen in logical pixels.
    public var logicalScreen: Size { Size(screen.width / uiScale, screen.height / uiScale) }

    /// 0 for landscape screens, 90 for portrait ones.
    public var rotation: Int { screen.isPortrait ? 90 : 0 }

    /// The landscape size the scene is laid out in, in logical pixels.
    public var size: Size {
        let logical = logicalScreen
        return rotation == 0 ? logical : Size(logical.height, logical.width)
    }

    /// A touch normalised to the screen (as SDL gives it) in layout pixels.
    public func layoutPoint(normalizedX nx: Double, normalizedY ny: Double) -> Point {
        let logical = logicalScreen
        let sx = nx * logical.width
        let sy = ny * logical.height
        return rotation == 0 ? Point(sx, sy) : Point(sy, logical.width - sx)
    }

    /// A touch or click normalised to the screen, in layout pixels, clamped
    /// to the screen (a broken NaN or infinite position counts as 0).
    public func clampedLayoutPoint(normalizedX nx: Double, normalizedY ny: Double) -> Point {
        func clamp(_ v: Double) -> Double { min(max(v.isFinite ? v : 0, 0), 1) }
        return layoutPoint(normalizedX: clamp(nx), normalizedY: clamp(ny))
    }

    /// A layout point on the screen, in logical pixels of the screen.
    public func screenPoint(_ p: Point) -> Point {
        rotation == 0 ? p : Point(logicalScreen.width - p.y, p.x)
    }
}
