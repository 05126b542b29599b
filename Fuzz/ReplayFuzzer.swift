// libFuzzer target: the JSON Lines replay parser (JSONLinesReplay.parse).
// Any input must give either a Replay or an InputFileError naming a line;
// a parsed replay must keep the documented promises (times finite, never
// backwards; x, y, pressure, touch_major clamped to 0...1; no repeated
// key; at most ReplayLimits.openContacts ids down at once) and must drive
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
    // One rule for repeated keys, the config's (JSONValue.firstDuplicateKey):
    // no line of an accepted replay repeats one, whatever the parser's
    // shortcut for lines without one.
    for line in ReplayText.lines(text) {
        let trimmed = ReplayText.trimmed(line)
        guard !trimmed.isEmpty, let value = try? JSONParser.parse(trimmed) else { continue }
        precondition(value.firstDuplicateKey == nil, "a repeated key accepted: \(trimmed.prefix(80))")
    }
    // Never more ids down at once than the bound the parser keeps.
    var open = Set<Int>()
    for event in replay.events {
        switch event.kind {
        case .touchDown(let sample): open.insert(sample.id)
        case .touchUp(let id), .touchCancel(let id): open.remove(id)
        default: break
        }
        precondition(open.count <= ReplayLimits.openContacts, "\(open.count) ids down at once")
    }
    FuzzCheck.drive(replay.events, source: .replay(replay.device))
    return 0
}
