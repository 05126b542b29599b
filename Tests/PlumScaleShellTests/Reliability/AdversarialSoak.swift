import Foundation

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// Hostile input, in phases that repeat: a crowd of over 100 contacts, reused
/// ids, downs never lifted, ups and moves for ids never down, NaN, infinite,
/// negative and huge pressures and positions, times going backwards, key
/// storms, resizes and device loss.
struct AdversarialInput {
    var rng: SplitMix64
    var clock = 0.0
    var count = 0

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }

    mutating func hostileNumber() -> Double {
        switch Int.random(in: 0..<12, using: &rng) {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return -Double.random(in: 0...1e6, using: &rng)
        case 4: return Double.random(in: 1...1e300, using: &rng)
        case 5: return Double(bitPattern: rng.next())
        case 6: return -0.0
        case 7: return .leastNonzeroMagnitude
        default: return Double.random(in: 0...1, using: &rng)
        }
    }

    mutating func id(phase: Int) -> Int {
        switch phase {
        case 0: return Int.random(in: 0..<160, using: &rng)  // a crowd: > 100 at once
        case 1: return Int.random(in: 0..<4, using: &rng)  // ids reused all the time
        default:
            return chance(0.05) ? Int(truncatingIfNeeded: rng.next()) : Int.random(in: 0..<40, using: &rng)
        }
    }

    /// Time: mostly forward by up to 2 ms, sometimes backwards by up to a
    /// second, rarely NaN, infinite or negative; a pause of 0–30 s now and then
    /// (longer than the contact timeout, so forgotten downs expire).
    mutating func time() -> Double {
        let r = Double.random(in: 0..<1, using: &rng)
        if r < 0.0005 { return [.nan, .infinity, -.infinity, -5][Int.random(in: 0..<4, using: &rng)] }
        if r < 0.02 { return max(0, clock - Double.random(in: 0...1, using: &rng)) }
        if r < 0.02003 { clock += Double.random(in: 0...30, using: &rng) }
        clock += Double.random(in: 0...0.002, using: &rng)
        return clock
    }

    mutating func sample(phase: Int) -> TouchSample {
        let hostile = chance(0.1)
        return TouchSample(
            id: id(phase: phase),
            x: hostile && chance(0.5) ? hostileNumber() : Double.random(in: 0...1, using: &rng),
            y: hostile && chance(0.5) ? hostileNumber() : Double.random(in: 0...1, using: &rng),
            pressure: chance(0.1) ? nil : (hostile ? hostileNumber() : Double.random(in: 0...1, using: &rng)),
            touchMajor: chance(0.5) ? nil : (hostile ? hostileNumber() : Double.random(in: 0...1, using: &rng)))
    }

    static let keys = ["space", "t", "c", "return", "tab", "up", "down", "left", "right", "h", "backspace", "1", ""]

    mutating func next() -> InputEvent {
        count += 1
        // Phases of 20,000 events: crowd, reused ids, key storm, mixed.
        let phase = (count / 20_000) % 4
        let t = time()
        if phase == 2, chance(0.8) {
            let name = Self.keys[Int.random(in: 0..<Self.keys.count, using: &rng)]
            let mods = Modifiers(rawValue: Int.random(in: 0..<8, using: &rng))
            return InputEvent(time: t, chance(0.5) ? .keyDown(Key(name: name), modifiers: mods) : .keyUp(Key(name: name), modifiers: mods))
        }
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<30: return InputEvent(time: t, .touchDown(sample(phase: phase)))
        case 30..<75: return InputEvent(time: t, .touchMove(sample(phase: phase)))
        // Fewer ups than downs: many contacts are never lifted.
        case 75..<82: return InputEvent(time: t, .touchUp(id: id(phase: phase)))
        case 82..<85: return InputEvent(time: t, .touchCancel(id: id(phase: phase)))
        case 85..<88: return InputEvent(time: t, .tick)
        case 88..<89:
            let sizes = [(1280, 720), (720, 1280), (1, 1), (0, 0), (-5, 100), (3000, 2), (100_000, 3), (Int.max, 7), (800, 600)]
            let (w, h) = sizes[Int.random(in: 0..<sizes.count, using: &rng)]
            return InputEvent(time: t, .resize(width: w, height: h))
        case 89..<90:
            let connected = chance(0.5)
            return InputEvent(time: t, .deviceChanged(connected: connected, message: connected ? "" : "Touch device lost (ENODEV)"))
        case 90..<93:
            return InputEvent(
                time: t,
                .pointerDown(
                    x: hostileNumber(), y: hostileNumber(), button: Int.random(in: 0..<4, using: &rng),
                    modifiers: Modifiers(rawValue: Int.random(in: 0..<8, using: &rng))))
        case 93..<95: return InputEvent(time: t, .pointerMove(x: hostileNumber(), y: hostileNumber()))
        case 95..<97:
            return InputEvent(time: t, .pointerUp(x: hostileNumber(), y: hostileNumber(), button: Int.random(in: 0..<4, using: &rng)))
        case 97..<99: return InputEvent(time: t, .wheel(dy: hostileNumber()))
        default:
            let name = Self.keys[Int.random(in: 0..<Self.keys.count, using: &rng)]
            return InputEvent(time: t, .keyDown(Key(name: name), modifiers: []))
        }
    }
}

/// VmRSS of this process in kB, from /proc/self/status.
func residentKilobytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return 0
}
