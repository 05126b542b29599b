import Foundation
import PlumScaleCore

/// Reads a replay file of either kind: JSON Lines, or an evemu recording
/// (recognised by its `# EVEMU` header, or a first line `N: name`).
public enum ReplayLoader {
    /// `description`: an evemu device description kept in a separate file
    /// (for recordings that hold only `E:` lines).
    public static func load(path: String, description: String? = nil) throws -> Replay {
        if let description {
            do {
                let recording = try EvemuRecording(descriptionPath: description, eventsPath: path)
                return try EvemuReplay.replay(recording, file: path)
            } catch let error as EvemuParseError {
                throw EvemuReplay.inputFileError(error)
            }
        }
        let data: Data
        do throws(InputFileProblem) {
            data = try InputFile.read(path)
        } catch {
            throw InputFileError(file: path, "\(error.reason) (expected a replay file: JSON Lines or evemu)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw InputFileError(file: path, "expected UTF-8 text (JSON Lines or evemu), found binary data")
        }
        if EvemuRecording.isEvemu(text) {
            do {
                return try EvemuReplay.replay(EvemuRecording(text: text, file: path), file: path)
            } catch let error as EvemuParseError {
                throw EvemuReplay.inputFileError(error)
            }
        }
        if text.hasPrefix("E: ") {
            throw InputFileError(
                file: path, line: 1,
                "expected a replay, found the events of an evemu recording without its device: "
                    + "give the description with --device-description FILE")
        }
        return try JSONLinesReplay.parse(text, file: path)
    }
}
