/// The weighing on top of the contacts: per-contact smoothing and
/// stability, tare, the heaviest with hysteresis, and grams when the device
/// is calibrated.
public struct Scale: Equatable, Sendable {
    public private(set) var board = ContactBoard()
    /// What is weighed of each contact, in the board's order (an index into
    /// the board is one here): nil until the contact's first force.
    private var loads: [ContactLoad?] = []
    /// The latest time the scale has seen.
    public private(set) var now = 0.0
    public private(set) var tares = TareBook()
    private var heaviest: HeaviestTracker
    private let stability: Config.Stability
    /// The calibration of the device in use (force mode only).
    public var fit: CalibrationFit? { didSet { fitSummary = fit?.summary } }
    /// `fit.summary`, written when the fit changes rather than for every scene.
    public private(set) var fitSummary: String?

    public init(config: Config = .defaults, fit: CalibrationFit? = nil) {
        heaviest = HeaviestTracker(margin: config.heaviestMargin)
        stability = config.stability
        self.fit = fit
        self.fitSummary = fit?.summary
    }

    public var isEmpty: Bool { board.isEmpty }

    /// A touch went down or moved, with the force the mode believes in.
    public mutating func place(id: Int, at position: Point, force: Double?, time: Double) {
        let count = board.contacts.count
        let index = board.place(id: id, at: position, force: force, time: time)
        if board.contacts.count > count {
            loads.append(nil)
            tares.contactDown(id: id, x: position.x, y: position.y)
        }
        now = max(now, time)
        if let force, loads[index]?.add(force, at: time) == nil {
            var load = ContactLoad(weighing: ContactWeighing(band: stability.band, seconds: stability.seconds), rawChanged: time)
            load.add(force, at: time)
            loads[index] = load
        }
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

    /// Lifts every pinned contact; returns whether there were any.
    mutating func liftPinned() -> Bool {
        let pinned = board.contacts.filter(\.pinned).map(\.id)
        for id in pinned { lift(id: id) }
        return !pinned.isEmpty
    }

    /// Lets time pass: smoothing converges and stability builds between events.
    public mutating func advance(to time: Double) {
        now = max(now, time)
        for index in loads.indices { loads[index]?.weighing.advance(to: time) }
        updateHeaviest()
    }

    /// Whether the display still changes with time alone.
    public func isSettling(at now: Double) -> Bool {
        loads.indices.contains { loads[$0]?.isSettling(at: now) ?? false }
    }

    /// Zeroes every contact on the glass.
    public mutating func tareAll() {
        tares.tareAll(board.contacts.indices.compactMap { index in
            guard let value = settledValue(at: index) else { return nil }
            let contact = board.contacts[index]
            return TareBook.Contact(id: contact.id, force: value, x: contact.position.x, y: contact.position.y)
        })
        for index in loads.indices { loads[index]?.weighing.resetStability() }
        updateHeaviest()
    }

    public mutating func clearTares() {
        tares.clearAll()
        updateHeaviest()
    }

    /// A raw force unchanged this long has settled (the filter is within
    /// 0.1 points of it by then): it is shown exactly as the device said.
    static let steadyTime = 0.3

    /// The settled value of the contact at `index` (ContactLoad.settledValue).
    func settledValue(at index: Int) -> Double? {
        loads[index]?.settledValue(now: now)
    }

    /// Crowns the heaviest from every weighed contact's displayed force,
    /// gathered on the stack.
    private mutating func updateHeaviest() {
        let count = loads.count
        withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { ids in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * count) { values in
                var weighed = 0
                // Through a buffer pointer: each load is read where it lies.
                loads.withUnsafeBufferPointer { loads in
                    for index in 0..<count {
                        guard let (value, noise) = loads[index]?.settledValueAndNoise(now: now) else { continue }
                        let id = board.contacts[index].id
                        ids[weighed] = id
                        values[weighed] = tares.displayed(id: id, force: value)
                        values[count + weighed] = noise
                        weighed += 1
                    }
                }
                heaviest.update(
                    ids: UnsafeBufferPointer(rebasing: ids[..<weighed]),
                    forces: UnsafeBufferPointer(rebasing: values[..<weighed]),
                    noise: UnsafeBufferPointer(rebasing: values[count..<(count + weighed)]))
            }
        }
    }

    /// The reading of the contact at `index` at `now`, nil before its first force sample.
    func reading(at index: Int, now: Double) -> ContactReading? {
        let id = board.contacts[index].id  // bounds-checked: loads has the board's indices
        let scaleNow = self.now
        guard let load = loads.withUnsafeBufferPointer({ $0[index]?.summary(scaleNow: scaleNow, at: now) }) else { return nil }
        let tare = tares.activeTare(id: id)
        let tareForce = tare?.force ?? 0
        return ContactReading(
            displayed: load.settled - tareForce, raw: load.raw, tare: tareForce,
            grams: fit.map { $0.grams(forForce: load.settled, tare: tare?.force) },
            stable: load.stable, stableProgress: load.stableProgress,
            heaviest: heaviest.heaviest == id, tied: heaviest.isTied(id), overload: Overload.isOverload(load.raw))
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
