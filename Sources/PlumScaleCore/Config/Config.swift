import Foundation

/// PlumScale's settings, from `$XDG_CONFIG_HOME/plumscale/config.json`
/// (fallback `~/.config/plumscale/config.json`) or an explicit path. Every
/// key is optional; a missing key takes the default shown. The file:
/// ```
/// {
///   "calibrations": {"<device name>": {"points": [{"force": 0.1, "grams": 5.0}, ...],
///                    "eccentricity": {"centre": 1.0, "topLeft": 1.0, ...}}},
///   "stability": {"band": 0.005, "seconds": 0.5},
///   "heaviestMargin": 0.005,
///   "peek": {"peek": 0.35, "pop": 0.70},
///   "kiosk": {"pin": null, "idleSeconds": 60, "autoRecord": true, "autoRecordSeconds": 1.0,
///             "operatorIdleSeconds": 120},
///   "font": null,
///   "contactTimeoutSeconds": 300,
///   "units": "g",
///   "zeroTracking": {"enabled": false, "band": 0.04, "rate": 0.5},
///   "mqtt": null,
///   "scaleMode": null,
///   "calibration": {"intervalDays": null},
///   "products": {"<name>": {"low": 150, "high": 300}}
/// }
/// ```
public struct Config: Equatable, Sendable {
    /// `calibrations`: per touch device (keyed by the device name as
    /// `plumscale devices` shows it), the (force, grams) points measured with
    /// known masses. Each needs ≥ 2 points, distinct forces in 0...1, grams
    /// ≥ 0, and must make a line a scale can trust (`CalibrationFit.Limits`).
    /// Default: none (no grams shown).
    public var calibrations: [String: [CalibrationPoint]]
    /// `stability`: when a reading counts as settled.
    public var stability: Stability
    /// `heaviestMargin`: the lead, in force units 0...1, another contact needs
    /// over the heaviest to take the yellow fill (0.005 = 0.5 points; the
    /// measured noise is used when larger). In 0..<1.
    public var heaviestMargin: Double
    /// `peek`: Peek & Pop force thresholds on the history table.
    public var peek: PeekThresholds
    /// `kiosk`: the unattended weighing station.
    public var kiosk: Kiosk
    /// `font`: path of a TrueType font for all text (`~` expands; relative
    /// paths are relative to the config file's directory), or null for the
    /// built-in choice.
    public var font: String?
    /// `contactTimeoutSeconds`: a contact the device never lifted expires
    /// after this many seconds without an event. > 0.
    public var contactTimeoutSeconds: Double
    /// `units`: what masses are shown in at start: "g", "oz" or "lb" (the
    /// `u` key cycles them). Grams are stored whatever the units.
    public var units: WeightUnit
    /// `zeroTracking`: a tared object's zero follows slow drift.
    public var zeroTracking: ZeroTracking
    /// `mqtt`: the fleet's broker (FleetConfig.swift); nil: none.
    public var mqtt: MQTT?
    /// `scaleMode`: the modes the scale offers (ScaleModeConfig.swift), the
    /// first at start; empty: plain weighing only.
    public var scaleModes: [ScaleMode]
    /// `calibration.intervalDays`: a calibration is due this many days
    /// (1 to 3650) after it was made; nil: no due date is kept.
    public var calibrationIntervalDays: Int? = nil
    /// `calibrations.<device>.eccentricity`: the gain measured at each place
    /// of the eccentricity test ("centre", "topLeft", "topRight",
    /// "bottomLeft", "bottomRight"; each in 0.5...2.0), saved by the test
    /// when the largest difference exceeded d; the grams of each contact are
    /// corrected by the map through them (Eccentricity.swift). Default: none.
    public var eccentricity: [String: GainMap] = [:]
    /// `products`: check-weighing's limits saved per product, in the file's
    /// order (ProductsConfig.swift); needs a check mode in `scaleMode`. Default: none.
    public var products: [Product] = []

