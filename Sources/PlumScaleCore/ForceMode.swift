/// What a touch device can tell about how hard it is pressed, decided per
/// device and always shown on screen.
public enum ForceMode: String, Sendable {
    /// Real pressure (ABS_MT_PRESSURE): weighs.
    case force
    /// Contact size only (ABS_MT_TOUCH_MAJOR): approximate, ranks objects.
    case area
    /// Positions only: no force at all.
    case position
}
