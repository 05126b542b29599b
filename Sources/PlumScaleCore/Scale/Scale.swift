/// The weighing on top of the contacts: per-contact smoothing and
/// stability, tare, the heaviest with hysteresis, and grams when the device
/// is calibrated.
public struct Scale: Equatable, Sendable {
    public private(set) var board = ContactBoard()
    /// What is weighed of each contact, in the board's order (an index into
    /// the board is one here): unweighed until the contact's first force.
    private var loads: [ContactLoad] = []
    /// The latest time the scale has seen.
    public private(set) var now = 0.0
    public private(set) var tares = TareBook()
    /// A preset tare (PT), in grams: typed, not weighed; every weighed
    /// contact reads net of it (PresetTare.swift). Nil without one.
    public internal(set) var presetTare: Double?
    private var heaviest: HeaviestTracker
    private let stability: Config.Stability
    private let zeroTracking: Config.ZeroTracking
    /// When zero tracking last moved a zero (it moves at most `rate` d/s).
    private var zeroTracked: Double?
    /// The calibration of the device in use (force mode only).
    public var fit: CalibrationFit? {
        didSet {
            fitSummary = fit?.summary
            gramScale = GramScale.choose(fit: fit, device: deviceGrams)
        }
    }
    /// The eccentricity test's correction, with the fit (Eccentricity.swift):
    /// each contact's grams times the gain where it lies; nil: none.
    public var gainMap: GainMap?
    /// The device's own grams (ABS_MT_PRESSURE's resolution), used without a fit.
    public var deviceGrams: DeviceGrams? { didSet { gramScale = GramScale.choose(fit: fit, device: deviceGrams) } }
    /// `fit.summary`, written when the fit changes rather than for every scene.
    public private(set) var fitSummary: String?
    /// Force to grams: the fit, else the device's grams, else nil.
    public private(set) var gramScale: GramScale?
    /// The device's own total force, raw (`InputEvent.Kind.deviceTotal`),
    /// and its zero when tared; nil until the device gives one.
    public private(set) var deviceTotal: Double?
    public private(set) var deviceTotalTare: Double?

    public init(config: Config = .defaults, fit: CalibrationFit? = nil, deviceGrams: DeviceGrams? = nil) {
        heaviest = HeaviestTracker(margin: config.heaviestMargin)
        stability = config.stability
        zeroTracking = config.zeroTracking
        self.fit = fit
        self.deviceGrams = deviceGrams
        self.fitSummary = fit?.summary
        self.gramScale = GramScale.choose(fit: fit, device: deviceGrams)
    }

    public var isEmpty: Bool { board.isEmpty }

    /// The device's total force at `time` (DeviceTotal.swift reads it).
    public mutating func reportTotal(_ force: Double, time: Double) {
        guard force.isFinite else { return }
        deviceTotal = force
        now = max(now, time)
    }

    /// A touch went down or moved, with the force the mode believes in.
    public mutating func place(id: Int, at position: Point, force: Double?, time: Double) {
        let count = board.contacts.count
        let index = board.place(id: id, at: position, force: force, time: time)
        if board.contacts.count > count {
            loads.append(ContactLoad(weighing: ContactWeighing(band: stability.band, seconds: stability.seconds), rawChanged: time))
            tares.contactDown(id: id, x: position.x, y: position.y)
        }
        now = max(now, time)
        if let force { loads[index].add(force, at: time) }
        if loads[index].weighed { loads[index].locate(position) }
        updateHeaviest()
    }

    @discardableResult
    public mutating func lift(id: Int) -> Bool {
        guard let index = board.index(of: id) else { return false }
        board.remove(at: index)
        loads.remove(at: index)
        tares.contactUp(id: id)
        updateHeaviest()
        return true
    }

    public func contact(id: Int) -> Contact? { board.contact(id: id) }

    /// Mouse emulation: a pinned contact stays after the button is released.
    mutating func setPinned(id: Int, _ pinned: Bool) { board.setPinned(id: id, pinned) }

