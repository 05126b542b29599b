/// What the numbers on the scale screen are, for the legend along the top:
/// percentages of the panel's force, or masses in the units shown, with
/// what the scale's mode says beside them (issue 28: the legend said "% of
/// the panel's full-scale force" while the circles read grams).
struct ScaleLegend: Equatable, Sendable {
    /// The units masses are shown in; nil without grams (percentages of force).
    var units: WeightUnit?
    /// The scale's mode by name (`ScaleMode.name`): its settings do not change the legend.
    var mode = ScaleMode.weigh.name

    static let ringDot = "ring dot: settling, green = stable"

    /// The legend's text; nil when there is nothing to say (position mode in a kiosk).
    func text(mode force: ForceMode, quitHint: Bool) -> String? {
        let quit = quitHint ? " · Esc quits" : ""
        switch force {
        case .force:
            guard let units else { return "Force mode · % of the panel's full-scale force · " + Self.ringDot + quit }
            return what(in: units) + " · " + Self.ringDot + quit
        case .area: return "Area mode · % of a full-size contact, not a weight · " + Self.ringDot + quit
        case .position: return quitHint ? "Esc quits" : nil
        }
    }

    /// What each object's numbers are in grams mode, by the scale's mode
    /// (short: the legend stays one line down to 640 px).
    private func what(in units: WeightUnit) -> String {
        let mass = "mass in \(units.rawValue)"
        switch mode {
        case "check": return "Check-weighing · \(mass), UNDER / OK / OVER"
        case "count": return "Counting · \(mass) and in pieces"
        case "percent": return "Percent · \(mass) and in % of the reference"
        default: return "Grams · \(mass), % of full-scale force below"
        }
    }
}
