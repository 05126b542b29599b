import Testing

@testable import PlumScaleCore
@testable import PlumScaleTestSupport

extension WeighingTests {
    /// The noise median's window: after any run of values entering and
    /// leaving (NaNs among them), it holds exactly the window's values other
    /// than NaN, in ascending order.
    @Suite struct SortedWindowTests {
        @Test(arguments: [1, 2, 5, 16])
        func slidingKeepsTheWindowSortedAndWhole(capacity: Int) {
            var generator = SplitMix64(seed: UInt64(40 + capacity))
            var sorted = SortedWindow(capacity: capacity)
            var window: [Double] = []
            for step in 0..<4_000 {
                // Few distinct levels, so equal values are common; now and then a NaN.
                let value = step % 97 == 0 ? Double.nan : Double(Int.random(in: 0...12, using: &generator)) / 8
                if window.count < capacity {
                    sorted.insert(value)
                } else {
                    sorted.replace(window.removeFirst(), with: value)
                }
                window.append(value)
                #expect(sorted.values == window.filter { !$0.isNaN }.sorted())
                #expect(sorted.nanCount == window.filter(\.isNaN).count)
            }
            while let oldest = window.first {
                sorted.remove(oldest)
                window.removeFirst()
                #expect(sorted.values == window.filter { !$0.isNaN }.sorted())
            }
            #expect(sorted.nanCount == 0)
        }
    }
}
