/// The (time, value) samples of a stability run, oldest first. The oldest
/// leave by moving a start index (the storage is compacted now and then),
/// not by shifting every later sample as Array.removeFirst does.
struct SampleQueue: RandomAccessCollection, Equatable, Sendable {
    struct Sample: Equatable, Sendable {
        var time: Double
        var value: Double
    }
    typealias Element = Sample
    private var storage: [Element] = []
    private var start = 0

    /// Two queues are equal when they hold the same samples, wherever their storage starts.
    static func == (lhs: SampleQueue, rhs: SampleQueue) -> Bool { lhs.elementsEqual(rhs) }

    var startIndex: Int { 0 }
    var endIndex: Int { storage.count - start }
    subscript(position: Int) -> Element { storage[start + position] }

    mutating func append(_ sample: Element) {
        storage.append(sample)
    }

    /// Replaces the value of the newest sample.
    mutating func setNewestValue(_ value: Double) {
        storage[storage.count - 1].value = value
    }

    /// Drops the `count` oldest samples.
    mutating func removeFirst(_ count: Int) {
        precondition(count >= 0 && count <= self.count, "cannot drop more samples than are held")
        start += count
        if start >= 64, start * 2 >= storage.count {
            storage.removeFirst(start)
            start = 0
        }
    }

    mutating func removeAll() {
        storage.removeAll()
        start = 0
    }
}
