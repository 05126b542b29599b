import Foundation
import Testing

@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// Random sessions through every screen, as a person and the store might
/// drive them at once: touches, taps on whatever control is drawn, clicks,
/// keys, the wheel, ticks, and the store's answers (some of them wrong).
/// Whatever the order, the program never crashes, every scene keeps the
/// layout rules, and the state document stays valid JSON. (The first run
/// of such sessions found a crash: a page of rows with fewer labels.)
@Suite struct RandomSessionTests {
    static let keys: [Key] = [
        .character("k"), .character("e"), .character("w"), .character("1"), .character("5"), .character("0"), .character("."),
        .backspace, .enter, .escape, .space, .character("h"), .character("t"), .character("z"), .character("u"), .character("m"),
        .character("n"), .character("p"), .character("r"), .character("o"), .character("l"), .delete, .up, .down, .tab,
        .character("2"), .character("4"), .character("6"), .character("8"),
    ]

    static let calibrated = Config(calibrations: [
        "Test panel": [CalibrationPoint(force: 0, grams: 0), CalibrationPoint(force: 0.5, grams: 500)]
    ])

    static func storeAnswer(_ n: UInt64, step: Int) -> HistoryResult {
        let rows = (1...3).map {
            HistoryRow(
                id: Int64($0), takenAt: Date(timeIntervalSince1970: 1e9 + Double($0)), device: "Test panel", mode: "force",
                objectCount: $0, heaviestForce: 0.5, heaviestGrams: nil)
        }
        switch n % 9 {
        case 0: return .saved(id: Int64(step))
        case 1: return .failed("disk full")
        case 2:
            return .calibrationSaved(
                device: "Test panel", points: [CalibrationPoint(force: 0, grams: 0), CalibrationPoint(force: 0.4, grams: 300)])
        case 3: return .deleted(id: 3)
        case 4: return .weighing(nil)
        case 5: return .eccentricitySaved(device: "Test panel", map: nil)
        case 6:
            return .weighing(Weighing(id: 2, takenAt: Date(timeIntervalSince1970: 1e9), device: "Test panel", mode: "force", objects: []))
        case 7: return .rows(page: 0, rows, labels: ["c", "b", "a"])
        default: return .rows(page: 0, rows, labels: [])  // a store that got it wrong
        }
    }

    @Test(arguments: 0..<8) func aSessionThroughEveryScreenKeepsTheRules(batch: Int) throws {
        var screens: Set<String> = []
        for session in (batch * 6)..<(batch * 6 + 6) {
            var rng = SplitMix64(seed: UInt64(1000 + session))
            func unit() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
            let config = session % 3 == 0 ? Self.calibrated : Config.defaults
            var state = AppState(
                screen: Size(1280, 720), source: .replay(ReplayDevice(name: "Test panel", mode: .force)), config: config,
                kiosk: session % 4 == 3)
            var t = 0.0
            var down: [Int] = []
            for step in 0..<300 {
                t += unit() * 0.3
                let kind: InputEvent.Kind
                switch rng.next() % 100 {
                case 0..<14:
                    let id = Int(rng.next() % 6)
                    down.append(id)
                    kind = .touchDown(TouchSample(id: id, x: unit(), y: unit(), pressure: 0.05 + 0.9 * unit(), touchMajor: unit()))
                case 14..<30 where !down.isEmpty:
                    let id = down[Int(rng.next() % UInt64(down.count))]
                    kind = .touchMove(TouchSample(id: id, x: unit(), y: unit(), pressure: 0.05 + 0.9 * unit(), touchMajor: unit()))
                case 30..<42 where !down.isEmpty:
                    let id = down.remove(at: Int(rng.next() % UInt64(down.count)))
                    kind = rng.next() % 8 == 0 ? .touchCancel(id: id) : .touchUp(id: id)
                case 42..<62:
                    var key = Self.keys[Int(rng.next() % UInt64(Self.keys.count))]
                    if key == .escape, rng.next() % 3 != 0 { key = .enter }  // not quitting at once
                    kind = .keyDown(key, modifiers: rng.next() % 10 == 0 ? [.control, .alt] : [])
                case 62..<70:
                    // A tap or a click on a control drawn now, or anywhere.
                    let elements = state.scene().elements
                    let size = state.layout.size
                    guard !elements.isEmpty, rng.next() % 4 != 0 else {
                        kind = .pointerDown(x: unit(), y: unit(), button: 1, modifiers: [])
                        break
                    }
                    let center = elements[Int(rng.next() % UInt64(elements.count))].rect.center
                    let (x, y) = (center.x / size.width, center.y / size.height)
                    if rng.next() % 2 == 0 {
                        kind = .pointerDown(x: x, y: y, button: 1, modifiers: [])
                    } else {
                        state.apply(InputEvent(time: t, .touchDown(TouchSample(id: 7, x: x, y: y, pressure: 0.3))))
                        t += 0.1
                        kind = .touchUp(id: 7)
                    }
                case 70..<76:
                    kind = .history(Self.storeAnswer(rng.next(), step: step))
                case 76..<78:
                    kind = .wheel(dy: unit() * 4 - 2)
                default:
                    kind = .tick
                }
                state.apply(InputEvent(time: t, kind))
                screens.insert(state.screen.name)
                if step % 10 == 0 {
                    let problems = LayoutCheck.problems(in: state.scene(), metrics: state.metrics)
                    #expect(
                        problems.isEmpty,
                        "session \(session) step \(step) on \(state.screen.name): \(problems); contacts \(state.contactViews.map { ($0.position, $0.radius, $0.label ?? "") }) \(state.layout.size)"
                    )
                    let document = state.stateDocument().prettyText
                    #expect((try? JSONSerialization.jsonObject(with: Data(document.utf8))) != nil, "session \(session) step \(step)")
                }
                if !state.running { break }
            }
        }
        #expect(screens.count >= 3, "the sessions reached \(screens.sorted())")
    }
}
