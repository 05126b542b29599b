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
    let streamed = stream(text)
    guard let recording = try? EvemuRecording(text: text, file: "fuzz.evemu") else { return 0 }
    // Declared sizes were checked before use: never more slots than evdev allows.
    precondition(recording.device.slotCount <= EvdevLimits.maximumSlots, "too many slots")
    guard let events = try? recording.inputEvents() else { return 0 }
    // The streamed replay (render's and the window's) gives the events and
    // the device that reading the whole text gives (none for a device that
    // cannot weigh, a SEMI_MT pad, in both).
    if let streamed, let whole = try? EvemuReplay.replay(recording, file: "fuzz.evemu") {
        precondition(streamed.events == whole.events, "streamed events differ: \(streamed.events.count) vs \(whole.events.count)")
        precondition(streamed.device.name == recording.device.name, "streamed device differs")
    }
    FuzzCheck.checkDecoded(events, inOrder: false)
    FuzzCheck.drive(
        events,
        source: InputSource(
            kind: "replay", deviceName: recording.device.name,
            mode: recording.device.forceMode))
    return 0
}

/// The recording streamed line by line (EvemuStream), nil when refused.
func stream(_ text: String) -> Replay? {
    var stream = EvemuStream(file: "fuzz.evemu")
    var events: [InputEvent] = []
    do {
        for line in ReplayText.lines(text) { try stream.line(line, into: &events) }
        var replay = try stream.finish()
        replay.events = events
        return replay
    } catch {
        return nil
    }
}
