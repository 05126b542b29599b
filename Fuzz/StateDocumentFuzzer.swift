// libFuzzer target: the state-document writer, round-tripped. The bytes
// become input events (any ids, any Double bit patterns: NaN, infinities,
// huge and negative values; times going backwards; resizes, keys, device
// loss), applied to an AppState; stateDocument().prettyText must parse
// with JSONSerialization and agree with the state.
import Foundation

@testable import PlumScaleCore

@_cdecl("LLVMFuzzerTestOneInput")
public func stateDocumentFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = FuzzBytes(UnsafeBufferPointer(start: data, count: size))
    let modes: [ForceMode] = [.force, .area, .position]
    let mode = modes[Int(bytes.byte()) % 3]
    let name = bytes.string(max: 12)
    var state = AppState(
        screen: Size(Double(Int(bytes.byte()) * 8 + 1), Double(Int(bytes.byte()) * 8 + 1)),
        source: InputSource(kind: "replay", deviceName: name, mode: mode, detectsForce: bytes.byte() & 1 == 1),
        mouseEmulation: bytes.byte() & 1 == 1)
    var events: [InputEvent] = []
    while !bytes.isEmpty {
        events.append(bytes.event())
    }
    FuzzCheck.drive(events, state: &state)
    FuzzCheck.roundTrip(state)
    return 0
}
