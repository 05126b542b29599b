import Testing

@testable import PlumScaleCore

/// The kiosk's reducer alone: what a person and time do to it, and what it
/// asks of the station; nothing else changes.
@Suite struct KioskReducerTests {
    static func kiosk(pin: String? = "2468") -> Kiosk {
        var settings = Config.defaults.kiosk
        settings.pin = pin
        settings.idleSeconds = 60
        settings.operatorIdleSeconds = 120
        settings.autoRecordSeconds = 1
        return Kiosk(settings: settings)
    }

    @Test func theChordHeldOpensThePadOnlyWithAnOperator() {
        var store = ReducerStore(Self.kiosk(), context: .init(now: 1))
        store.send(.chordPressed) { $0.chordStart = 1 }
        store.context.now = 2
        store.send(.timePassed(awayFromScale: false))  // not held long enough
        store.context.now = 3
        store.send(.timePassed(awayFromScale: false)) {
            $0.chordStart = nil
            $0.chordFired = true
            $0.pinPad = PinPad()
        }
        store.send(.chordPressed)  // fired: it waits to be released
        store.send(.chordReleased) { $0.chordFired = false }

        var none = ReducerStore(Self.kiosk(pin: nil), context: .init(now: 1))
        none.send(.chordPressed) { $0.chordStart = 1 }
        none.context.now = 3
        none.send(.timePassed(awayFromScale: false), asks: [.say("No operator PIN is set in the config: this kiosk has no operator mode")])
        {
            $0.chordStart = nil
            $0.chordFired = true
        }
    }

    @Test func wrongPINsLockThePadAndTheRightOneUnlocks() {
        var start = Self.kiosk()
        start.pinPad = PinPad()
        var store = ReducerStore(start, context: .init(now: 10))
        for attempt in 1...3 {
            var expected = store.state
            for key in [PinPadAction.pinDigit(1), .pinDigit(1), .pinDigit(1), .pinDigit(1)] {
                _ = expected.pinPadTapped(key, now: 10)
                store.send(.pinKeyPressed(key)) { $0 = expected }
            }
            _ = expected.pinPadTapped(.okTapped, now: 10)
            let until = attempt == 3 ? 10 + Kiosk.firstLockSeconds : 0
            store.send(.pinKeyPressed(.okTapped), asks: [.saveLockout(failures: attempt, lockedUntil: until)]) { $0 = expected }
        }
        #expect(store.state.isLocked(at: 10) && store.state.role == .passerBy)
        store.context.now = 10 + Kiosk.firstLockSeconds
        var expected = store.state
        for digit in [2, 4, 6, 8] {
            _ = expected.pinPadTapped(.pinDigit(digit), now: store.context.now)
            store.send(.pinKeyPressed(.pinDigit(digit))) { $0 = expected }
        }
        _ = expected.pinPadTapped(.okTapped, now: store.context.now)
        expected.lastDeliberateInput = store.context.now
        store.send(
            .pinKeyPressed(.okTapped),
            asks: [.saveLockout(failures: 0, lockedUntil: 0), .roleChanged, .say("Operator mode: locks again after 120 s without input")]
        ) { $0 = expected }
        #expect(store.state.role == .operator)
    }

    @Test func idleLocksTheOperatorThenAttractModeReturnsToTheScale() {
        var start = Self.kiosk()
        start.pinPad = PinPad()
        for digit in [2, 4, 6, 8] { _ = start.pinPadTapped(.pinDigit(digit), now: 0) }
        let unlocked = start.pinPadTapped(.okTapped, now: 0)
        #expect(unlocked && start.role == .operator)
        var store = ReducerStore(start, context: .init(now: 100))
        // Away from the scale for the attract time (60 s): back to it.
        store.send(.timePassed(awayFromScale: true), asks: [.returnToScale])
        store.context.now = 120
        store.send(
            .timePassed(awayFromScale: true),
            asks: [.roleChanged, .say("Locked after 120 s without input: passer-by mode"), .returnToScale]
        ) {
            $0.lock()
        }
    }

    @Test func anOwnedTouchOnTheOperatorBarActsWhenItLifts() {
        var store = ReducerStore(Self.kiosk(), context: .init(now: 1))
        store.send(.touchOwned(id: 4)) { $0.ownedTouches = [4] }
        store.send(.operatorButtonPressed(.lockTapped, touch: 4)) { $0.pressedButtons[4] = .lockTapped }
        store.send(.ownedTouchLifted(id: 4, act: true), asks: [.perform(.lockTapped)]) {
            $0.ownedTouches = []
            $0.pressedButtons = [:]
        }
        store.send(.touchOwned(id: 5)) { $0.ownedTouches = [5] }
        store.send(.cornerHoldStarted(id: 5)) { $0.cornerHold = Kiosk.CornerHold(id: 5, start: 1) }
        store.send(.touchWentDown(id: 5)) {  // the id came down again: the old touch is over
            $0.ownedTouches = []
            $0.cornerHold = nil
        }
    }

    @Test func autoRecordWaitsForTheSetToSettleAndRecordsItOnce() {
        var store = ReducerStore(Self.kiosk(), context: .init(now: 1))
        store.send(.scaleWatched(objects: [1, 2], settled: false))
        store.send(.scaleWatched(objects: [1, 2], settled: true)) {
            $0.stableSince = 1
            $0.stableSet = [1, 2]
        }
        store.context.now = 2
        store.send(.scaleWatched(objects: [1, 2], settled: true), asks: [.record]) { $0.recordedSet = [1, 2] }
        store.context.now = 5
        store.send(.scaleWatched(objects: [1, 2], settled: true))  // recorded already
        store.send(.scaleWatched(objects: [], settled: false)) {
            $0.stableSince = nil
            $0.stableSet = nil
            $0.recordedSet = nil
        }
    }
}