    /// Lifts every pinned contact.
    mutating func liftPinned() {
        for id in board.contacts.filter(\.pinned).map(\.id) { lift(id: id) }
    }

    /// Lets time pass: smoothing converges and stability builds between events.
    public mutating func advance(to time: Double) {
        now = max(now, time)
        for index in loads.indices where loads[index].weighed { loads[index].advance(to: time) }
        trackZero()
        updateHeaviest()
    }

    /// Whether the display still changes with time alone (zero tracking
    /// still moving a zero included).
    public func isSettling(at now: Double) -> Bool {
        loads.indices.contains { loads[$0].weighed && loads[$0].isSettling(at: now) } || tracksZero(at: now)
    }

    /// Whether the scale's own clock (moved by ticks and touches) is behind
    /// `time` while its display still changes with time: an input that is
    /// no touch moved the program's clock past the settling, and only a
    /// tick brings the scale there (else a half-smoothed reading stays).
    public func lags(behind time: Double) -> Bool {
        now < time && isSettling(at: now)
    }

    /// Why taring now would capture a reading not to be trusted, nil when
    /// it may: a scale refuses tare while the load moves or is in overload.
    public func tareRefusal(at now: Double) -> String? {
        for index in loads.indices {
            guard loads[index].weighed, let raw = loads[index].weighing.smoother.raw else { continue }
            if Overload.isOverload(raw) { return "Tare refused: an object is in overload (past 98% of range)." }
            if !loads[index].weighing.stability.isStable(at: now) {
                return "Tare refused: an object is still moving. Wait until its dot turns green, then tare."
            }
        }
        return nil
    }

    /// The display step d in force units, for zero tracking: the grams'
    /// step through the gram scale, else 0.1 point (the percentage label's).
    var stepForce: Double {
        guard let gramScale, gramScale.stepForce.isFinite, gramScale.stepForce > 0 else {
            return CalibrationFit.Limits.finestStepFraction
        }
        return gramScale.stepForce
    }

    /// The contact at `index`, tared, stable and not fading, reads within
    /// the zero-tracking band but not exactly zero: its net reading, else nil.
    private func trackableOffset(at index: Int, now: Double) -> Double? {
        guard zeroTracking.enabled, loads[index].weighed, let tare = tares.activeTare(id: board.contacts[index].id),
            let value = loads[index].settledValue(now: self.now), loads[index].weighing.stability.isStable(at: now),
            !loads[index].fade.isFading(at: now)
        else { return nil }
        let net = value - tare.force
        return net != 0 && abs(net) <= zeroTracking.band ? net : nil
    }

    private func tracksZero(at now: Double) -> Bool {
        zeroTracking.enabled && loads.indices.contains { trackableOffset(at: $0, now: now) != nil }
    }

    /// Moves each trackable zero towards its reading, by at most `rate` d
    /// per second since the last frame that tracked (at most a quarter
    /// second's worth); a frame with nothing to track restarts the count.
    private mutating func trackZero() {
        guard zeroTracking.enabled else { return }
        guard tracksZero(at: now) else {
            zeroTracked = nil
            return
        }
        let elapsed = min(max(now - (zeroTracked ?? now), 0), 0.25)
        zeroTracked = now
        let most = zeroTracking.rate * stepForce * elapsed
        guard most > 0 else { return }
        for index in loads.indices {
            guard let net = trackableOffset(at: index, now: now) else { continue }
            let id = board.contacts[index].id
            if abs(net) <= most {
                if let value = settledValue(at: index) { tares.shift(id: id, to: value) }  // net exactly 0
            } else {
                tares.shift(id: id, to: tares.tare(for: id) + (net > 0 ? most : -most))
            }
        }
    }

