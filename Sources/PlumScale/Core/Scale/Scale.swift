/// The weighing on top of the contacts: per-contact smoothing and
/// stability, tare, the heaviest with hysteresis, and grams when the device
/// is calibrated.
public struct Scale: Equatable, Sendable {
    public private(set) var board = ContactBoard()
    private var weighings: [Int: ContactWeighing] = [:]
    /// When each contact's raw force last changed.
    private var rawChanged: [Int: Double] = [:]
    /// The latest time the scale has seen.
    private var now = 0.0
    public private(set) var tares = TareBook()
    private var heaviest: HeaviestTracker
    private let stability: Config.Stability
    /// The calibration of the device in use (force mode only).
    public var fit: CalibrationFit?

    public init(config: Config = .defaults, fit: CalibrationFit? = nil) {
        heaviest = HeaviestTracker(margin: config.heaviestMargin)
        stability = config.stability
        self.fit = fit
    }

    public var isEmpty: Bool { board.isEmpty }

    /// A touch went down or moved, with the force the mode believes in.
    public mutating func place(id: Int, at position: Point, force: Double?, time: Double) {
        let isNew = board.contact(id: id) == nil
        board.place(id: id, at: position, force: force, time: time)
        if isNew { tares.contactDown(id: id, x: position.x, y: position.y) }
        now = max(now, time)
        if let force {
            if weighings[id]?.smoother.raw != force { rawChanged[id] = time }
            weighings[id, default: ContactWeighing(band: stability.band, seconds: stability.seconds)].add(force, at: time)
        }
        updateHeaviest()
    }

    @discardableResult
    public mutating func lift(id: Int) -> Bool {
        guard board.lift(id: id) else { return false }
        weighings[id] = nil
        rawChanged[id] = nil
        tares.contactUp(id: id)
        updateHeaviest()
        return true
    }

    public func contact(id: Int) -> Contact? { board.contact(id: id) }

    /// Mouse emulation: a pinned contact stays after the button is released.
    mutating func setPinned(id: Int, _ pinned: Bool) { board.setPinned(id: id, pinned) }

    /// Lifts every pinned contact; returns whether there were any.
    mutating func liftPinned() -> Bool {
        let pinned = board.contacts.filter(\.pinned).map(\.id)
        for id in pinned { lift(id: id) }
        return !pinned.isEmpty
    }

    /// Lets time pass: smoothing converges and stability builds between events.
    public mutating func advance(to time: Double) {
        now = max(now, time)
        for id in weighings.keys { weighings[id]!.advance(to: time) }
        updateHeaviest()
    }

    /// Whether the display still changes with time alone.
    public func isSettling(at now: Double) -> Bool {
        weighings.contains { id, w in
            !w.stability.isStable(at: now) || (rawChanged[id] ?? now) > now - Self.steadyTime
        }
    }

    /// Zeroes every contact on the glass.
    public mutating func tareAll() {
        tares.tareAll(board.contacts.compactMap { contact in
            guard let w = weighings[contact.id], let value = settledValue(w, id: contact.id) else { return nil }
            return TareBook.Contact(id: contact.id, force: value, x: contact.position.x, y: contact.position.y)
        })
        for id in weighings.keys { weighings[id]!.resetStability() }
        updateHeaviest()
    }

    public mutating func clearTares() {
        tares.clearAll()
        updateHeaviest()
    }

    /// A raw force unchanged this long has settled (the filter is within
    /// 0.1 points of it by then): it is shown exactly as the device said.
    static let steadyTime = 0.3

    /// The smoothed force, or the raw one once it has been steady for
    /// `steadyTime` or the filter has caught up with it.
    func settledValue(_ w: ContactWeighing, id: Int) -> Double? {
        guard let smoothed = w.smoother.smoothed, let raw = w.smoother.raw else { return nil }
        if abs(smoothed - raw) < 0.0005 || (rawChanged[id] ?? now) <= now - Self.steadyTime { return raw }
        return smoothed
    }

    private mutating func updateHeaviest() {
        var ids: [Int] = [], forces: [Double] = [], noise: [Double] = []
        ids.reserveCapacity(weighings.count)
        forces.reserveCapacity(weighings.count)
        noise.reserveCapacity(weighings.count)
        for (id, w) in weighings {
            guard let value = settledValue(w, id: id) else { continue }
            ids.append(id)
            forces.append(tares.displayed(id: id, force: value))
            noise.append(w.smoother.noise)
        }
        heaviest.update(ids: ids, forces: forces, noise: noise)
    }

    /// One contact's reading at `now`, nil before its first force sample.
    func reading(id: Int, now: Double) -> ContactReading? {
        guard let w = weighings[id], let value = settledValue(w, id: id), let raw = w.smoother.raw else { return nil }
        let displayed = tares.displayed(id: id, force: value)
        return ContactReading(
            displayed: displayed, raw: raw, tare: tares.tare(for: id),
            grams: fit.map { $0.grams(forForce: value, tare: tares.isTared(id) ? tares.tare(for: id) : nil) },
            stable: w.stability.isStable(at: now), stableProgress: w.stability.progress(at: now),
            heaviest: heaviest.heaviest == id, tied: heaviest.isTied(id), overload: Overload.isOverload(raw))
    }
}

/// What the weighing says about one contact at one moment.
struct ContactReading {
    var displayed: Double
    var raw: Double
    var tare: Double
    var grams: Double?
    var stable: Bool
    var stableProgress: Double
    var heaviest: Bool
    var tied: Bool
    var overload: Bool
}
