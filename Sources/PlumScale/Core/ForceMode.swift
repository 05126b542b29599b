/// What the touch hardware can measure, decided per device and always shown.
public enum ForceMode: String, Sendable { case force, area, position }
