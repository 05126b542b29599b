/// An evemu recording replayed line by line: each `E:` line is decoded by
/// the multitouch decoder and its touch events handed on as the line is
/// read, so a recording of any length replays in the memory of its
/// description (`EvemuRecording` holds every event; this holds none).
/// Time 0 is the first event, as in `EvemuRecording`; the description may
/// come from a file of its own, whose events (if any) come first.
public struct EvemuStream {
    private var description: EvemuParser
    private var events: EvemuParser?
    private var decoder: MultitouchDecoder?
    private var converter = TouchFrameConverter()
    private var start: (seconds: Int, fraction: Double)?
    private var lines = 0
    private var blank = true
    /// The file being read (the description's, then the events').
    private var file: String

    /// `file` holds the description and its events.
    public init(file: String) {
        description = EvemuParser(file: file)
        description.keepsEvents = false
        self.file = file
    }

    /// The device of a recording: its description lines, read up to the
    /// first event (the rest of the file is not read).
    public static func device<Lines: Sequence>(lines: Lines, file: String) throws -> ReplayDevice
    where Lines.Element: StringProtocol {
        var parser = EvemuParser(file: file)
        parser.keepsEvents = false
        var number = 0
        var blank = true
        for raw in lines {
            number += 1
            let line = Self.chomp(raw)
            if line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("E:") { break }
            if !line.allSatisfy(\.isWhitespace) { blank = false }
            do { try parser.parseLine(line, number) } catch { throw EvemuReplay.inputFileError(error) }
        }
        do {
            try parser.finish(lines: number, blank: blank)
            return try Self.replayDevice(parser.describedDevice(number), file: file)
        } catch let error as EvemuParseError {
            throw EvemuReplay.inputFileError(error)
        }
    }

    static func replayDevice(_ device: TouchDeviceDescription, file: String) throws -> ReplayDevice {
        do {
            _ = try MultitouchDecoder(device: device)
        } catch {
            throw InputFileError(file: file, error.description)
        }
        return EvemuReplay.replayDevice(device)
    }

    /// The line without its LF's CR (CRLF files).
    static func chomp<S: StringProtocol>(_ line: S) -> Substring {
        let line = Substring(line)
        return line.last == "\r" ? line.dropLast() : line
    }

    /// Parses the next line of the file being read (the description's, or
    /// after `events(from:)` the events'), handing its touch events to `sink`.
    public mutating func line<S: StringProtocol, Sink: ReplayEventSink>(_ raw: S, into sink: inout Sink) throws {
        lines += 1
        let line = Self.chomp(raw)
        if blank, !line.allSatisfy(\.isWhitespace) { blank = false }
        do {
            if events == nil {
                try description.parseLine(line, lines)
                if description.eventCount > 0, decoder == nil { try startDecoding(description) }
                if let last = description.lastEvent, description.eventCount > handled { try decode(last, into: &sink) }
            } else {
                try events?.parseLine(line, lines)
                if let parser = events, let last = parser.lastEvent, parser.eventCount > handled {
                    // The events must not start before the description's last one.
                    if handled == 0, let before = description.lastEvent, (last.seconds, last.fraction) < (before.seconds, before.fraction) {
                        throw InputFileError(file: file, line: lines, "events start before the last event of \(description.file)")
                    }
                    try decode(last, into: &sink)
                }
            }
        } catch let error as EvemuParseError {
            throw EvemuReplay.inputFileError(error)
        }
    }

    /// Events decoded so far (of the current file).
    private var handled = 0
    /// The device cannot weigh (SEMI_MT): its events are read, not decoded.
    private var refused = false

    private mutating func startDecoding(_ parser: EvemuParser) throws {
        let device = try parser.describedDevice(lines)
        try parser.checkDevice()
        do {
            decoder = try MultitouchDecoder(device: device)
            refused = device.weighingRefusal != nil
        } catch {
            throw InputFileError(file: file, error.description)
        }
    }

    private mutating func decode<Sink: ReplayEventSink>(
        _ item: (seconds: Int, fraction: Double, event: KernelEvent), into sink: inout Sink
    ) throws {
        handled += 1
        let origin = start ?? (item.seconds, item.fraction)
        start = origin
        var event = item.event
        // Whole seconds and fractions subtract separately, so time 0 is exact.
        event.time = Double(item.seconds - origin.seconds) + (item.fraction - origin.fraction)
        // A device that cannot weigh gives no contacts (as `EvemuReplay`).
        if refused { return }
        if let frame = decoder?.feed(event) {
            for input in converter.events(for: frame) { sink.append(input) }
        }
    }

    /// The description's file ended: the events' file `file` follows (it
    /// may repeat a description, which is checked and not used).
    public mutating func events(from file: String) throws {
        try endOfDescription()
        var parser = EvemuParser(file: file, descriptionOptional: true)
        parser.keepsEvents = false
        events = parser
        self.file = file
        lines = 0
        blank = true
        handled = 0
    }

    private mutating func endOfDescription() throws {
        do {
            try description.finish(lines: lines, blank: blank)
        } catch {
            throw EvemuReplay.inputFileError(error)
        }
        if decoder == nil { try startDecoding(description) }
    }

    /// The end of the last file: its checks, and the replay's device (no events).
    public mutating func finish() throws -> Replay {
        if var parser = events {
            do {
                try parser.finish(lines: lines, blank: blank)
            } catch {
                throw EvemuReplay.inputFileError(error)
            }
            events = parser
        } else {
            try endOfDescription()
        }
        do {
            return Replay(device: EvemuReplay.replayDevice(try description.describedDevice(lines)), events: [])
        } catch {
            throw EvemuReplay.inputFileError(error)
        }
    }
}