    /// `zeroTracking` settings, after OIML R76's automatic zero-tracking: a
    /// tared, stable contact whose net reading lies within `band` of zero has
    /// its tare moved towards the reading by at most `rate` display steps
    /// (d) per second. Never while it moves or fades, never beyond the band:
    /// a load put on slowly is not tracked away.
    public struct ZeroTracking: Equatable, Sendable {
        /// `enabled`: off by default (a tare is what the user measured; say so to change it).
        public var enabled: Bool = false
        /// `band`: how near zero the net reading must be, as a fraction of
        /// the device's range. In (0, 0.04] (R76: within 4% of the range).
        public var band: Double = 0.04
        /// `rate`: the most the zero moves, in d per second. In (0, 0.5] (R76: 0.5 d/s).
        public var rate: Double = 0.5
        public init(enabled: Bool = false, band: Double = 0.04, rate: Double = 0.5) {
            self.enabled = enabled
            self.band = band
            self.rate = rate
        }
    }

    /// `stability` settings.
    public struct Stability: Equatable, Sendable {
        /// `band`: width the smoothed force must stay within, in force units
        /// (0.005 = 0.5 points; widened to the measured noise). In (0, 1).
        public var band: Double = 0.005
        /// `seconds`: how long it must stay there. In (0, 60].
        public var seconds: Double = 0.5
        public init(band: Double = 0.005, seconds: Double = 0.5) {
            self.band = band
            self.seconds = seconds
        }
    }

    /// `peek` settings: force 0...1 at which a pressed history row shows its
    /// preview (`peek`) and opens its detail (`pop`). 0 < peek < pop ≤ 1.
    public struct PeekThresholds: Equatable, Sendable {
        public var peek: Double = 0.35
        public var pop: Double = 0.70
        public init(peek: Double = 0.35, pop: Double = 0.70) {
            self.peek = peek
            self.pop = pop
        }
    }

    /// `kiosk` settings.
    public struct Kiosk: Equatable, Sendable {
        /// `pin`: 4 to 12 digits, as a string, that unlocks operator mode
        /// (calibrating, deleting, exporting, leaving); null for no PIN: then
        /// the kiosk has no operator at all.
        public var pin: String? = nil
        /// `idleSeconds`: with no contact for this long, the kiosk returns to
        /// the scale screen and clears transient state. > 0.
        public var idleSeconds: Double = 60
        /// `autoRecord`: record a weighing by itself once every contact has
        /// been stable for `autoRecordSeconds`.
        public var autoRecord: Bool = true
        /// `autoRecordSeconds`: how long all contacts stay stable before an
        /// automatic record. > 0.
        public var autoRecordSeconds: Double = 1.0
        /// `operatorIdleSeconds`: operator mode falls back to passer-by after
        /// this long without a touch going down or up, a click or a key. > 0.
        public var operatorIdleSeconds: Double = 120
        public init(
            pin: String? = nil, idleSeconds: Double = 60, autoRecord: Bool = true, autoRecordSeconds: Double = 1.0,
            operatorIdleSeconds: Double = 120
        ) {
            self.pin = pin
            self.idleSeconds = idleSeconds
            self.autoRecord = autoRecord
            self.autoRecordSeconds = autoRecordSeconds
            self.operatorIdleSeconds = operatorIdleSeconds
        }
    }

    public init(
        calibrations: [String: [CalibrationPoint]] = [:], stability: Stability = Stability(),
        heaviestMargin: Double = 0.005, peek: PeekThresholds = PeekThresholds(), kiosk: Kiosk = Kiosk(),
        font: String? = nil, contactTimeoutSeconds: Double = 300, units: WeightUnit = .g,
        zeroTracking: ZeroTracking = ZeroTracking(), mqtt: MQTT? = nil, scaleModes: [ScaleMode] = []
    ) {
        self.mqtt = mqtt
        self.scaleModes = scaleModes
        self.units = units
        self.zeroTracking = zeroTracking
        self.calibrations = calibrations
        self.stability = stability
        self.heaviestMargin = heaviestMargin
        self.peek = peek
        self.kiosk = kiosk
        self.font = font
        self.contactTimeoutSeconds = contactTimeoutSeconds
    }

