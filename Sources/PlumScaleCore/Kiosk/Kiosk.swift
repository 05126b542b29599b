/// The unattended weighing station: passers-by cannot leave it, the
/// operator can; it returns to the scale when idle and records weighings
/// by itself.
public struct Kiosk: Equatable, Sendable {
    /// Ctrl+Alt+Q held this long leaves the kiosk.
    public static let chordSeconds = 2.0
    /// A touch held still in the top-left corner this long opens the PIN pad.
    public static let cornerSeconds = 3.0
    public static let cornerSize = 80.0

    let settings: Config.Kiosk
    var chordStart: Double?
    var cornerHold: (id: Int, start: Double)?
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

    public static func == (a: Kiosk, b: Kiosk) -> Bool {
        a.chordStart == b.chordStart && a.pinPad == b.pinPad && a.lastInput == b.lastInput
            && a.recordedSet == b.recordedSet && a.failures == b.failures && a.cornerHold?.id == b.cornerHold?.id
    }

    /// After the third wrong PIN, each further one locks the pad for twice as long (30 s, 60 s, ...).
    mutating func wrongPIN(now: Double) {
        failures += 1
        if failures >= 3 { lockedUntil = now + 30 * Double(1 << min(failures - 3, 6)) }
    }
}

/// The operator's PIN keypad, opened by a long hold in a corner.
public struct PinPad: Equatable, Sendable {
    public var entered = ""
    public var message = "Operator PIN"

    static let keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "cancel", "0", "ok"]

    /// The keypad's keys, centred on the screen.
    static func keyRects(size: Size) -> [(key: String, rect: Rect)] {
        let w = 100.0, h = 70.0, gap = 10.0
        let x0 = size.width / 2 - (3 * w + 2 * gap) / 2, y0 = size.height / 2 - 140
        return keys.enumerated().map { i, key in
            (key, Rect(x: x0 + Double(i % 3) * (w + gap), y: y0 + Double(i / 3) * (h + gap), width: w, height: h))
        }
    }
}
