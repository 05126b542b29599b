import Foundation
import PlumScaleCore

/// Evemu recordings read from files: the core parses text, the shell reads it.
extension EvemuRecording {
    /// Reads and parses the recording at `path`.
    public init(contentsOf path: String) throws(EvemuParseError) {
        try self.init(text: Self.read(path), file: path)
    }

    /// Reads and parses a description file and an events file.
    public init(descriptionPath: String, eventsPath: String) throws(EvemuParseError) {
        try self.init(
            descriptionText: Self.read(descriptionPath), descriptionFile: descriptionPath,
            eventsText: Self.read(eventsPath), eventsFile: eventsPath)
    }

    static func read(_ path: String) throws(EvemuParseError) -> String {
        do throws(InputFileProblem) {
            return String(decoding: try InputFile.read(path, limit: .evemuRecording), as: UTF8.self)
        } catch {
            throw EvemuParseError(file: path, line: 0, reason: error.reason)
        }
    }
}
