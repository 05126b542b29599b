import Foundation

/// The unattended weighing station, a mode around the screens (not a
/// screen of its own), with two roles: a passer-by weighs, tares, records
/// and browses the history; the operator, unlocked by the PIN alone (the
/// corner hold or Ctrl+Alt+Q held on a keyboard only open the PIN pad),
/// also calibrates, deletes, exports and leaves. It returns to the scale when idle and records weighings by itself.
public struct Kiosk: Equatable, Sendable {
    /// Ctrl+Alt+Q held this long opens the PIN pad (when a PIN is set).
    public static let chordSeconds = 2.0
    /// A touch held still in the top-left corner this long opens the PIN pad.
    public static let cornerSeconds = 3.0
    public static let cornerSize = 80.0
    /// The corner hold's id when the mouse (standing in for a finger) holds it.
    static let pointerHoldID = Int.min
    /// Wrong PINs allowed before the pad locks; each further one doubles the wait.
    public static let freeTries = 3
    public static let firstLockSeconds = 30.0
    /// The longest the pad stays locked (30 s doubled six times); a lockout
    /// read back from disk is never longer than this from now, whatever the
    /// wall clock did in between.
    public static let maxLockSeconds = firstLockSeconds * 64

    /// Who is at the screen, as far as the kiosk knows.
    public enum Role: String, Equatable, Sendable {
        /// Anybody: weighs, tares, records, browses and peeks at the history.
        case passerBy = "passer-by"
        /// Unlocked by the PIN: everything, leaving included.
        case `operator` = "operator"
    }

    /// A touch resting in the top-left corner, and since when.
    struct CornerHold: Equatable, Sendable {
        var id: Int
        var start: Double
    }

    let settings: Config.Kiosk
    /// Operator only through the right PIN (`pinPadTapped`); the gate
    /// (KioskGate.swift) decides all operator work by it.
    public private(set) var role = Role.passerBy
    var chordStart: Double?
    /// The chord did its work: it waits to be released before it counts again.
    var chordFired = false
    var cornerHold: CornerHold?
    public internal(set) var pinPad: PinPad?
    /// Touches the kiosk owns from the moment they go down to the moment
    /// they lift: the corner hold, the PIN pad's keys, the operator bar's
    /// buttons. They are never contacts, so never weighed or recorded.
    var ownedTouches: Set<Int> = []
    /// Operator bar buttons pressed by a touch: they act when it lifts.
    var pressedButtons: [Int: OperatorAction] = [:]
    /// Time of the last input a person made (moves included): attract mode.
    var lastInput = 0.0
    /// Time of the last deliberate input (a touch going down or up, a click,
    /// the wheel, a key; not a resting object's moves): operator idle.
    var lastDeliberateInput = 0.0
    /// The contacts of the last auto-recorded weighing; since when all have
    /// been stable, and which they were (a lifted object starts it anew).
    var recordedSet: Set<Int>?
    var stableSince: Double?
    var stableSet: Set<Int>?
    /// Wrong PINs so far, and until when (core time) the pad refuses PINs.
    public internal(set) var failures = 0
    public internal(set) var lockedUntil = 0.0

    init(settings: Config.Kiosk) { self.settings = settings }

    /// Whether this kiosk has an operator at all: only with a PIN.
    public var hasOperator: Bool { settings.pin != nil }

    /// Back to passer-by (the operator locked, or went idle).
    mutating func lock() { role = .passerBy }

    /// Whether the pad refuses PINs at `now`.
    func isLocked(at now: Double) -> Bool { now < lockedUntil }

    /// After the third wrong PIN, each further one locks the pad for twice
    /// as long (30 s, 60 s, ... 32 min).
    mutating func wrongPIN(now: Double) {
        failures += 1
        if failures >= Self.freeTries {
            lockedUntil = now + Self.firstLockSeconds * Double(1 << min(failures - Self.freeTries, 6))
        }
    }

    /// What the pad says at `now`: the live countdown while locked.
    func padMessage(_ message: String, at now: Double) -> String {
        guard isLocked(at: now) else { return message }
        return "\(PinPad.countdownPrefix): wait \(Int((lockedUntil - now).rounded(.up))) s"
    }

    /// A key of the PIN pad was tapped (or typed). Returns whether the right
    /// PIN was entered: operator mode unlocks.
    mutating func pinPadTapped(_ action: PinPadAction, now: Double) -> Bool {
        guard var pad = pinPad else { return false }
        defer { if pinPad != nil { pinPad = pad } }
        if isLocked(at: now) {
            if action == .cancelTapped {
                pinPad = nil
            } else {
                pad.entered = ""
                pad.message = padMessage(pad.message, at: now)
            }
            return false
        }
        switch action {
        case .cancelTapped:
            pinPad = nil
        case .okTapped:
            if let pin = settings.pin, pad.entered == pin {
                pinPad = nil
                failures = 0
                lockedUntil = 0
                role = .operator
                return true
            }
            wrongPIN(now: now)
            pad.entered = ""
            pad.message = padMessage("Wrong PIN", at: now)
        case .pinDigit(let digit):
            if pad.entered.count < 12 { pad.entered += String(digit) }
            if pad.message != PinPad.prompt, pad.entered.count == 1 { pad.message = PinPad.prompt }
        case .backspaceTapped:
            if !pad.entered.isEmpty { pad.entered.removeLast() }
        }
        return false
    }
}

