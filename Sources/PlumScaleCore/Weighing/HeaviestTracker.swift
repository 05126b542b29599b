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

    /// The same, from parallel arrays.
    @discardableResult
    public mutating func update(ids: [Int], forces: [Double], noise: [Double]) -> Int? {
        precondition(forces.count >= ids.count, "a force for every id")
        return ids.withUnsafeBufferPointer { ids in
            forces.withUnsafeBufferPointer { forces in
                noise.withUnsafeBufferPointer { noise in update(ids: ids, forces: forces, noise: noise) }
            }
        }
    }

    /// The same, from parallel buffers (the scale's hot path: no dictionaries, no allocation).
    @discardableResult
    mutating func update(
        ids: UnsafeBufferPointer<Int>, forces: UnsafeBufferPointer<Double>, noise: UnsafeBufferPointer<Double>
    ) -> Int? {
        effectiveMargin = max(margin, noise.max() ?? 0)
        var bestIndex: Int?
        for i in ids.indices {
            if let b = bestIndex, forces[b] > forces[i] || (forces[b] == forces[i] && ids[b] < ids[i]) { continue }
            bestIndex = i
        }
        guard let top = bestIndex else {
            heaviest = nil
            if !tied.isEmpty { tied = [] }
            return nil
        }
        var crown = top
        if let current = heaviest, let c = ids.firstIndex(of: current) {
            crown = ids[top] != current && forces[top] > forces[c] + effectiveMargin ? top : c
        }
        heaviest = ids[crown]
        var newTied: Set<Int> = []
        for i in ids.indices where i != crown && abs(forces[i] - forces[crown]) <= effectiveMargin { newTied.insert(ids[i]) }
        if newTied != tied { tied = newTied }
        return heaviest
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
