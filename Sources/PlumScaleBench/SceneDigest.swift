import Foundation
import PlumScaleCore

/// `--child scenes:SESSIONS`: a digest of every scene and state document of
/// many sessions, one line each, so that the output of two builds can be
/// compared with `cmp` (a change meant to be faster must draw the very same
/// scenes). The sessions: the bench's own 10-finger stream at several sizes,
/// the sample replays in Resources/sessions, and `SESSIONS` random sessions
/// (touches, keys, taps on the controls drawn, the wheel, ticks) under
/// several configurations, sizes and modes. Run with
/// SWIFT_DETERMINISTIC_HASHING=1 (sets are iterated in hash order).
enum SceneDigest {
    /// FNV-1a, 64 bits, of `text`'s UTF-8.
    static func digest(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    /// One line for the state after an event: the scene (every shape, text,
    /// rectangle, element and label group, exactly as printed by Swift)
    /// and the state document.
    static func line(_ name: String, _ step: Int, _ state: AppState) -> String {
        let scene = state.scene()
        let sceneText = String(describing: scene)
        let document = state.stateDocument().prettyText
        return "\(name) \(step) \(scene.shapes.count) \(String(digest(sceneText), radix: 16)) \(String(digest(document), radix: 16))"
    }

    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    }

    static let keys: [Key] = [
        .character("k"), .character("e"), .character("w"), .character("1"), .character("5"), .character("0"), .character("."),
        .backspace, .enter, .escape, .space, .character("t"), .character("z"), .character("u"), .character("m"),
        .character("n"), .character("p"), .character("r"), .character("o"), .character("l"), .delete, .up, .down, .tab,
        .character("2"), .character("4"), .character("6"), .character("8"),
    ]

    static let sizes = [Size(1280, 720), Size(640, 360), Size(800, 480), Size(1920, 1080), Size(720, 1280), Size(3840, 2160)]

    static func run(sessions: Int, replays: String?) throws {
        var out = ""
        func flush() {
            FileHandle.standardOutput.write(Data(out.utf8))
            out = ""
        }
        // The bench's stream, at three sizes.
        for size in [Size(1280, 720), Size(640, 360), Size(3840, 2160)] {
            var state = BenchWorkload.newState(screen: size)
            for n in 0..<6000 {
                state.apply(BenchWorkload.event(n))
                out += line("bench-\(Int(size.width))", n, state) + "\n"
            }
            flush()
        }
        // The sample replays, every event, at two sizes.
        if let replays {
            let names = try FileManager.default.contentsOfDirectory(atPath: replays).filter { $0.hasSuffix(".jsonl") }.sorted()
            for name in names {
                let text = try String(contentsOfFile: replays + "/" + name, encoding: .utf8)
                let replay = try JSONLinesReplay.parse(text, file: name)
                for size in [Size(1280, 720), Size(800, 480)] {
                    for config in [Config.defaults, calibrated(replay.device.name)] {
                        var state = AppState(screen: size, source: .replay(replay.device), config: config)
                        for (n, event) in replay.events.enumerated() {
                            state.apply(event)
                            out += line("\(name)-\(Int(size.width))", n, state) + "\n"
                        }
                        flush()
                    }
                }
            }
        }
        for session in 0..<sessions {
            randomSession(session, into: &out)
            flush()
        }
    }

    static func calibrated(_ device: String) -> Config {
        Config(calibrations: [device: [CalibrationPoint(force: 0, grams: 0), CalibrationPoint(force: 0.5, grams: 500)]])
    }

    static func randomSession(_ session: Int, into out: inout String) {
        var rng = Random(state: UInt64(7000 + session))
        let device = "Test panel"
        let modes: [ScaleMode] = [.check(low: 100, high: 300), .count(pieceGrams: 12), .percent(referenceGrams: 250)]
        let config: Config
        switch session % 4 {
        case 0: config = .defaults
        case 1: config = calibrated(device)
        case 2: config = Config(calibrations: calibrated(device).calibrations, units: .oz, scaleModes: modes)
        default: config = Config(calibrations: calibrated(device).calibrations, scaleModes: [.weigh] + modes)
        }
        let mode: ForceMode = session % 7 == 5 ? .area : session % 11 == 7 ? .position : .force
        let size = sizes[session % sizes.count]
        var state = AppState(
            screen: size, source: .replay(ReplayDevice(name: device, mode: mode)), config: config, kiosk: session % 9 == 8,
            uiScale: size.width > 3000 ? 3 : nil)
        var t = 0.0
        var down: [Int] = []
        // Mostly touches: the scale screen with many contacts is what is measured.
        let fingers = 3 + session % 12
        for step in 0..<600 {
            t += rng.unit() * 0.1
            let kind: InputEvent.Kind
            switch rng.next() % 100 {
            case 0..<16:
                let id = Int(rng.next() % UInt64(fingers))
                if !down.contains(id) { down.append(id) }
                kind = .touchDown(
                    TouchSample(id: id, x: rng.unit(), y: rng.unit(), pressure: 0.02 + 0.96 * rng.unit(), touchMajor: rng.unit()))
            case 16..<70 where !down.isEmpty:
                let id = down[Int(rng.next() % UInt64(down.count))]
                kind = .touchMove(
                    TouchSample(id: id, x: rng.unit(), y: rng.unit(), pressure: 0.02 + 0.96 * rng.unit(), touchMajor: rng.unit()))
            case 70..<78 where !down.isEmpty:
                let id = down.remove(at: Int(rng.next() % UInt64(down.count)))
                kind = rng.next() % 8 == 0 ? .touchCancel(id: id) : .touchUp(id: id)
            case 78..<86:
                var key = keys[Int(rng.next() % UInt64(keys.count))]
                if key == .escape { key = .enter }  // not quitting
                kind = .keyDown(key, modifiers: [])
            case 86..<90:
                let elements = state.scene().elements
                if elements.isEmpty {
                    kind = .pointerDown(x: rng.unit(), y: rng.unit(), button: 1, modifiers: [])
                } else {
                    let c = elements[Int(rng.next() % UInt64(elements.count))].rect.center
                    kind = .pointerDown(x: c.x / state.layout.size.width, y: c.y / state.layout.size.height, button: 1, modifiers: [])
                }
            case 90..<92:
                kind = .wheel(dy: rng.unit() * 4 - 2)
            default:
                kind = .tick
            }
            state.apply(InputEvent(time: t, kind))
            if case .pointerDown(let x, let y, _, _) = kind { state.apply(InputEvent(time: t, .pointerUp(x: x, y: y, button: 1))) }
            out += line("random-\(session)", step, state) + "\n"
            if !state.running { break }
        }
    }
}