/// What a person can do on the PIN pad.
public enum PinPadAction: Equatable, Sendable {
    case pinDigit(Int)
    case cancelTapped
    case okTapped
    /// The keyboard's backspace (the pad has no key for it).
    case backspaceTapped

    /// The name the state document gives its key ("pin-5", "pin-ok").
    var elementName: String {
        switch self {
        case .pinDigit(let digit): "pin-\(digit)"
        case .cancelTapped: "pin-cancel"
        case .okTapped: "pin-ok"
        case .backspaceTapped: "pin-backspace"
        }
    }

    var title: String {
        switch self {
        case .pinDigit(let digit): String(digit)
        case .cancelTapped: "Cancel"
        case .okTapped: "OK"
        case .backspaceTapped: "⌫"
        }
    }
}

/// What the operator can do on the operator bar (shown on the scale screen
/// in operator mode).
public enum OperatorAction: String, CaseIterable, Equatable, Sendable {
    /// Back to passer-by now, without waiting for the idle timeout.
    case lockTapped = "kiosk-lock"
    /// End the kiosk: the only way out besides a signal.
    case leaveKioskTapped = "kiosk-leave"

    var title: String {
        switch self {
        case .lockTapped: "Lock"
        case .leaveKioskTapped: "Leave kiosk"
        }
    }
}

/// The operator's PIN keypad, opened by a long hold in a corner.
public struct PinPad: Equatable, Sendable {
    static let prompt = "Operator PIN"
    static let countdownPrefix = "Too many wrong PINs"

    public var entered = ""
    public var message = PinPad.prompt

    static let keys: [PinPadAction] = (1...9).map { .pinDigit($0) } + [.cancelTapped, .pinDigit(0), .okTapped]

    /// The keypad's keys, centred on the screen under the message and the
    /// dots, as large as the screen allows (100 x 70 at most).
    static func keyRects(size: Size) -> [(action: PinPadAction, rect: Rect)] {
        zip(keys, grid(size: size, rows: 4)).map { ($0, $1) }
    }

    /// Three columns of `rows` keys, centred under the message and the
    /// typed line, as large as the screen allows (100 x 70 at most): the PIN
    /// pad's, and the number pad's (NumberPad.swift).
    static func grid(size: Size, rows: Int) -> [Rect] {
        let gap = 10.0
        let h = keyHeight(size: size, rows: rows)
        let w = min(100, h * 1.45)
        let x0 = size.width / 2 - (3 * w + 2 * gap) / 2
        let y0 = top(size: size, rows: rows) + 2 * textRoom
        return (0..<(3 * rows)).map { i in
            Rect(x: x0 + Double(i % 3) * (w + gap), y: y0 + Double(i / 3) * (h + gap), width: w, height: h)
        }
    }

    /// The opaque panel under a pad's message, typed line and keys, so
    /// nothing of the dimmed screen beneath reads through them: as wide as
    /// the keys or the message (`messageWidth`), within the screen.
    static func plate(size: Size, rows: Int, messageWidth: Double) -> Rect {
        let keys = grid(size: size, rows: rows)
        let inset = 8.0
        let keysLeft = keys.first?.x ?? size.width / 2
        let half = min(max(size.width / 2 - keysLeft, messageWidth / 2) + inset, size.width / 2)
        let y = max(top(size: size, rows: rows) - inset, 0)
        let bottom = min((keys.last.map { $0.y + $0.height } ?? y) + inset, size.height)
        return Rect(x: size.width / 2 - half, y: y, width: 2 * half, height: bottom - y)
    }

    /// The pads' panel: dark enough for their white text (12:1).
    static let plateColor = Color(40, 42, 54)

    /// Room for the message and for the dots, each a line of 26 px text.
    static let textRoom = 34.0
    static let margin = 12.0

    static func keyHeight(size: Size, rows: Int) -> Double {
        let gap = 10.0
        let r = Double(rows)
        return max(min(70, (size.height - 2 * textRoom - (r - 1) * gap - 2 * margin) / r), 24)
    }

    /// Where the pad's block (message, dots, keys) starts.
    static func top(size: Size, rows: Int = 4) -> Double {
        let gap = 10.0
        let r = Double(rows)
        return max((size.height - (2 * textRoom + r * keyHeight(size: size, rows: rows) + (r - 1) * gap)) / 2, margin)
    }
}
