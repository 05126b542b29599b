import Foundation

/// An evemu recording: a device description and its kernel events, read by a
/// pure Swift parser (`EvemuParser`).
///
/// Why not Debian's libevemu (2.7.0, evemu_read + evemu_read_event)? It was
/// evaluated with a small C program on the four recordings in
/// shared/recordings and on broken copies of nexus4-pressure.evemu. It reads
/// all four valid files correctly (including `A:` lines with and without a
/// resolution, the 1.1 format and ntrig's file that starts with `N:` and has
/// no `# EVEMU` header), but it cannot give the error the app must print
/// (file, LINE, reason):
/// - it never reports a line number; the reason only goes to stderr
///   ("FATAL: Invalid event format: E: 75.351250 0003 00",
///   "FATAL: Expected device name, but got: E: 75.280046 ...") and the
///   caller just gets -1 with errno 0;
/// - a garbage line among the events ("garbage here") is skipped silently:
///   evemu_read_event goes on and returns the next event;
/// - `E: 75.36 0003 0035 99999999999` is accepted and the value silently
///   wraps to 1215752191;
/// - after a failed `A:` line ("A: 35 zero 1535 0 0") the device keeps a
///   half-parsed axis (ABS_MT_POSITION_X max 1).
/// Hence this parser, with the same format rules and a precise error.
public struct EvemuRecording: Sendable {
    /// The recorded device.
    public var device: TouchDeviceDescription
    /// The events, their time in seconds from the first event (time 0).
    public var events: [KernelEvent]
    /// The first event's original timestamp (seconds), 0 without events.
    public var firstTimestamp: Double

    /// Seconds from the first event to the last.
    public var duration: Double { events.last?.time ?? 0 }

    /// Whether `text` is an evemu recording: it starts with `# EVEMU`, or its
    /// first line that is not a comment or blank starts with `N:`.
    public static func isEvemu(_ text: String) -> Bool {
        if text.hasPrefix("# EVEMU") { return true }
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            return trimmed.hasPrefix("N:")
        }
        return false
    }

    /// Parses a recording held in one text; `file` names it in errors.
    public init(text: String, file: String) throws(EvemuParseError) {
        var parser = EvemuParser(file: file)
        try parser.parse(text)
        self.init(device: try parser.describedDevice(1), parsed: parser.events)
    }

    /// Parses a recording whose description and events are two texts (like
    /// xorg-integration-tests' `n4.desc` + `n4.events`). The events text may
    /// repeat a description; the first text's one is used.
    public init(
        descriptionText: String, descriptionFile: String,
        eventsText: String, eventsFile: String
    ) throws(EvemuParseError) {
        var description = EvemuParser(file: descriptionFile)
        try description.parse(descriptionText)
        var events = EvemuParser(file: eventsFile, descriptionOptional: true)
        try events.parse(eventsText)
        if events.events.isEmpty, !description.events.isEmpty {
            self.init(device: try description.describedDevice(1), parsed: description.events)
            return
        }
        if let last = description.events.last, let first = events.events.first,
            (first.seconds, first.fraction) < (last.seconds, last.fraction)
        {
            throw EvemuParseError(
                file: eventsFile, line: 1,
                reason: "events start before the last event of \(descriptionFile)")
        }
        self.init(device: try description.describedDevice(1), parsed: description.events + events.events)
    }

    /// Builds a recording from values (tests, generated input).
    public init(device: TouchDeviceDescription, events: [KernelEvent], firstTimestamp: Double = 0) {
        self.device = device
        self.events = events
        self.firstTimestamp = firstTimestamp
    }

    private init(device: TouchDeviceDescription, parsed: [(seconds: Int, fraction: Double, event: KernelEvent)]) {
        let start = parsed.first
        self.device = device
        self.firstTimestamp = start?.event.time ?? 0
        let (seconds, fraction) = (start?.seconds ?? 0, start?.fraction ?? 0)
        // Whole seconds and fractions subtract separately, so time 0 is exact.
        self.events = parsed.map { item in
            var event = item.event
            event.time = Double(item.seconds - seconds) + (item.fraction - fraction)
            return event
        }
    }

    /// The touch frames of the recording, decoded like live input.
    public func frames() throws(MultitouchDecoderError) -> [TouchFrame] {
        var decoder = try MultitouchDecoder(device: device)
        return decoder.decode(events)
    }

    /// The recording as the app's input: touchDown/Move/Up events, times from
    /// the first event, positions over the whole screen.
    public func inputEvents() throws(MultitouchDecoderError) -> [InputEvent] {
        var converter = TouchFrameConverter()
        return try frames().flatMap { converter.events(for: $0) }
    }
}
