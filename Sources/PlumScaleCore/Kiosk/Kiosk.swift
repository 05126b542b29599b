/// The unattended weighing station: passers-by cannot leave it, the
/// operator can; it returns to the scale when idle and records weighings
/// by itself. A mode around the screens, not a screen of its own.
public struct Kiosk: Equatable, Sendable {
    /// Ctrl+Alt+Q held this long leaves the kiosk.
    public static let chordSeconds = 2.0
    /// A touch held still in the top-left corner this long opens the PIN pad.
    public static let cornerSeconds = 3.0
    public static let cornerSize = 80.0

    /// A touch resting in the top-left corner, and since when.
    struct CornerHold: Equatable, Sendable {
        var id: Int
        var start: Double
    }

    let settings: Config.Kiosk
    var chordStart: Double?
    var cornerHold: CornerHold?
    public internal(set) var pinPad: PinPad?
    /// Time of the last input a person made.
    var lastInput = 0.0
    /// The contacts of the last auto-recorded weighing, and since when all have been stable.
    var recordedSet: Set<Int>?
    var stableSince: Double?
    /// Wrong PINs so far, and until when the pad refuses input.
    var failures = 0
    var lockedUntil = 0.0

    init(settings: Config.Kiosk) { self.settings = settings }

    /// After the third wrong PIN, each further one locks the pad for twice as long (30 s, 60 s, ...).
    mutating func wrongPIN(now: Double) {
        failures += 1
        if failures >= 3 { lockedUntil = now + 30 * Double(1 << min(failures - 3, 6)) }
    }

    /// A key of the PIN pad was tapped (or typed). Returns whether the right
    /// PIN was entered: the operator may leave.
    mutating func pinPadTapped(_ action: PinPadAction, now: Double) -> Bool {
        guard var pad = pinPad else { return false }
        defer { if pinPad != nil { pinPad = pad } }
        if now < lockedUntil {
            pad.message = "Too many wrong PINs: wait \(Int((lockedUntil - now).rounded(.up))) s"
            pad.entered = ""
            return false
        }
        switch action {
        case .cancelTapped:
            pinPad = nil
        case .okTapped:
            if let pin = settings.pin, pad.entered == pin {
                pinPad = nil
                return true
            }
            wrongPIN(now: now)
            pad.entered = ""
            pad.message = settings.pin == nil ? PinPad.noPINMessage : "Wrong PIN"
        case .pinDigit(let digit):
            if pad.entered.count < 12 { pad.entered += String(digit) }
        }
        return false
    }
}

/// What a person can do on the PIN pad.
public enum PinPadAction: Equatable, Sendable {
    case pinDigit(Int)
    case cancelTapped
    case okTapped

    /// The name the state document gives its key ("pin-5", "pin-ok").
    var elementName: String {
        switch self {
        case .pinDigit(let digit): "pin-\(digit)"
        case .cancelTapped: "pin-cancel"
        case .okTapped: "pin-ok"
        }
    }

    var title: String {
        switch self {
        case .pinDigit(let digit): String(digit)
        case .cancelTapped: "Cancel"
        case .okTapped: "OK"
        }
    }
}

/// The operator's PIN keypad, opened by a long hold in a corner.
public struct PinPad: Equatable, Sendable {
    static let noPINMessage = "No operator PIN is set in the config"

    public var entered = ""
    public var message = "Operator PIN"

    static let keys: [PinPadAction] = (1...9).map { .pinDigit($0) } + [.cancelTapped, .pinDigit(0), .okTapped]

    /// The keypad's keys, centred on the screen under the message and the
    /// dots, as large as the screen allows (100 x 70 at most).
    static func keyRects(size: Size) -> [(action: PinPadAction, rect: Rect)] {
        let gap = 10.0
        let h = max(min(70, (size.height - 2 * textRoom - 3 * gap - 2 * margin) / 4), 24), w = min(100, h * 1.45)
        let x0 = size.width / 2 - (3 * w + 2 * gap) / 2, y0 = top(size: size) + 2 * textRoom
        return keys.enumerated().map { i, key in
            (key, Rect(x: x0 + Double(i % 3) * (w + gap), y: y0 + Double(i / 3) * (h + gap), width: w, height: h))
        }
    }

    /// Room for the message and for the dots, each a line of 26 px text.
    static let textRoom = 34.0
    static let margin = 12.0

    /// Where the pad's block (message, dots, keys) starts.
    static func top(size: Size) -> Double {
        let gap = 10.0
        let h = max(min(70, (size.height - 2 * textRoom - 3 * gap - 2 * margin) / 4), 24)
        return max((size.height - (2 * textRoom + 4 * h + 3 * gap)) / 2, margin)
    }
}