    /// Every setting at its default.
    public static let defaults = Config()

    /// The fitted calibration of device `name`, nil when it has none. Points
    /// were validated when the config was parsed.
    public func calibrationFit(forDevice name: String) -> CalibrationFit? {
        guard let points = calibrations[name] else { return nil }
        return try? CalibrationFit(points: points)
    }

    /// The calibration points of one device as the file stores them.
    public static func calibrationJSON(_ points: [CalibrationPoint], eccentricity: GainMap? = nil) -> JSONValue {
        let calibration = JSONValue.object([
            JSONMember(
                "points",
                .array(
                    points.map {
                        .object([JSONMember("force", .number($0.force)), JSONMember("grams", .number($0.grams))])
                    }))
        ])
        return eccentricity.map { calibration.setting("eccentricity", to: eccentricityJSON($0)) } ?? calibration
    }

    /// The eccentricity map as the file stores it: the gain at each place.
    public static func eccentricityJSON(_ map: GainMap) -> JSONValue {
        .object(EccentricityTest.Place.allCases.map { JSONMember($0.rawValue, .number(map.gains[$0] ?? 1)) })
    }

    /// The effective configuration as a JSON value, keys in documented order;
    /// `mqtt` only when a broker is configured, `calibration`, `scaleMode`
    /// and `products` only when set.
    public var json: JSONValue {
        var settings = mqtt.map { settingsJSON.setting("mqtt", to: $0.json) } ?? settingsJSON
        if let days = calibrationIntervalDays {
            settings = settings.setting("calibration", to: .object([JSONMember("intervalDays", .number(Double(days)))]))
        }
        if let first = scaleModes.first {
            settings = settings.setting("scaleMode", to: scaleModes.count == 1 ? first.json : .array(scaleModes.map(\.json)))
        }
        return products.isEmpty ? settings : settings.setting("products", to: Self.productsJSON(products))
    }

    private var settingsJSON: JSONValue {
        .object([
            JSONMember(
                "calibrations",
                .object(
                    calibrations.sorted { $0.key < $1.key }.map {
                        JSONMember($0.key, Self.calibrationJSON($0.value, eccentricity: eccentricity[$0.key]))
                    })),
            JSONMember(
                "stability",
                .object([
                    JSONMember("band", .number(stability.band)), JSONMember("seconds", .number(stability.seconds)),
                ])),
            JSONMember("heaviestMargin", .number(heaviestMargin)),
            JSONMember("peek", .object([JSONMember("peek", .number(peek.peek)), JSONMember("pop", .number(peek.pop))])),
            JSONMember(
                "kiosk",
                .object([
                    JSONMember("pin", kiosk.pin.map(JSONValue.string) ?? .null),
                    JSONMember("idleSeconds", .number(kiosk.idleSeconds)),
                    JSONMember("autoRecord", .bool(kiosk.autoRecord)),
                    JSONMember("autoRecordSeconds", .number(kiosk.autoRecordSeconds)),
                    JSONMember("operatorIdleSeconds", .number(kiosk.operatorIdleSeconds)),
                ])),
            JSONMember("font", font.map(JSONValue.string) ?? .null),
            JSONMember("contactTimeoutSeconds", .number(contactTimeoutSeconds)),
            JSONMember("units", .string(units.rawValue)),
            JSONMember(
                "zeroTracking",
                .object([
                    JSONMember("enabled", .bool(zeroTracking.enabled)),
                    JSONMember("band", .number(zeroTracking.band)),
                    JSONMember("rate", .number(zeroTracking.rate)),
                ])),
        ])
    }

    /// The effective configuration as pretty JSON (for `plumscale config
    /// check`); it parses back to an equal `Config`.
    public func describe() -> String {
        json.pretty() + "\n"
    }
}
