/// Everything on the scale together: the sum of the objects' readings (net
/// of their tares), in grams when they are weighed in grams, else in force.
/// Each object's share is its reading over this total.
public struct ScaleTotal: Equatable, Sendable {
    /// How many objects have a reading.
    public var count = 0
    /// The sum of their grams, when they are shown in grams.
    public var grams: Double?
    /// The sum of their displayed forces (0...1 each, minus tares).
    public var force: Double?
    /// An object is in overload: no total is to be trusted.
    public var overload = false
    /// "23.5 g", "0.829 oz", "62.0%", "≈ 62%", or "overload"; nil with nothing weighed.
    public var label: String?
    /// The device's own total is shown (a pressure pad's ABS_PRESSURE:
    /// DeviceTotal.swift), not the contacts' sum.
    public var fromDevice = false
    /// With `fromDevice`: the contacts' own sum, in grams when weighed in
    /// grams, else in force.
    public var contactsSum: Double?
    /// With `fromDevice`: the contacts disagreed with the device's total
    /// (beyond one display step or 2%), so each is shown as its share of it.
    public var contactsAsShares = false

    public init() {}

    /// The total of contacts as shown, in `mode`.
    init(_ shown: [ContactView], mode: ForceMode) {
        guard mode != .position else { return }
        var grams = 0.0
        var force = 0.0
        var allGrams = true
        var format: WeightFormat?
        // By index: each field read where it lies, no contact copied.
        for i in shown.indices where shown[i].weighed {
            count += 1
            force += shown[i].shownForce
            if shown[i].hasGrams {
                grams += shown[i].shownGrams
                format = shown[i].format
            } else {
                allGrams = false
            }
            if shown[i].overload { overload = true }
        }
        guard count > 0 else { return }
        self.force = force.isFinite ? force : nil
        if allGrams, grams.isFinite { self.grams = grams }
        if overload {
            label = Plum.overloadLabel
        } else if let total = self.grams, let format {
            label = format.text(grams: total) ?? Plum.overloadLabel
        } else {
            label = self.force.flatMap { Plum.label(force: $0, mode: mode) }
        }
    }

    /// What the shares divide by: grams, else force; nil in overload.
    var value: Double? { overload ? nil : grams ?? force }
}

extension ContactView {
    /// What this contact adds to the total: its grams, else its force.
    var value: Double { hasGrams ? shownGrams : shownForce }
}

extension Plum {
    /// The label of a contact in overload, instead of a number.
    public static let overloadLabel = "overload"
    /// Under the label of each contact the scale cannot tell from the heaviest.
    public static let tieLabel = "tie"
    /// Under the label of a tared contact: its reading is net.
    public static let netLabel = "NET"
    /// Under the label of a reading that keeps falling while still.
    public static let fadingLabel = "fading"
    /// Under grams that are the device's own figure (no calibration).
    public static let deviceFigureLabel = "device's figure"
}

extension ScaleTotal {
    /// The scale screen's total line: "Total 23.5 g · 3 objects", "Total
    /// overload · 2 objects"; nil with nothing weighed (or in position mode).
    var line: String? {
        guard let label, count > 0 else { return nil }
        // Joined, not interpolated: this is made for every scene.
        let objects = count < Self.objectCounts.count ? Self.objectCounts[count] : " · \(count) objects"
        // Without grams the sum is of percentages of the device's full
        // scale: say so, rather than a "Total 960.0%" that reads as a mass.
        guard grams != nil || overload else { return "Sum " + label + " of full scale" + objects }
        return "Total " + label + objects
    }

    /// " · 1 object", " · 2 objects", ...: the end of the total line, made once.
    private static let objectCounts = (0...100).map { $0 == 1 ? " · 1 object" : " · \($0) objects" }
}
