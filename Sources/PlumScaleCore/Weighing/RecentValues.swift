/// The last `capacity` values that came, oldest first. Once full, a new
/// value takes the oldest one's place in the storage: nothing shifts, as
/// every later value would for Array.removeFirst (a sample's whole window
/// moved on every force event).
struct RecentValues: Equatable, Sendable {
    let capacity: Int
    private var storage: [Double] = []
    /// Where the oldest value is in `storage` once it is full.
    private var oldest = 0

    init(capacity: Int) {
        precondition(capacity > 0, "a window holds at least one value")
        self.capacity = capacity
        storage.reserveCapacity(capacity)
    }

    var count: Int { storage.count }

    /// The values, oldest first.
    var values: [Double] { Array(storage[oldest...] + storage[..<oldest]) }

    /// Adds `value` as the newest; returns the oldest, which it pushed out
    /// of a full window (nil while there was room).
    mutating func append(_ value: Double) -> Double? {
        guard storage.count == capacity else {
            storage.append(value)
            return nil
        }
        let pushedOut = storage[oldest]
        storage[oldest] = value
        oldest = oldest + 1 == capacity ? 0 : oldest + 1
        return pushedOut
    }

    /// Two windows are equal when they hold the same values in the same
    /// order, wherever their storage starts.
    static func == (lhs: RecentValues, rhs: RecentValues) -> Bool {
        guard lhs.capacity == rhs.capacity else { return false }
        // Started alike: the storage says it (as the array of values did,
        // NaNs and shared storage included).
        if lhs.oldest == rhs.oldest { return lhs.storage == rhs.storage }
        return lhs.values == rhs.values
    }
}
