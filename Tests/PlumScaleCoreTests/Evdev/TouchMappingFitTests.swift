import Testing

@testable import PlumScaleCore

/// The window mapping fitted from SDL's window-position touches paired with
/// the evdev contacts: both streams made here from a known mapping, the way
/// the desktop would give them.
@Suite struct TouchMappingFitTests {
    /// Feeds `count` single-finger touches: device positions on a spread
    /// of the panel, and SDL's window positions through `truth`, jittered
    /// by up to `noise` and delayed by 8 ms.
    static func fit(
        _ truth: TouchMappingFit.AffineMap, count: Int = 20, noise: Double = 0.002, fit: TouchMappingFit = TouchMappingFit()
    ) -> TouchMappingFit {
        var fit = fit
        for i in 0..<count {
            let t = Double(i) * 0.1
            let device = (x: 0.1 + 0.8 * Double((i * 7) % count) / Double(count), y: 0.1 + 0.8 * Double((i * 3) % count) / Double(count))
            fit.noteDevice(TouchFrame(time: t, contacts: [TouchSample(id: 1, x: device.x, y: device.y, pressure: 0.5)]))
            let window = truth.apply(x: device.x, y: device.y)
            let jitter = noise * (Double((i * 5) % 7) / 3 - 1)
            fit.noteWindowTouch(x: window.x + jitter, y: window.y - jitter, time: t + 0.008, touchesDown: 1)
        }
        return fit
    }

    static func close(_ a: TouchMappingFit.AffineMap?, _ b: TouchMappingFit.AffineMap, within: Double = 0.01) -> Bool {
        guard let a else { return false }
        return [a.a - b.a, a.b - b.b, a.c - b.c, a.d - b.d, a.e - b.e, a.f - b.f].allSatisfy { abs($0) < within }
    }

    @Test func aSecondMonitorIsAnOffsetAndAScale() {
        // The touchscreen is the right-hand monitor; the window covers the
        // right half of it and half its height, from its top.
        let truth = TouchMappingFit.AffineMap(a: 2, b: 0, c: -1, d: 0, e: 2, f: 0)
        let fit = Self.fit(truth)
        #expect(Self.close(fit.map, truth), "\(String(describing: fit.map))")
        #expect(fit.residual! < 0.005)
    }

    @Test func aRotatedPanelSwapsItsAxes() {
        // A 2-in-1 turned 90° clockwise: window x = 1 - device y, y = device x.
        let truth = TouchMappingFit.AffineMap(a: 0, b: -1, c: 1, d: 1, e: 0, f: 0)
        let fit = Self.fit(truth)
        #expect(Self.close(fit.map, truth))
        let p = fit.map!.apply(x: 0.25, y: 0.75)
        #expect(abs(p.x - 0.25) < 0.01 && abs(p.y - 0.25) < 0.01)
        // Turned back: the recent pairs take over from the old ones.
        let identity = TouchMappingFit.AffineMap(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0)
        #expect(Self.close(Self.fit(identity, count: TouchMappingFit.keptPairs, fit: fit).map, identity))
    }

    @Test func tooFewOrAmbiguousPairsGiveNoMapping() {
        let truth = TouchMappingFit.AffineMap(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0)
        #expect(Self.fit(truth, count: TouchMappingFit.minimumPairs - 1).map == nil)
        // Two fingers down: which is which is not known, nothing is paired.
        var fit = TouchMappingFit()
        for i in 0..<20 {
            let t = Double(i) * 0.1
            fit.noteDevice(
                TouchFrame(time: t, contacts: [TouchSample(id: 1, x: 0.1, y: 0.2), TouchSample(id: 2, x: Double(i) / 20, y: 0.8)]))
            fit.noteWindowTouch(x: 0.1, y: 0.2, time: t, touchesDown: 2)
        }
        #expect(fit.pairs.isEmpty && fit.map == nil)
        // Streams too far apart in time are not paired either.
        var late = TouchMappingFit()
        late.noteDevice(TouchFrame(time: 0, contacts: [TouchSample(id: 1, x: 0.5, y: 0.5)]))
        late.noteWindowTouch(x: 0.5, y: 0.5, time: 0.2, touchesDown: 1)
        #expect(late.pairs.isEmpty)
    }

    @Test func pairsThatNoMapExplainAreNotTrusted() {
        // SDL's touches wander with no relation to the device: the residual
        // is far above the limit, and no map is given.
        var fit = TouchMappingFit()
        for i in 0..<30 {
            let t = Double(i) * 0.1
            fit.noteDevice(TouchFrame(time: t, contacts: [TouchSample(id: 1, x: Double(i % 5) / 5, y: Double(i % 3) / 3)]))
            fit.noteWindowTouch(x: Double((i * 7) % 11) / 11, y: Double((i * 5) % 13) / 13, time: t, touchesDown: 1)
        }
        #expect(fit.map == nil)
    }

    @Test func udevsCalibrationMatrixReads() {
        // A panel mounted upside down (libinput's documented example).
        #expect(
            TouchMappingFit.AffineMap(calibrationMatrix: "-1 0 1 0 -1 1")
                == TouchMappingFit.AffineMap(a: -1, b: 0, c: 1, d: 0, e: -1, f: 1))
        #expect(TouchMappingFit.AffineMap(calibrationMatrix: "1 0 0 0 1") == nil)
        #expect(TouchMappingFit.AffineMap(calibrationMatrix: "1 0 0 0 1 x") == nil)
        #expect(TouchMappingFit.AffineMap(calibrationMatrix: "1 0 0 0 1 0 0 0 1") == nil)
    }
}
