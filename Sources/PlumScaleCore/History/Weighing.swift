import Foundation

/// One object on the scale at the moment a weighing was taken.
public struct WeighedObject: Equatable, Sendable, Codable {
    /// Position in the weighing, 0-based, unique within it.
    public var index: Int
    /// Centre in layout (landscape) pixels.
    public var x: Double
    public var y: Double
    /// Force 0...1 as measured (after tare); nil in `position` mode.
    public var force: Double?
    /// Calibrated weight in grams; nil when not calibrated or not measurable.
    public var grams: Double?
    /// Whether the reading had settled when the weighing was taken.
    public var stable: Bool
    /// The tare (force 0...1) subtracted from this contact's raw reading.
    public var tare: Double
    /// Check-weighing's verdict when it was taken; nil in other modes.
    public var verdict: Verdict?

    public init(
        index: Int, x: Double, y: Double, force: Double?, grams: Double?,
        stable: Bool, tare: Double = 0, verdict: Verdict? = nil
    ) {
        self.verdict = verdict
        self.index = index
        self.x = x
        self.y = y
        self.force = force
        self.grams = grams
        self.stable = stable
        self.tare = tare
    }
}

/// A saved weighing: every object on the scale at one moment.
public struct Weighing: Equatable, Sendable {
    /// The store's id; nil until saved.
    public var id: Int64?
    /// When it was taken (an absolute instant; stored with microsecond precision).
    public var takenAt: Date
    /// Name of the input device that measured it.
    public var device: String
    /// Force mode of that device: one of `Weighing.modes`.
    public var mode: String
    public var objects: [WeighedObject]
    /// The units the masses were shown in: one of `Weighing.units` ("g" for
    /// weighings saved before units existed). Grams are stored as grams.
    public var units: String
    /// The display step d, in `units`, the masses were shown to; nil when
    /// none was shown in grams or before d existed (then 0.1 g).
    public var step: Double?
    /// The scale's mode when it was taken, with its limits, piece or
    /// reference (plain weighing before modes existed).
    public var scaleMode: ScaleMode
    /// The product whose limits a check-weighing used (config `products`);
    /// nil for limits of no product, in other modes, and before products.
    public var product: String? = nil
    /// The calibration log's row its grams came from (the device's latest
    /// when it was saved); nil without grams or without a row.
    public var calibration: CalibrationStamp? = nil

    /// The force modes a weighing can have been taken in.
    public static let modes: Set<String> = ["force", "area", "position"]
    /// The units a weighing can have been shown in.
    public static let unitNames: Set<String> = Set(WeightUnit.allCases.map(\.rawValue))

    public init(
        id: Int64? = nil, takenAt: Date, device: String, mode: String,
        objects: [WeighedObject], units: String = "g", step: Double? = nil, scaleMode: ScaleMode = .weigh
    ) {
        self.scaleMode = scaleMode
        self.id = id
        self.takenAt = takenAt
        self.device = device
        self.mode = mode
        self.objects = objects
        self.units = units
        self.step = step
    }

    /// How its masses are shown: its units to its step (0.1 g before steps).
    public var weightFormat: WeightFormat { WeightFormat(units: units, step: step) }

    /// A mass of this weighing as it was shown: "30.0 g", "1.060 oz".
    public func gramsLabel(_ grams: Double) -> String {
        weightFormat.text(grams: grams) ?? Plum.grams(grams)
    }

    /// The heaviest object: greatest grams, else greatest force, ties to the lowest index.
    /// Nil when no object has a reading (position mode) or there are no objects.
    public var heaviest: WeighedObject? {
        objects.filter { $0.grams != nil || $0.force != nil }.min { a, b in
            Self.heavierFirst(a, b)
        }
    }

    /// The ordering behind `heaviest` (the store's SQL mirrors it).
    static func heavierFirst(_ a: WeighedObject, _ b: WeighedObject) -> Bool {
        switch (a.grams, b.grams) {
        case (let ga?, let gb?) where ga != gb: return ga > gb
        case (.some, nil): return true
        case (nil, .some): return false
        default: break
        }
        switch (a.force, b.force) {
        case (let fa?, let fb?) where fa != fb: return fa > fb
        case (.some, nil): return true
        case (nil, .some): return false
        default: return a.index < b.index
        }
    }
}

/// One line of the history table: a weighing summarised.
public struct HistoryRow: Equatable, Sendable {
    public var id: Int64
    public var takenAt: Date
    public var device: String
    public var mode: String
    public var objectCount: Int
    /// The heaviest object's force (0...1) and grams, when measured.
    public var heaviestForce: Double?
    public var heaviestGrams: Double?
    /// The weighing's units and display step (Weighing.units, .step).
    public var units: String = "g"
    public var step: Double?

    /// The heaviest mass as the weighing showed it ("30.0 g", "1.060 oz"), nil without grams.
    public var heaviestGramsLabel: String? {
        heaviestGrams.map { WeightFormat(units: units, step: step).text(grams: $0) ?? Plum.grams($0) }
    }

    public init(
        id: Int64, takenAt: Date, device: String, mode: String, objectCount: Int,
        heaviestForce: Double?, heaviestGrams: Double?, units: String = "g", step: Double? = nil
    ) {
        self.units = units
        self.step = step
        self.id = id
        self.takenAt = takenAt
        self.device = device
        self.mode = mode
        self.objectCount = objectCount
        self.heaviestForce = heaviestForce
        self.heaviestGrams = heaviestGrams
    }

    /// The keyset-pagination position of this row: pass it as `before:` for the next page.
    public var cursor: HistoryCursor { HistoryCursor(takenAt: takenAt, id: id) }
}

/// A position in the newest-first history order: rows strictly older than
/// (takenAt, id) come after it.
public struct HistoryCursor: Equatable, Sendable {
    public var takenAt: Date
    public var id: Int64
    public init(takenAt: Date, id: Int64) {
        self.takenAt = takenAt
        self.id = id
    }
}
