import Foundation

/// Reads a replay file of either kind: JSON Lines, or an evemu recording
/// (recognised by its `# EVEMU` header, or a first line `N: name`).
public enum ReplayLoader {
    public static func load(path: String) throws -> Replay {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputFileError(file: path, "cannot be read (expected a replay file: JSON Lines or evemu)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw InputFileError(file: path, "expected UTF-8 text (JSON Lines or evemu), found binary data")
        }
        if isEvemu(text) {
            return try EvemuReplay.replay(text: text, file: path)
        }
        return try JSONLinesReplay.parse(text, file: path)
    }

    static func isEvemu(_ text: String) -> Bool {
        if text.hasPrefix("# EVEMU") { return true }
        for line in text.split(separator: "\n", maxSplits: 200) {
            if line.hasPrefix("#") { continue }
            return line.hasPrefix("N:")
        }
        return false
    }
}
