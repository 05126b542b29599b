/// Line parser for the evemu text format, shared by the one-file and
/// two-file (description + events) entry points of `EvemuRecording`.
///
/// Format: `# ` comments; `N: name`; `I: bus vendor product version` (hex);
/// `P:` property bytes (hex); `B: type bytes...` event-code bitmasks (hex,
/// lines of one type continue each other); `A: code min max fuzz flat
/// [resolution]` (hex code, decimal numbers); `E: sec.usec type code value`
/// (hex type and code, decimal value that may be written `-001`, optionally
/// followed by a `# comment`).
struct EvemuParser {
    let file: String
    /// An events-only file (the second of a description + events pair) may
    /// start with events.
    let descriptionOptional: Bool

    var name: String?
    var ids: [Int]?
    var propertyBytes: [UInt8] = []
    var bitmasks: [UInt16: [UInt8]] = [:]
    var axes: [AbsAxis] = []
    /// Events with their time still split into whole seconds and fraction
    /// (kept only when `keepsEvents`; a streamed replay takes each from
    /// `lastEvent` as its line is parsed).
    var events: [(seconds: Int, fraction: Double, event: KernelEvent)] = []
    var keepsEvents = true
    /// The first and the latest event parsed, and how many.
    var firstEvent: (seconds: Int, fraction: Double, event: KernelEvent)?
    var lastEvent: (seconds: Int, fraction: Double, event: KernelEvent)?
    var eventCount = 0
    var lastLine = 0
    /// The line of each axis's `A:` line, for errors about the description.
    var axisLines: [UInt16: Int] = [:]
    /// The line of the description's last line (N:, I:, P:, B: or A:).
    var descriptionLine = 0

    init(file: String, descriptionOptional: Bool = false) {
        self.file = file
        self.descriptionOptional = descriptionOptional
    }

    func error(_ line: Int, _ reason: String) -> EvemuParseError {
        EvemuParseError(file: file, line: line, reason: reason)
    }

