/// What a person, and time, do to the kiosk. The root has turned its input
/// into these (the control under a press, the corner, the keys) and lets
/// the kiosk take an input before any screen sees it (App/Routes/KioskRoute.swift).
enum KioskAction: Equatable, Sendable {
    /// A person did something: `deliberate` for a touch going down or up,
    /// a click, the wheel or a key; not for a resting object's moves.
    case inputArrived(deliberate: Bool)
    /// Ctrl+Alt+Q went down (it counts once held `Kiosk.chordSeconds`).
    case chordPressed
    /// One of its keys went up.
    case chordReleased
    /// A touch went down: one the kiosk owned with that id is over
    /// (devices reuse ids).
    case touchWentDown(id: Int)
    /// The touch `id` is the kiosk's from now until it lifts: the corner
    /// hold, the PIN pad's keys, the operator bar's buttons.
    case touchOwned(id: Int)
    /// It went down on the operator bar's `button` (which acts when it lifts).
    case operatorButtonPressed(OperatorAction, touch: Int)
    /// A touch (or, with `Kiosk.pointerHoldID`, the mouse) went down in the admin corner.
    case cornerHoldStarted(id: Int)
    /// The holding touch or mouse left the corner, or lifted.
    case cornerHoldLeft(id: Int)
    /// A touch the kiosk owns lifted (`act`), or was cancelled.
    case ownedTouchLifted(id: Int, act: Bool)
    /// A key of the PIN pad, tapped or typed.
    case pinKeyPressed(PinPadAction)
    /// The operator locked (Lock): back to passer-by, `saying` so on every screen.
    case lockRequested(saying: String)
    /// Time went on (a tick): `awayFromScale`, another screen is up.
    case timePassed(awayFromScale: Bool)
    /// The scale screen, watched for auto-record: the objects on it, and
    /// whether all are stable and weighed (nothing in `position` mode is).
    case scaleWatched(objects: Set<Int>, settled: Bool)
}

/// What the kiosk asks of the station.
enum KioskRequest: Equatable, Sendable {
    /// A notice on every screen.
    case say(String)
    /// The role changed (the PIN was right, the operator locked or went
    /// idle): the buttons and the screen up follow it.
    case roleChanged
    /// Attract mode: back to the scale.
    case returnToScale
    case perform(OperatorAction)
    case record
    /// Keep the PIN lockout (failures, until when in core time) across restarts.
    case saveLockout(failures: Int, lockedUntil: Double)
}

extension Kiosk: ScreenReducer {
    /// The time now, from the root's clock.
    struct Context: Equatable, Sendable {
        var now: Double
    }

    static func reduce(into kiosk: inout Kiosk, action: KioskAction, context: Context) -> [KioskRequest] {
        let now = context.now
        switch action {
        case .inputArrived(let deliberate):
            kiosk.lastInput = now
            if deliberate { kiosk.lastDeliberateInput = now }
        case .chordPressed:
            if kiosk.chordStart == nil, !kiosk.chordFired { kiosk.chordStart = now }
        case .chordReleased:
            kiosk.chordStart = nil
            kiosk.chordFired = false
        case .touchWentDown(let id):
            if kiosk.ownedTouches.remove(id) != nil {
                kiosk.pressedButtons[id] = nil
                if kiosk.cornerHold?.id == id { kiosk.cornerHold = nil }
            }
        case .touchOwned(let id):
            // Bounded like the contacts: touches a device never lifted are let go.
            if kiosk.ownedTouches.count >= Scale.maxContacts {
                kiosk.ownedTouches.removeAll()
                kiosk.pressedButtons.removeAll()
            }
            kiosk.ownedTouches.insert(id)
        case .operatorButtonPressed(let button, let touch):
            kiosk.pressedButtons[touch] = button
        case .cornerHoldStarted(let id):
            kiosk.cornerHold = CornerHold(id: id, start: now)
        case .cornerHoldLeft(let id):
            if kiosk.cornerHold?.id == id { kiosk.cornerHold = nil }
        case .ownedTouchLifted(let id, let act):
            kiosk.ownedTouches.remove(id)
            if kiosk.cornerHold?.id == id { kiosk.cornerHold = nil }
            guard let button = kiosk.pressedButtons.removeValue(forKey: id), act else { return [] }
            return [.perform(button)]
        case .pinKeyPressed(let key):
            guard kiosk.pinPad != nil else { return [] }
            let before = kiosk
            let unlocked = kiosk.pinPadTapped(key, now: now)
            var requests: [KioskRequest] = []
            if kiosk.failures != before.failures || kiosk.lockedUntil != before.lockedUntil {
                requests.append(.saveLockout(failures: kiosk.failures, lockedUntil: kiosk.lockedUntil))
            }
            if unlocked {
                kiosk.lastDeliberateInput = now
                requests += [
                    .roleChanged, .say("Operator mode: locks again after \(seconds(kiosk.settings.operatorIdleSeconds)) without input"),
                ]
            }
            return requests
        case .lockRequested(let message):
            return kiosk.lock(saying: message)
        case .timePassed(let away):
            return kiosk.timePassed(now: now, awayFromScale: away)
        case .scaleWatched(let objects, let settled):
            return kiosk.watch(objects, settled: settled, now: now)
        }
        return []
    }

    /// The operator's idle lock, or the Lock button: back to passer-by, said on every screen.
    mutating func lock(saying message: String) -> [KioskRequest] {
        lock()
        return [.roleChanged, .say(message)]
    }

    /// "120 s", "2.5 s".
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? "\(Int(value)) s" : "\(value) s"
    }
}
