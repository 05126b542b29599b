// libFuzzer target: the evemu reader (EvemuRecording) and the multitouch
// decoder (inputEvents), the path every recording and live device takes.
// Any input must give events or a typed error, never a trap; decoded
// samples stay in 0...1 and drive the core without trouble.
import Foundation

@testable import PlumScaleCore

@_cdecl("LLVMFuzzerTestOneInput")
public func evemuFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = EvemuRecording.isEvemu(text)
    guard let recording = try? EvemuRecording(text: text, file: "fuzz.evemu") else { return 0 }
    // Declared sizes were checked before use: never more slots than evdev allows.
    precondition(recording.device.slotCount <= EvdevLimits.maximumSlots, "too many slots")
    guard let events = try? recording.inputEvents() else { return 0 }
    FuzzCheck.checkDecoded(events, inOrder: false)
    FuzzCheck.drive(
        events,
        source: InputSource(
            kind: "replay", deviceName: recording.device.name,
            mode: recording.device.forceMode))
    return 0
}