    mutating func parse(_ text: String) throws(EvemuParseError) {
        var number = 0
        // "\r\n" is one Character in Swift: split on it too (CRLF files).
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            var line = rawLine
            if line.last == "\r" { line = line.dropLast() }
            try parseLine(line, number)
        }
        lastLine = number
        if text.allSatisfy(\.isWhitespace) {
            throw error(1, "empty file: expected an evemu recording (a '# EVEMU' header or an 'N: name' line)")
        }
        if !descriptionOptional { try requireDescription(max(1, number)) }
        if let device, let problem = device.problems.first {
            throw error(axisLines[problem.axis] ?? max(1, descriptionLine), problem.message)
        }
    }

    /// The checks at the end of a streamed file of `lines` lines, of which
    /// `blank` says whether every one was white space.
    mutating func finish(lines: Int, blank: Bool) throws(EvemuParseError) {
        lastLine = lines
        if blank {
            throw error(1, "empty file: expected an evemu recording (a '# EVEMU' header or an 'N: name' line)")
        }
        if !descriptionOptional { try requireDescription(max(1, lines)) }
        try checkDevice()
    }

    /// Refuses a description whose declared sizes the decoder cannot use.
    func checkDevice() throws(EvemuParseError) {
        if let device, let problem = device.problems.first {
            throw error(axisLines[problem.axis] ?? max(1, descriptionLine), problem.message)
        }
    }

    /// The device described, or the error that says what the description lacks.
    func describedDevice(_ line: Int) throws(EvemuParseError) -> TouchDeviceDescription {
        try requireDescription(line)
        guard let device else { throw error(line, "missing device description: expected an 'N: name' line") }
        return device
    }

    func requireDescription(_ line: Int) throws(EvemuParseError) {
        if name == nil {
            throw error(line, "missing device description: expected an 'N: name' line before the events")
        }
        if ids == nil {
            throw error(line, "incomplete device description: expected an 'I: bus vendor product version' line")
        }
    }

    mutating func parseLine(_ line: Substring, _ n: Int) throws(EvemuParseError) {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        if trimmed.isEmpty || trimmed.first == "#" { return }
        guard trimmed.count >= 2, let tag = trimmed.first, trimmed.dropFirst().first == ":" else {
            throw error(n, "unexpected line '\(trimmed.prefix(40))': expected '# comment', N:, I:, P:, B:, A: or E:")
        }
        let rest = trimmed.dropFirst(2).drop { $0 == " " || $0 == "\t" }
        if tag != "E" && eventCount > 0 {
            throw error(n, "device description line '\(tag):' after the events")
        }
        if tag != "E" { descriptionLine = n }
        switch tag {
        case "N":
            if name != nil { throw error(n, "second device name: a recording describes one device") }
            // A kernel name is a C string: a NUL cannot be in it, and C
            // libraries would cut the name there.
            if rest.utf8.contains(0) { throw error(n, "the device name contains a NUL byte, which no kernel device name can") }
            name = String(rest)
        case "I":
            let fields = rest.split(whereSeparator: \.isWhitespace)
            let values = fields.compactMap { Int($0, radix: 16) }
            guard fields.count == 4, values.count == 4 else {
                throw error(n, "expected 'I: bus vendor product version' as 4 hex numbers, got '\(rest)'")
            }
            ids = values
        case "P", "B":
            let fields = rest.split(whereSeparator: \.isWhitespace)
            let bytes = fields.compactMap { UInt8($0, radix: 16) }
            guard bytes.count == fields.count, !bytes.isEmpty else {
                throw error(n, "expected '\(tag):' followed by hex bytes, got '\(rest)'")
            }
            // A mask may hold as many bytes as its writer's word size gives,
            // but no bit beyond the type's highest code: checked here, before
            // the bit numbers are computed.
            if tag == "P" {
                try checkMask(
                    bytes[...], after: propertyBytes.count, highest: EvdevLimits.maximumProperty,
                    what: "property mask (INPUT_PROP_*)", n)
                propertyBytes.append(contentsOf: bytes)
            } else {
                guard bytes.count >= 2 else { throw error(n, "expected 'B: type bytes...', got '\(rest)'") }
                let type = UInt16(bytes[0])
                guard let highest = EvdevLimits.maximumCode(type: type) else {
                    throw error(n, "bit mask type 0x\(String(bytes[0], radix: 16)) is not an EV_* type (00...1f)")
                }
                try checkMask(
                    bytes.dropFirst(), after: bitmasks[type]?.count ?? 0, highest: highest,
                    what: "\(EventType.name(type)) mask", n)
                bitmasks[type, default: []].append(contentsOf: bytes.dropFirst())
            }
        case "A":
            try parseAxis(rest, n)
        case "E":
            if !descriptionOptional { try requireDescription(n) }
            try parseEvent(rest, n)
        default:
            throw error(n, "unknown line type '\(tag):': expected N:, I:, P:, B:, A: or E:")
        }
    }

    /// Refuses a set bit numbered above `highest` in `bytes`, which continue
    /// a mask that already holds `earlier` bytes.
    func checkMask(
        _ bytes: ArraySlice<UInt8>, after earlier: Int, highest: UInt16, what: String,
        _ n: Int
    ) throws(EvemuParseError) {
        for (offset, byte) in bytes.enumerated() where byte != 0 {
            let top = (earlier + offset) * 8 + (7 - byte.leadingZeroBitCount)
            if top > Int(highest) {
                throw error(n, "\(what) sets bit \(top); the highest code is 0x\(String(highest, radix: 16)) (\(highest))")
            }
        }
    }

    /// The numbers of the bits set in a little-endian byte mask, up to
    /// UInt16.max (the parser refuses masks reaching beyond their codes).
    static func bits(_ bytes: [UInt8]) -> Set<UInt16> {
        var set = Set<UInt16>()
        for (i, byte) in bytes.prefix(Int(UInt16.max) / 8).enumerated() {
            for bit in 0..<8 where byte & (1 << bit) != 0 { set.insert(UInt16(i * 8 + bit)) }
        }
        return set
    }

    mutating func parseAxis(_ rest: Substring, _ n: Int) throws(EvemuParseError) {
        let fields = rest.split(whereSeparator: \.isWhitespace)
        guard fields.count == 5 || fields.count == 6 else {
            throw error(n, "expected 'A: code min max fuzz flat [resolution]', got \(fields.count) fields")
        }
        guard let code = UInt16(fields[0], radix: 16), code <= AbsCode.max else {
            throw error(n, "axis code '\(fields[0])' is not a hex ABS_* code (00...3f)")
        }
        var numbers: [Int32] = []
        for field in fields.dropFirst() {
            guard let value = Int32(field) else {
                throw error(n, "axis value '\(field)' is not a decimal 32-bit number")
            }
            numbers.append(value)
        }
        guard numbers[0] <= numbers[1] else {
            throw error(n, "axis \(AbsCode.name(code)) has min \(numbers[0]) > max \(numbers[1])")
        }
        axisLines[code] = n
        axes.append(
            AbsAxis(
                code: code, minimum: numbers[0], maximum: numbers[1],
                fuzz: numbers[2], flat: numbers[3],
                resolution: numbers.count == 5 ? numbers[4] : 0))
    }

    mutating func parseEvent(_ rest: Substring, _ n: Int) throws(EvemuParseError) {
        let body = rest.prefix { $0 != "#" }
        let fields = body.split(whereSeparator: \.isWhitespace)
        guard fields.count == 4 else {
            throw error(n, "expected 'E: seconds.microseconds type code value', got \(fields.count) field(s)")
        }
        let time = fields[0].split(separator: ".", omittingEmptySubsequences: false)
        let digits: (Substring) -> Bool = { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard time.count == 2, digits(time[0]), digits(time[1]), time[1].count <= 9,
            let seconds = Int(time[0]), let micros = Int(time[1])
        else {
            throw error(n, "event time '\(fields[0])' is not seconds.microseconds")
        }
        guard let type = UInt16(fields[1], radix: 16), type <= EventType.max else {
            throw error(n, "event type '\(fields[1])' is not a hex EV_* type (0000...001f)")
        }
        guard let code = UInt16(fields[2], radix: 16), code <= KeyCode.max else {
            throw error(n, "event code '\(fields[2])' is not a hex code (0000...02ff)")
        }
        guard let value = Int32(fields[3]) else {
            throw error(n, "event value '\(fields[3])' is not a decimal 32-bit number")
        }
        var fraction = Double(micros)
        for _ in 0..<time[1].count { fraction /= 10 }
        if let last = lastEvent, (seconds, fraction) < (last.seconds, last.fraction) {
            throw error(n, "event time \(fields[0]) is earlier than the previous event's")
        }
        // Replay time 0 is the first event; the span is bounded like JSON Lines times.
        if let first = firstEvent, Double(seconds - first.seconds) > ReplayLimits.maximumTime {
            throw error(
                n,
                "event time \(fields[0]) is \(seconds - first.seconds) s after the first event's; "
                    + "a recording may span at most \(Int(ReplayLimits.maximumTime)) s")
        }
        let event = KernelEvent(time: Double(seconds) + fraction, type: type, code: code, value: value)
        lastEvent = (seconds, fraction, event)
        if firstEvent == nil { firstEvent = lastEvent }
        eventCount += 1
        if keepsEvents { events.append((seconds, fraction, event)) }
    }

    /// The description read; nil when the file had none.
    var device: TouchDeviceDescription? {
        guard let name, let ids else { return nil }
        var codes: [UInt16: Set<UInt16>] = [:]
        for (type, bytes) in bitmasks { codes[type] = Self.bits(bytes) }
        return TouchDeviceDescription(
            name: name, bus: ids[0], vendor: ids[1], product: ids[2], version: ids[3],
            axes: axes, supportedCodes: codes, properties: Self.bits(propertyBytes))
    }
}
