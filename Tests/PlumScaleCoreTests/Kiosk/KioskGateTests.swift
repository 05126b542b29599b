import Foundation
import Testing

@testable import PlumScaleCore

/// The kiosk's one gate: every action of every feature, sent as a
/// passer-by, does no operator work; every route to the operator role but
/// the PIN fails, lockout or not.
@Suite struct KioskGateTests {
    /// The defaults with the PIN 2468 (as `{"kiosk":{"pin":"2468"}}` gives).
    static let withPIN: Config = {
        var config = Config.defaults
        config.kiosk.pin = "2468"
        return config
    }()

    static func passerBy(mouse: Bool = false) -> AppState {
        AppState(screen: Size(1280, 720), source: .mouse, mouseEmulation: mouse, config: withPIN, kiosk: true)
    }

    static let weighing = Weighing(
        id: 7, takenAt: Date(timeIntervalSince1970: 0), device: "mouse", mode: "force",
        objects: [WeighedObject(index: 0, x: 100, y: 100, force: 0.5, grams: nil, stable: true)])

    static let calibrationActions: [CalibrationAction] =
        [.cancelTapped, .zeroTapped, .digitTyped(2), .decimalPointTyped, .backspaceTapped, .anotherTapped, .finishTapped, .saveTapped]
        + Coin.presets.map { .presetChosen($0) }

    func expectNoOperatorWork(_ state: AppState, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(state.kiosk?.role == .passerBy, "\(what): the role", sourceLocation: sourceLocation)
        #expect(state.running, "\(what): still running", sourceLocation: sourceLocation)
        #expect(state.outbox.allSatisfy { $0.adminWork == nil }, "\(what): \(state.outbox)", sourceLocation: sourceLocation)
        #expect(state.screen.name != "calibrate", "\(what): the wizard", sourceLocation: sourceLocation)
    }

    @Test func everyScaleActionAsAPasserBy() {
        for action in ScaleAction.allCases {
            var state = Self.passerBy()
            state.perform(action)
            expectNoOperatorWork(state, "\(action)")
            var keyed = Self.passerBy()
            let update = keyed.apply(InputEvent(time: 1, .keyDown(action.key, modifiers: [])))
            #expect(update.allSatisfy { $0.adminWork == nil }, "\(action) by its key")
            expectNoOperatorWork(keyed, "\(action) by its key")
        }
    }

    @Test func everyWizardActionAsAPasserBy() {
        for action in Self.calibrationActions {
            var state = Self.passerBy()
            // However the wizard came to be up, a passer-by can do nothing in it.
            state.screen = .calibration(CalibrationWizard(mode: .force))
            let before = state
            state.perform(action)
            #expect(state == before, "\(action): refused, nothing done")
        }
    }

    @Test func everyDetailAndPreviewActionAsAPasserBy() {
        for action in DetailAction.allCases {
            var state = Self.passerBy()
            let table = HistoryBrowser(peek: state.peekConfig)  // offering every action, as if the screen forgot
            state.screen = .detail(HistoryDetail(id: 7, weighing: Self.weighing, table: table))
            state.perform(action, on: state.screen.detail!)
            expectNoOperatorWork(state, "\(action)")
            #expect(state.screen.detail?.confirmingDelete != true, "\(action): no delete asked")
        }
        #expect(Self.passerBy().peekActionsAllowed == [.open])
    }

    @Test func everyOperatorBarActionAsAPasserBy() {
        for action in OperatorAction.allCases {
            var state = Self.passerBy()
            let before = state
            state.perform(action)
            #expect(state == before, "\(action): refused, nothing done")
            expectNoOperatorWork(state, "\(action)")
        }
    }

    @Test func everyEffectOfOperatorWorkIsStoppedAtTheGate() {
        let effects: [Effect] = [
            .delete(id: 1), .export(id: 1), .saveCalibration(device: "d", points: []), .quit,
            .save(device: "d", mode: .force, objects: [], units: .g, step: nil), .loadWeighing(id: 1),
        ]
        #expect(
            Self.passerBy().allowedEffects(effects) == [
                .save(device: "d", mode: .force, objects: [], units: .g, step: nil), .loadWeighing(id: 1),
            ])
        var unlocked = Self.passerBy()
        unlocked.enterOperatorPIN()
        #expect(unlocked.kiosk?.role == .operator)
        #expect(unlocked.allowedEffects(effects) == effects)
    }

    /// Every key with every modifier, held for 10 s: nothing unlocks.
    @Test(arguments: [false, true]) func keysAndChordsNeverMakeTheOperator(duringLockout: Bool) {
        var state = Self.passerBy()
        if duringLockout { state.restoreKioskLockout(failures: 5, lockedUntil: Date(timeIntervalSince1970: 3600)) }
        let keys: [Key] = [.character("q"), .character("k"), .character("o"), .escape, .enter, .function(4), .delete, .space]
        let modifierSets: [Modifiers] = [[], [.control], [.alt], [.control, .alt], [.control, .alt, .shift]]
        var t = 1.0
        for key in keys {
            for modifiers in modifierSets {
                state.apply(InputEvent(time: t, .keyDown(key, modifiers: modifiers)))
                for step in 1...20 { state.apply(InputEvent(time: t + Double(step) * 0.5, .tick)) }
                state.apply(InputEvent(time: t + 10.5, .keyUp(key, modifiers: modifiers)))
                expectNoOperatorWork(state, "\(key) with \(modifiers)")
                t += 11
            }
        }
    }

    /// The mouse standing in for a finger, held in the admin corner: the
    /// PIN pad opens and nothing is weighed or recorded.
    @Test func theMouseHeldInTheCornerOpensThePadAndWeighsNothing() {
        var state = Self.passerBy(mouse: true)
        state.apply(InputEvent(time: 1, .pointerDown(x: 0.02, y: 0.02, button: 1, modifiers: [])))
        var effects: [Effect] = []
        for step in 1...40 { effects += state.apply(InputEvent(time: 1 + Double(step) * 0.1, .tick)) }
        #expect(state.kiosk?.pinPad != nil, "held 4 s: the pad")
        #expect(state.contactViews.isEmpty, "never a contact")
        #expect(!effects.contains { if case .save = $0 { true } else { false } }, "never auto-recorded")
        expectNoOperatorWork(state, "the corner")
        // Escape closes the pad; on the scale it does nothing (it would quit).
        state.apply(InputEvent(time: 6, .pointerUp(x: 0.02, y: 0.02, button: 1)))
        state.apply(InputEvent(time: 6.1, .keyDown(.escape, modifiers: [])))
        #expect(state.kiosk?.pinPad == nil)
        state.apply(InputEvent(time: 6.2, .keyDown(.escape, modifiers: [])))
        #expect(state.running)
    }

    /// Escape closes what a passer-by opened (the history) in a kiosk.
    @Test func escapeLeavesTheHistoryInAKiosk() {
        var state = Self.passerBy()
        state.apply(InputEvent(time: 1, .keyDown(.character("h"), modifiers: [])))
        #expect(state.screen.name == "history")
        state.apply(InputEvent(time: 1.1, .keyDown(.escape, modifiers: [])))
        #expect(state.screen.name == "scale")
        #expect(state.running)
    }
}

extension AppState {
    /// Opens the PIN pad and types the configured PIN on it, as an operator
    /// would: the one route to operator mode.
    mutating func enterOperatorPIN() {
        guard let pin = config.kiosk.pin else { return }
        kiosk?.pinPad = PinPad()
        for digit in pin.compactMap(\.wholeNumberValue) { pinPadTapped(.pinDigit(digit)) }
        pinPadTapped(.okTapped)
    }
}
