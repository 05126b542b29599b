@testable import PlumScaleCore

let smallDescription = """
    # EVEMU 1.3
    # Input device name: "tiny"
    N: tiny pad ®
    I: 0003 056a 005d 0005
    P: 02 00 00 00 00 00 00 00
    B: 00 0b 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 04 00 00 00 00 00 00
    B: 03 00 00 00 00 00 80 61 06
    A: 2f 0 9 0 0
    A: 35 0 1000 4 0 55
    A: 36 0 500 0 0
    A: 39 0 65535 0 0 0
    A: 3a 0 255 0 0

    """

let smallEvents = """
    E: 100.250000 0003 0039 0005\t# EV_ABS / ABS_MT_TRACKING_ID 5
    E: 100.250000 0003 0035 0500
    E: 100.250000 0001 014a 0001
    E: 100.250000 0000 0000 0000
    E: 100.260000 0003 0039 -001
    E: 100.260000 0000 0000 0000

    """

/// The 1-based line number of the line of `text` that starts with `prefix`.
func lineNumber(of prefix: String, in text: String) -> Int {
    text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix(prefix) }! + 1
}

func parseError(_ text: String) -> EvemuParseError? {
    do {
        _ = try EvemuRecording(text: text, file: "bad.evemu")
        return nil
    } catch {
        return error
    }
}

func evemuSample(replacing old: String, with new: String, in text: String = smallDescription + smallEvents) -> String {
    precondition(text.contains(old))
    return text.replacingOccurrences(of: old, with: new)
}
