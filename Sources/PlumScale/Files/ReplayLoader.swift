import Foundation
import PlumScaleCore

/// Reads a replay file of either kind: JSON Lines, or an evemu recording
/// (recognised by its `# EVEMU` header, or a first line `N: name`).
public enum ReplayLoader {
    /// Reads the whole replay into memory (tests, the bench's comparison):
    /// the same streamed reading, its events gathered in an array.
    public static func load(path: String, description: String? = nil) throws -> Replay {
        let source = try open(path: path, description: description)
        var events: [InputEvent] = []
        let warnings = try stream(source, into: &events)
        return Replay(device: source.device, events: events, warnings: warnings)
    }

    /// A replay file about to be streamed: its kind and its device, read
    /// from its head (a header line, the first pressure that varies, an
    /// evemu description).
    public struct Source: Sendable {
        public var path: String
        /// `--device-description`: the evemu description in a file of its own.
        public var description: String?
        public var format: Format
        public var device: ReplayDevice
    }

    /// Looks at the replay at `path` (and its description) without reading
    /// it all: what it is and its device.
    public static func open(path: String, description: String? = nil) throws -> Source {
        if let description {
            let device = try EvemuStream.device(lines: lines(description, lenient: true, what: nil), file: description)
            return Source(path: path, description: description, format: .evemu, device: device)
        }
        let format = try format(path: path)
        switch format {
        case .evemuEventsOnly:
            throw InputFileError(
                file: path, line: 1,
                "expected a replay, found the events of an evemu recording without its device: "
                    + "give the description with --device-description FILE")
        case .evemu:
            let reader = try lines(path, lenient: true)
            let device = try EvemuStream.device(lines: reader, file: path)
            if let failure = reader.failure { throw failure }
            return Source(path: path, description: nil, format: .evemu, device: device)
        case .jsonLines:
            if let device = try declaredDevice(path: path) {
                return Source(path: path, description: nil, format: .jsonLines, device: device)
            }
            let reader = try lines(path)
            var scan = ModeScan(reader: reader)
            let scanned = try JSONLinesReplay.parse(lines: reader, file: path, into: &scan)
            if let failure = reader.failure { throw failure }
            return Source(path: path, description: nil, format: .jsonLines, device: scanned.device)
        }
    }

    /// Every event of `source`, handed to `sink` as its line is read (the
    /// memory of a few lines, whatever the file's length); the warnings
    /// (JSON Lines' clamped values, unknown ids). `reading` is given each
    /// file's reader as it opens, so a consumer can stop the reading.
    public static func stream<Sink: ReplayEventSink>(
        _ source: Source, into sink: inout Sink, reading: (LineReader) -> Void = { _ in }
    ) throws -> [String] {
        switch source.format {
        case .jsonLines, .evemuEventsOnly:
            let reader = try lines(source.path)
            reading(reader)
            let parsed = try JSONLinesReplay.parse(lines: reader, file: source.path, into: &sink)
            if let failure = reader.failure { throw failure }
            return parsed.warnings
        case .evemu:
            var stream = EvemuStream(file: source.description ?? source.path)
            let first = try lines(source.description ?? source.path, lenient: true, what: source.description == nil ? replayFile : nil)
            reading(first)
            for line in first { try stream.line(line, into: &sink) }
            if let failure = first.failure { throw failure }
            if source.description != nil {
                try stream.events(from: source.path)
                let events = try lines(source.path, lenient: true)
                reading(events)
                for line in events { try stream.line(line, into: &sink) }
                if let failure = events.failure { throw failure }
            }
            _ = try stream.finish()
            return []
        }
    }

    /// The first pass over a JSON Lines replay without a header that
    /// declares its pressure: counts events without keeping them, and ends
    /// the reading at the first pressure that is neither 0 nor 1, which
    /// settles the mode (force) whatever the rest of the file holds.
    struct ModeScan: ReplayEventSink {
        let reader: LineReader
        private(set) var count = 0
        var isEmpty: Bool { count == 0 }
        mutating func append(_ event: InputEvent) {
            count += 1
            switch event.kind {
            case .touchDown(let sample), .touchMove(let sample):
                if let pressure = sample.pressure, pressure != 0, pressure != 1 { reader.stop() }
            default: break
            }
        }
    }

    public static let replayFile = "a replay file: JSON Lines or evemu"

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

    /// The lines of a replay, read as they are parsed; `lenient` for evemu
    /// (bytes that are not UTF-8 read as U+FFFD).
    /// `what` the file should be, for the error (nil: the reason alone).
    public static func lines(_ path: String, lenient: Bool = false, what: String? = replayFile) throws -> LineReader {
        do throws(InputFileProblem) {
            return try LineReader(path: path, lenient: lenient)
        } catch {
            throw InputFileError(file: path, what.map { "\(error.reason) (expected \($0))" } ?? error.reason)
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
