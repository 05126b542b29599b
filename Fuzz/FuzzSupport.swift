// Shared by the fuzz targets: turning bytes into events, and the checks
// every target applies to the core it drives.
import Foundation

@testable import PlumScaleCore

#if canImport(Glibc)
    import Glibc
#endif

struct FuzzBytes {
    var rest: [UInt8]
    init(_ buffer: UnsafeBufferPointer<UInt8>) { rest = Array(buffer.reversed()) }
    init(_ array: [UInt8]) { rest = Array(array.reversed()) }
    var isEmpty: Bool { rest.isEmpty }
    mutating func byte() -> UInt8 { rest.popLast() ?? 0 }
    mutating func u64() -> UInt64 {
        var v: UInt64 = 0
        for _ in 0..<8 { v = v << 8 | UInt64(byte()) }
        return v
    }
    /// Mostly ordinary values, sometimes a raw bit pattern (NaN, inf, huge).
    mutating func double() -> Double {
        let tag = byte()
        switch tag % 8 {
        case 0: return Double(bitPattern: u64())
        case 1: return [Double.nan, .infinity, -.infinity, -1, 1e308, -1e308, 0, 1][Int(byte()) % 8]
        default: return Double(byte()) / 200  // 0...1.275
        }
    }
    mutating func int() -> Int {
        let tag = byte()
        switch tag % 4 {
        case 0: return Int(bitPattern: UInt(u64()))
        default: return Int(byte() % 16)
        }
    }
    mutating func string(max: Int) -> String {
        let count = Int(byte()) % (max + 1)
        return String(decoding: (0..<count).map { _ in byte() }, as: UTF8.self)
    }
    mutating func sample() -> TouchSample {
        TouchSample(
            id: int(), x: double(), y: double(),
            pressure: byte() & 1 == 0 ? double() : nil,
            touchMajor: byte() & 1 == 0 ? double() : nil)
    }
    mutating func event() -> InputEvent {
        let time = double()
        let kind: InputEvent.Kind
        switch byte() % 14 {
        case 0, 1: kind = .touchDown(sample())
        case 2, 3: kind = .touchMove(sample())
        case 4: kind = .touchUp(id: int())
        case 5: kind = .touchCancel(id: int())
        case 6:
            kind = .keyDown(
                Key(name: ["space", "escape", "c", "t", string(max: 4)][Int(byte()) % 5]),
                modifiers: Modifiers(rawValue: Int(byte() % 8)))
        case 7: kind = .keyUp(Key(name: string(max: 4)), modifiers: [])
        case 8:
            kind = .pointerDown(
                x: double(), y: double(), button: Int(byte() % 4),
                modifiers: Modifiers(rawValue: Int(byte() % 8)))
        case 9: kind = .pointerMove(x: double(), y: double())
        case 10: kind = .pointerUp(x: double(), y: double(), button: Int(byte() % 4))
        case 11: kind = .wheel(dy: double())
        case 12: kind = .resize(width: int(), height: int())
        default: kind = byte() & 1 == 0 ? .tick : .deviceChanged(connected: byte() & 1 == 0, message: string(max: 20))
        }
        return InputEvent(time: time, kind)
    }
}

enum FuzzCheck {
    /// What a parser promises of the events it hands on: finite times (in
    /// order, where the format requires it), positions and forces in 0...1.
    static func checkDecoded(_ events: [InputEvent], inOrder: Bool) {
        var last = 0.0
        for event in events {
            precondition(event.time.isFinite, "non-finite event time")
            precondition(event.time >= 0 && event.time <= ReplayLimits.maximumTime, "event time outside 0...1e9 s")
            if inOrder {
                precondition(event.time >= last, "time went backwards")
                last = event.time
            }
            switch event.kind {
            case .touchDown(let s), .touchMove(let s):
                for v in [s.x, s.y] { precondition((0...1).contains(v), "position outside 0...1") }
                for v in [s.pressure, s.touchMajor].compactMap({ $0 }) {
                    precondition((0...1).contains(v), "pressure/touch_major outside 0...1")
                }
            default: break
            }
        }
    }

    static func drive(_ events: [InputEvent], source: InputSource) {
        var state = AppState(screen: Size(1280, 720), source: source)
        drive(events, state: &state)
        roundTrip(state)
    }

    static func drive(_ events: [InputEvent], state: inout AppState) {
        for (i, event) in events.enumerated() {
            state.apply(event)
            if i % 64 == 0 { _ = state.scene() }
        }
        _ = state.scene()
    }

    /// The state document parses back with JSONSerialization and agrees
    /// with the state it describes.
    static func roundTrip(_ state: AppState) {
        let text = state.stateDocument().prettyText
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)),
            let document = object as? [String: Any]
        else {
            fatalError("the state document is not valid JSON:\n\(text)")
        }
        guard let contacts = document["contacts"] as? [Any], contacts.count == state.scale.board.contacts.count else {
            fatalError("the state document's contacts disagree with the state:\n\(text)")
        }
        for case let contact as [String: Any] in contacts {
            // Positions are clamped to the screen: never null (NaN) in the document.
            guard contact["x"] is NSNumber, contact["y"] is NSNumber, contact["radius"] is NSNumber else {
                fatalError("a contact without a finite position or radius:\n\(text)")
            }
        }
        guard let size = document["size"] as? [Any], size.count == 2 else {
            fatalError("the state document has no size:\n\(text)")
        }
    }
}

/// The file's bytes by read(2) (FileManager.contents leaks inside
/// Foundation under LeakSanitizer); nil when it cannot be opened.
func fileBytes(_ path: String) -> Data? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n <= 0 { return data }
        data.append(contentsOf: chunk[0..<n])
    }
}

/// Writes `data` to a new file at `path` by write(2).
func writeBytes(_ data: Data, to path: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { return }
    defer { close(fd) }
    data.withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) }
}
