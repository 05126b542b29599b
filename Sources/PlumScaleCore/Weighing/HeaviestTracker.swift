import Foundation

/// Picks the heaviest contact with hysteresis: the crown passes only when
/// another contact exceeds the current heaviest by more than the margin, so
/// two equal objects with jittery readings never flicker.
public struct HeaviestTracker: Equatable, Sendable {
    /// Least lead, in force units, a contact needs to take the crown
    /// (0.005 = 0.5 points). The measured noise is used when larger.
    public var margin: Double
    /// The current heaviest contact id, nil with no contacts.
    public private(set) var heaviest: Int?
    /// Contacts (other than the heaviest) within the margin of it.
    public private(set) var tied: Set<Int> = []
    /// The margin applied at the last update.
    public private(set) var effectiveMargin: Double

    public init(margin: Double = 0.005) {
        self.margin = margin
        self.effectiveMargin = margin
    }

    /// Updates with every contact's force (the displayed, tared force) and,
    /// optionally, each contact's measured noise (`ForceSmoother.noise`).
    /// Returns the heaviest id.
    @discardableResult
    public mutating func update(forces: [Int: Double], noise: [Int: Double] = [:]) -> Int? {
        effectiveMargin = max(margin, noise.values.max() ?? 0)
        // Highest force; ties broken by the lower id for determinism. One pass.
        var best: (key: Int, value: Double)?
        for (key, value) in forces {
            if let b = best, b.value > value || (b.value == value && b.key < key) { continue }
            best = (key, value)
        }
        guard let top = best else {
            heaviest = nil
            tied = []
            return nil
        }
        var crown = (id: top.key, force: top.value)
        if let current = heaviest, let currentForce = forces[current],
            top.key == current || top.value <= currentForce + effectiveMargin
        {
            crown = (current, currentForce)
        }
        heaviest = crown.id
        tied = Set(forces.filter { $0.key != crown.id && abs($0.value - crown.force) <= effectiveMargin }.keys)
        return crown.id
    }

    /// One weighed contact: its id, its displayed force and its measured noise.
    public struct Candidate: Equatable, Sendable {
        public var id: Int
        public var force: Double
        public var noise: Double

        public init(id: Int, force: Double, noise: Double = 0) {
            self.id = id
            self.force = force
            self.noise = noise
        }
    }

    /// The same, from a list of contacts (the scale's way: no dictionaries).
    @discardableResult
    public mutating func update(_ candidates: [Candidate]) -> Int? {
        effectiveMargin = max(margin, candidates.lazy.map(\.noise).max() ?? 0)
        // Highest force; ties broken by the lower id for determinism.
        var top: Candidate?
        for candidate in candidates {
            if let best = top, best.force > candidate.force || (best.force == candidate.force && best.id < candidate.id) {
                continue
            }
            top = candidate
        }
        guard let top else {
            heaviest = nil
            if !tied.isEmpty { tied = [] }
            return nil
        }
        var crown = top
        if let current = candidates.first(where: { $0.id == heaviest }), !(top.force > current.force + effectiveMargin) {
            crown = current
        }
        heaviest = crown.id
        var newTied: Set<Int> = []
        for candidate in candidates where candidate.id != crown.id && abs(candidate.force - crown.force) <= effectiveMargin {
            newTied.insert(candidate.id)
        }
        if newTied != tied { tied = newTied }
        return crown.id
    }

    /// Whether contact `id` is within the margin of the heaviest (the
    /// heaviest itself counts as tied when any other contact is).
    public func isTied(_ id: Int) -> Bool {
        !tied.isEmpty && (tied.contains(id) || id == heaviest)
    }
}

/// Readings at or above this fraction of the device's range are overload:
/// the object may weigh more than the screen can tell.
public enum Overload {
    /// 98% of range.
    public static let threshold = 0.98

    /// Whether a raw force (0...1 of the device range, untared) is overload.
    public static func isOverload(_ force: Double) -> Bool {
        force >= threshold
    }
}
