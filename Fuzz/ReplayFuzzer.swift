// libFuzzer target: the JSON Lines replay parser (JSONLinesReplay.parse).
// Any input must give either a Replay or an InputFileError naming a line;
// a parsed replay must keep the documented promises (times finite, never
// backwards; x, y, pressure, touch_major clamped to 0...1) and must drive
// the core without trouble. Built by scripts/fuzz.sh with the Core sources.
import Foundation

@testable import PlumScaleCore

@_cdecl("LLVMFuzzerTestOneInput")
public func replayFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let replay: Replay
    do {
        replay = try JSONLinesReplay.parse(text, file: "fuzz.jsonl")
    } catch let error as InputFileError {
        precondition(error.line != nil, "an error without a line: \(error)")
        return 0
    } catch {
        fatalError("not an InputFileError: \(error)")
    }
    FuzzCheck.checkDecoded(replay.events, inOrder: true)
    FuzzCheck.drive(replay.events, source: .replay(replay.device))
    return 0
}
