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

    /// What a replay file holds, judged from its first 64 kB.
    public enum Format: Equatable, Sendable { case jsonLines, evemu, evemuEventsOnly }

    public static func format(path: String) throws -> Format {
        let fd: Int32
        do throws(InputFileProblem) {
            fd = try InputFile.open(path)
        } catch {
            throw InputFileError(file: path, "\(error.reason) (expected a replay file: JSON Lines or evemu)")
        }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 64 * 1024)
        let count = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count >= 0 else {
            throw InputFileError(file: path, "cannot be read (\(String(cString: strerror(errno))))")
        }
        let text = String(decoding: head.prefix(count), as: UTF8.self)
        if EvemuRecording.isEvemu(text) { return .evemu }
        if text.hasPrefix("E: ") { return .evemuEventsOnly }
        return .jsonLines
    }

    /// The lines of a JSON Lines replay, read as they are parsed.
    public static func lines(_ path: String) throws -> LineReader {
        do throws(InputFileProblem) {
            return try LineReader(path: path)
        } catch {
            throw InputFileError(file: path, "\(error.reason) (expected a replay file: JSON Lines or evemu)")
        }
    }

    /// The device of a JSON Lines replay whose first line is a header that
    /// declares "pressure": then the header alone decides the mode. nil
    /// otherwise (the mode depends on what the whole file measured).
    public static func declaredDevice(path: String) throws -> ReplayDevice? {
        let reader = try lines(path)
        guard let first = reader.first(where: { !ReplayText.trimmed($0).isEmpty }),
            let value = try? JSONParser.parse(first), value["plumscale-replay"] != nil,
            case .bool? = value["device"]?["pressure"]
        else { return nil }
        var none: [InputEvent] = []
        return (try? JSONLinesReplay.parse(lines: [first], file: path, into: &none))?.device
    }
}
