/// The values of a sliding window kept in ascending order as they come and
/// go (a binary search and a short move each), so its median is read rather
/// than sorted for. NaNs have no order: they are only counted, and while any
/// is in the window the caller sorts the window itself instead.
struct SortedWindow: Equatable, Sendable {
    /// The window's values other than NaN, ascending.
    private(set) var values: [Double] = []
    /// How many NaNs the window holds.
    private(set) var nanCount = 0

    init(capacity: Int) {
        values.reserveCapacity(capacity)
    }

    /// A value entered the window.
    mutating func insert(_ value: Double) {
        if value.isNaN {
            nanCount += 1
        } else {
            values.insert(value, at: firstIndex(notBelow: value))
        }
    }

    /// A value left the window (it must be one that entered).
    mutating func remove(_ value: Double) {
        if value.isNaN {
            nanCount -= 1
        } else {
            values.remove(at: firstIndex(notBelow: value))
        }
    }

    /// `old` left the window as `new` entered: one pass that slides the
    /// values between the two places.
    mutating func replace(_ old: Double, with new: Double) {
        guard !old.isNaN, !new.isNaN else {
            remove(old)
            insert(new)
            return
        }
        var i = firstIndex(notBelow: old)
        while i + 1 < values.count, values[i + 1] < new {
            values[i] = values[i + 1]
            i += 1
        }
        while i > 0, values[i - 1] > new {
            values[i] = values[i - 1]
            i -= 1
        }
        values[i] = new
    }

    /// The first position whose value is not below `value`.
    private func firstIndex(notBelow value: Double) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