    /// Zeroes every contact on the glass.
    public mutating func tareAll() {
        tares.tareAll(
            board.contacts.indices.compactMap { index in
                guard let value = settledValue(at: index) else { return nil }
                let contact = board.contacts[index]
                return TareBook.Contact(id: contact.id, force: value, x: contact.position.x, y: contact.position.y)
            })
        for index in loads.indices where loads[index].weighed { loads[index].weighing.resetStability() }
        deviceTotalTare = deviceTotal
        // A tare weighed replaces one typed.
        presetTare = nil
        updateHeaviest()
    }

    /// A preset tare of `grams` (PT): it replaces the tares weighed, and
    /// every weighed contact reads net of it; 0 clears it.
    public mutating func setPresetTare(_ grams: Double) {
        tares.clearAll()
        deviceTotalTare = nil
        presetTare = grams > 0 ? grams : nil
        updateHeaviest()
    }

    public mutating func clearTares() {
        tares.clearAll()
        deviceTotalTare = nil
        presetTare = nil
        updateHeaviest()
    }

    /// A raw force unchanged this long has settled (the filter is within
    /// 0.1 points of it by then): it is shown exactly as the device said.
    static let steadyTime = 0.3

    /// The settled value of the contact at `index` (ContactLoad.settledValue).
    func settledValue(at index: Int) -> Double? {
        loads[index].weighed ? loads[index].settledValue(now: now) : nil
    }

    /// Crowns the heaviest from every weighed contact's displayed force.
    private mutating func updateHeaviest() {
        var candidates: [HeaviestTracker.Candidate] = []
        candidates.reserveCapacity(loads.count)
        for index in loads.indices {
            guard loads[index].weighed, let (value, noise) = loads[index].settledValueAndNoise(now: now) else { continue }
            let id = board.contacts[index].id
            candidates.append(HeaviestTracker.Candidate(id: id, force: tares.displayed(id: id, force: value), noise: noise))
        }
        heaviest.update(candidates)
    }

    /// The weighed contacts' raw forces less their tares, summed, and how
    /// many of them are not tared: what the device's total is held against.
    func netRawSum() -> (sum: Double, untared: Int) {
        var sum = 0.0
        var untared = 0
        for index in loads.indices {
            guard loads[index].weighed, let raw = loads[index].weighing.smoother.raw else { continue }
            let tare = tares.activeTare(id: board.contacts[index].id)
            if tare == nil { untared += 1 }
            sum += raw - (tare?.force ?? 0)
        }
        return (sum, untared)
    }

    /// The reading of the contact at `index` at `now`, nil before its first force sample.
    func reading(at index: Int, now: Double) -> ContactReading? {
        let id = board.contacts[index].id  // bounds-checked: loads has the board's indices
        let scaleNow = self.now
        guard loads[index].weighed, let load = loads[index].summary(scaleNow: scaleNow, at: now) else { return nil }
        let tare = tares.activeTare(id: id)
        let tareForce = tare?.force ?? 0
        var grams = gramScale?.grams(forForce: load.settled, tare: tare?.force)
        // The preset tare, on what no weighed tare zeroes, and only in grams.
        let preset = tare == nil && grams != nil ? presetTare : nil
        if let preset, let gross = grams { grams = gross - preset }
        return ContactReading(
            displayed: load.settled - tareForce, tare: tareForce, grams: grams, presetTare: preset,
            stable: load.stable, stableProgress: load.stableProgress,
            heaviest: heaviest.heaviest == id, tied: heaviest.isTied(id), overload: Overload.isOverload(load.raw),
            net: tare != nil || preset != nil, fading: load.fading)
    }
}

/// What the weighing says about one contact at one moment: the one record
/// of it, which the contact as shown (ContactView) keeps whole.
struct ContactReading: Equatable, Sendable {
    var displayed: Double
    var tare: Double
    var grams: Double?
    /// The preset tare taken off `grams`, nil without one.
    var presetTare: Double?
    var stable: Bool
    var stableProgress: Double
    var heaviest: Bool
    var tied: Bool
    var overload: Bool
    /// Tared: the reading is net of the tare.
    var net: Bool
    /// Keeps falling while the object lies still (FadeDetector).
    var fading: Bool
}
