import Foundation

/// One object on the glass, as the core tracks it.
public struct Contact: Equatable, Sendable {
    public var id: Int
    /// Centre in layout pixels.
    public var position: Point
    /// What the device measured, 0...1: pressure in `force` mode, contact size
    /// in `area` mode, nil in `position` mode.
    public var force: Double?
    /// Time of the last event for this contact.
    public var lastSeen: Double
    /// Mouse emulation: stays on the glass after the button is released.
    public var pinned = false

    public init(id: Int, position: Point, force: Double?, lastSeen: Double) {
        self.id = id
        self.position = position
        self.force = force
        self.lastSeen = lastSeen
    }
}

/// Plum-O-Meter's drawing rules, in one place.
public enum Plum {
    public static let baseRadius = 120.0
    public static let strokeWidth = 5.0
    public static let labelSize = 28.0
    public static let prompt = "lay your plums on me."

    /// Radius = 120 + force x 120, force clamped to 0...1; no force, base radius.
    public static func radius(force: Double?) -> Double {
        guard let force, force.isFinite else { return baseRadius }
        return baseRadius + min(max(force, 0), 1) * baseRadius
    }

    /// "%.1f%%" in force mode, "≈ 41%" in area mode, nothing in position mode.
    public static func label(force: Double?, mode: ForceMode) -> String? {
        guard let force, force.isFinite else { return nil }
        switch mode {
        case .force: return formatPercent(force * 100)
        case .area: return "≈ \(Int((force * 100).rounded()))%"
        case .position: return nil
        }
    }

    /// "123.4 g", exactly C's "%.1f g".
    public static func grams(_ grams: Double) -> String {
        PercentText.grams(grams)
    }

    /// Exactly C's "%.1f%%" (correctly rounded, as printf and Python do).
    public static func formatPercent(_ percent: Double) -> String {
        PercentText.format(percent)
    }
}
