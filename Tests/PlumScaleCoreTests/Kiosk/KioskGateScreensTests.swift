import Foundation
import Testing

@testable import PlumScaleCore

/// The gate against the screens whose reducers came later: every action of
/// the wizard and of the eccentricity test refused to a passer-by, and the
/// history table, even one that offers every action (as if it forgot the
/// role), never gets an export or a delete past the gate.
@Suite struct KioskGateScreensTests {
    static let allCalibrationActions: [CalibrationAction] =
        [
            .cancelTapped, .zeroTapped, .zeroWithCarrierTapped, .digitTyped(2), .decimalPointTyped, .backspaceTapped,
            .captureTapped, .anotherTapped, .finishTapped, .saveTapped, .eccentricityTapped,
        ] + Coin.presets.map { .presetChosen($0) }

    @Test func everyWizardActionOnACalibratedDeviceAsAPasserBy() {
        for action in Self.allCalibrationActions {
            var state = KioskGateTests.passerBy()
            state.screen = .calibration(CalibrationWizard(mode: .force, calibrated: true))
            let before = state
            state.perform(action)
            #expect(state == before, "\(action): refused, nothing done")
        }
    }

    @Test func everyEccentricityActionAsAPasserBy() {
        for action in EccentricityAction.allCases {
            var state = KioskGateTests.passerBy()
            state.screen = .eccentricity(EccentricityRun(stepGrams: 1, correcting: true))
            let before = state
            state.perform(action)
            #expect(state == before, "\(action): refused, nothing done")
        }
    }

    /// A table of three rows that offers every preview action.
    static func forgetfulTable(_ state: inout AppState) {
        state.apply(InputEvent(time: 0.5, .keyDown(.character("h"), modifiers: [])))
        let rows = (1...3).reversed().map {
            HistoryRow(
                id: Int64($0), takenAt: Date(timeIntervalSince1970: Double($0)), device: "mouse", mode: "force", objectCount: 1,
                heaviestForce: 0.5, heaviestGrams: nil)
        }
        state.apply(InputEvent(time: 0.6, .history(.rows(page: 0, rows, labels: ["c", "b", "a"]))))
        if case .history(var browser) = state.screen {
            browser.actions = PeekAction.allCases
            state.screen = .history(browser)
        }
    }

    /// With the mouse, for each preview action: a row previewed (right
    /// click), the preview dragged up for its actions, the action clicked,
    /// and the confirmation where it asks one; then the keys. What the
    /// table asked for.
    static func pokeTheTable(_ state: inout AppState) -> [Effect] {
        var effects: [Effect] = []
        let size = state.layout.size
        var t = 1.0
        func send(_ kind: InputEvent.Kind) {
            t += 0.15
            effects += state.apply(InputEvent(time: t, kind))
        }
        func click(_ p: Point, button: Int = 1) {
            send(.pointerDown(x: p.x / size.width, y: p.y / size.height, button: button, modifiers: []))
            send(.pointerUp(x: p.x / size.width, y: p.y / size.height, button: button))
        }
        let row = Point(size.width / 2, HistoryBrowser.top + 20)
        let card = HistoryLayout.previewRect(size: size).center
        for (action, rect) in HistoryLayout.actionRects(size: size) where action != .open {
            click(row, button: 3)
            send(.pointerDown(x: card.x / size.width, y: card.y / size.height, button: 1, modifiers: []))
            send(.pointerMove(x: card.x / size.width, y: (card.y - 150) / size.height))
            send(.pointerUp(x: card.x / size.width, y: (card.y - 150) / size.height, button: 1))
            click(rect.center)
            if action == .delete, let confirm = HistoryLayout.confirmRects(size: size).first { click(confirm.rect.center) }
            if state.screen.name != "history" { forgetfulTable(&state) }
        }
        for key in [Key.down, .space, .enter, .delete, .character("e"), .enter] { send(.keyDown(key, modifiers: [])) }
        return effects
    }

    @Test func aTableThatForgotTheRoleGetsNoExportOrDeletePastTheGate() {
        var passerBy = KioskGateTests.passerBy(mouse: true)
        Self.forgetfulTable(&passerBy)
        let refused = Self.pokeTheTable(&passerBy)
        #expect(refused.allSatisfy { $0.adminWork == nil }, "\(refused)")
        #expect(passerBy.kiosk?.role == .passerBy)
        // The same pokes at the operator's table do reach an export or a
        // delete: the gate, not the script, stopped them above.
        var station = AppState(screen: Size(1280, 720), source: .mouse, mouseEmulation: true)
        Self.forgetfulTable(&station)
        let asked = Self.pokeTheTable(&station)
        #expect(asked.contains(.export(id: 3)) && asked.contains(.delete(id: 3)), "\(asked)")
    }
}
