/// evemu recordings as replays: decoded with the same multitouch decoder as
/// live evdev input.
enum EvemuReplay {
    static func replay(text: String, file: String) throws -> Replay {
        throw InputFileError(file: file, line: 1, "evemu recordings are not supported yet")
    }
}
