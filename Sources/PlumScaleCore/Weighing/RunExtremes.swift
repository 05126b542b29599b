/// The lowest and highest value of a queue of numbered samples that join at
/// the newest end and leave at the oldest: two monotonic queues, O(1)
/// amortised a sample. `StabilityTracker` reads them to confirm that a run
/// still fits its band without scanning the run.
struct RunExtremes: Equatable, Sendable {
    private struct Entry: Equatable, Sendable {
        var number: Int
        var value: Double
    }
    /// Candidates for the highest value: values falling, oldest first, from `highsStart`.
    private var highs: [Entry] = []
    private var highsStart = 0
    /// Candidates for the lowest value: values rising, oldest first, from `lowsStart`.
    private var lows: [Entry] = []
    private var lowsStart = 0

    /// The highest and lowest value held, nil when empty.
    var high: Double? { highsStart < highs.count ? highs[highsStart].value : nil }
    var low: Double? { lowsStart < lows.count ? lows[lowsStart].value : nil }

    /// Sample `number` joined, newer than every sample held. Not for NaN.
    mutating func append(number: Int, value: Double) {
        while highs.count > highsStart, highs[highs.count - 1].value <= value { highs.removeLast() }
        highs.append(Entry(number: number, value: value))
        while lows.count > lowsStart, lows[lows.count - 1].value >= value { lows.removeLast() }
        lows.append(Entry(number: number, value: value))
    }

    /// The samples numbered below `number` left.
    mutating func drop(below number: Int) {
        while highsStart < highs.count, highs[highsStart].number < number { highsStart += 1 }
        while lowsStart < lows.count, lows[lowsStart].number < number { lowsStart += 1 }
        if highsStart >= 32, highsStart * 2 >= highs.count {
            highs.removeFirst(highsStart)
            highsStart = 0
        }
        if lowsStart >= 32, lowsStart * 2 >= lows.count {
            lows.removeFirst(lowsStart)
            lowsStart = 0
        }
    }

    mutating func removeAll() {
        highs.removeAll(keepingCapacity: true)
        lows.removeAll(keepingCapacity: true)
        highsStart = 0
        lowsStart = 0
    }
}
