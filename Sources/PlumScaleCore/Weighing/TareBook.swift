import Foundation

/// The zero of one contact: the smoothed force it had when tared, and where.
public struct Tare: Equatable, Sendable {
    /// Raw smoothed force at the moment of taring, 0...1.
    public var force: Double
    /// Position in layout px when tared.
    public var x: Double
    public var y: Double

    public init(force: Double, x: Double, y: Double) {
        self.force = force
        self.x = x
        self.y = y
    }
}

/// The tares of the scale: one zero per contact, remembered by position when
/// the contact lifts so that an object put back in the same place (a new
/// contact id within `reclaimDistance` layout px) keeps its zero.
public struct TareBook: Equatable, Sendable {
    /// How far, in layout px, a new contact may land from a remembered tare
    /// position and still inherit it.
    public var reclaimDistance: Double
    /// Tares of contacts on the screen, by contact id.
    public private(set) var active: [Int: Tare] = [:]
    /// Tares of lifted contacts, waiting for a contact to land near them.
    public private(set) var lifted: [Tare] = []

    /// Lifted tares kept for reclaiming, newest last.
    public static let maxRemembered = 64

    public init(reclaimDistance: Double = 40) {
        self.reclaimDistance = reclaimDistance
    }

    /// One contact as taring sees it.
    public struct Contact: Equatable, Sendable {
        public var id: Int
        /// Smoothed (untared) force 0...1.
        public var force: Double
        public var x: Double
        public var y: Double

        public init(id: Int, force: Double, x: Double, y: Double) {
            self.id = id
            self.force = force
            self.x = x
            self.y = y
        }
    }

    /// Tares every contact given: each one's current force becomes its zero.
    /// Remembered tares of lifted contacts are kept.
    public mutating func tareAll(_ contacts: [Contact]) {
        for contact in contacts {
            active[contact.id] = Tare(force: contact.force, x: contact.x, y: contact.y)
        }
    }

    /// Moves the zero of contact `id` to `force` (zero tracking); a contact
    /// without a tare is left alone.
    public mutating func shift(id: Int, to force: Double) {
        guard force.isFinite, active[id] != nil else { return }
        active[id]?.force = force
    }

    /// Forgets every tare, active and remembered.
    public mutating func clearAll() {
        active.removeAll()
        lifted.removeAll()
    }

    /// A contact landed at (x, y): if a remembered tare lies within
    /// `reclaimDistance`, the nearest one becomes this contact's tare and is
    /// returned.
    @discardableResult
    public mutating func contactDown(id: Int, x: Double, y: Double) -> Tare? {
        var best: (index: Int, distance: Double)?
        for (index, tare) in lifted.enumerated() {
            let distance = ((tare.x - x) * (tare.x - x) + (tare.y - y) * (tare.y - y)).squareRoot()
            if distance <= reclaimDistance, distance < (best?.distance ?? .infinity) {
                best = (index, distance)
            }
        }
        guard let best else { return nil }
        let tare = lifted.remove(at: best.index)
        active[id] = tare
        return tare
    }

    /// A contact lifted (or was cancelled): its tare is remembered at the
    /// position where it was tared.
    public mutating func contactUp(id: Int) {
        if let tare = active.removeValue(forKey: id) {
            lifted.append(tare)
            // Only the most recent positions are worth remembering.
            if lifted.count > Self.maxRemembered { lifted.removeFirst(lifted.count - Self.maxRemembered) }
        }
    }

    /// The zero of contact `id`: its tare force, 0 if it is not tared.
    public func tare(for id: Int) -> Double {
        activeTare(id: id)?.force ?? 0
    }

    /// The tare of contact `id` on the screen. An empty book is not
    /// searched: no hashing for the untared contacts of every event.
    func activeTare(id: Int) -> Tare? {
        active.isEmpty ? nil : active[id]
    }

    /// Whether contact `id` has a tare.
    public func isTared(_ id: Int) -> Bool {
        active[id] != nil
    }

    /// The force to display: smoothed force minus the contact's tare. May be
    /// negative (an object lifted a little after taring shows "-1.2%").
    public func displayed(id: Int, force: Double) -> Double {
        force - tare(for: id)
    }

    /// The value that sizes the circle: the displayed force clamped to 0...1.
    public func radiusValue(id: Int, force: Double) -> Double {
        min(max(displayed(id: id, force: force), 0), 1)
    }
}
