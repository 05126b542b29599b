import Foundation

/// A contact as it is shown: what the scene draws and the state document reports.
public struct ContactView: Equatable, Sendable {
    public var id: Int
    public var position: Point
    /// The displayed force (smoothed, minus the tare; may be negative); nil
    /// in `position` mode, where nothing was measured.
    public var force: Double?
    public var radius: Double
    /// "42.0%", "≈ 41%", or "123.4 g" (in the units, to the display step)
    /// on a device with grams; "overload" instead of a number not to be
    /// trusted; nil without force.
    public var label: String?
    /// Under the label: "NET" when tared, the percentage beside grams,
    /// "device's figure", "fading", joined by " · " ("NET · 26.0%").
    public var secondaryLabel: String?
    /// The grams, unrounded (net of the tare); nil without a calibration or
    /// the device's grams, and in overload.
    public var grams: Double?
    /// This object's part of the scale's total (ScaleTotal), 0...1 when
    /// nothing reads below zero; nil without a total.
    public var share: Double?
    /// Tared: the reading is net of the tare (the NET marker).
    public var net = false
    /// The reading keeps falling while the object lies still.
    public var fading = false
    public var tare: Double = 0
    public var stable = false
    public var stableProgress = 0.0
    public var heaviest = false
    public var tied = false
    public var overload = false
    /// The grams read above zero and below Min (20 d): "below Min" under them.
    public var belowMin = false
    /// Check-weighing's verdict, counting's pieces, the percentage of the
    /// reference: nil unless that mode is on (and the grams known).
    public var verdict: Verdict?
    public var pieces: Int?
    public var percent: Double?
    /// The eccentricity map's gain the grams were corrected by; nil without a correction.
    public var eccentricityGain: Double?
}

extension AppState {
    /// The contacts as shown (ShownContact.swift). In `position` mode
    /// nothing is weighed: no numbers, no heaviest.
    public var contactViews: [ContactView] {
        let mode = source.mode
        return shownContacts().map { shown in
            var view = ContactView(
                id: shown.id, position: shown.position, force: nil, radius: shown.radius, label: nil)
            guard shown.weighed else { return view }
            view.force = shown.force
            view.tare = shown.tare
            view.stable = shown.stable
            view.stableProgress = shown.stableProgress
            view.heaviest = shown.heaviest
            view.tied = shown.tied
            view.overload = shown.overload
            if shown.hasGrams, !shown.overload { view.grams = shown.grams }
            view.share = shown.share
            view.net = shown.net
            view.fading = shown.fading
            view.belowMin = shown.belowMin
            view.verdict = shown.modeReading?.verdict
            view.pieces = shown.modeReading?.pieces
            view.percent = shown.modeReading?.percent
            view.eccentricityGain = shown.hasGrams && !shown.overload ? shown.eccentricityGain : nil
            view.label = shown.label(mode: mode)
            view.secondaryLabel = shown.secondaryLabel(mode: mode)
            return view
        }
    }
}
