import Foundation
import Testing

@testable import PlumScaleCore

/// A press acts on what is drawn where it lands (the one hit test,
/// `control(at:)`): a control dimmed under a modal pad is seen, not pressed;
/// one drawn over the dim is pressed.
@Suite struct DimmedControlTests {
    /// The operator's kiosk, calibrated (so Preset tare opens the number pad).
    static func operatorMode() -> AppState {
        var config = KioskGateTests.withPIN
        config.calibrations = ["mouse": [CalibrationPoint(force: 0, grams: 0), CalibrationPoint(force: 0.5, grams: 500)]]
        var state = AppState(screen: Size(1280, 720), source: .mouse, config: config, kiosk: true)
        state.enterOperatorPIN()
        return state
    }

    static func tap(_ rect: Rect, _ state: inout AppState, id: Int, at t: Double) {
        let size = state.layout.size
        let sample = TouchSample(id: id, x: rect.center.x / size.width, y: rect.center.y / size.height, pressure: 0.3)
        state.apply(InputEvent(time: t, .touchDown(sample)))
        state.apply(InputEvent(time: t + 0.1, .touchUp(id: id)))
    }

    /// The number pad dims the scale's buttons beneath it: a tap on Record
    /// there records nothing and weighs nothing. The operator bar is drawn
    /// over the pad's dim, so its Lock still locks.
    @Test func underTheNumberPadOnlyWhatIsDrawnOnTopIsPressed() throws {
        var state = Self.operatorMode()
        #expect(state.kiosk?.role == .operator)
        let record = try #require(state.scene().elements.first { $0.control == .scale(.recordTapped) })
        state.perform(ScaleAction.presetTareTapped)
        #expect(state.functions.presetTareEntry != nil)
        let scene = state.scene()
        #expect(scene.dimmedElements.contains { $0.control == .scale(.recordTapped) })
        #expect(state.control(at: record.rect.center) == .dimmed)
        Self.tap(record.rect, &state, id: 1, at: 1)
        #expect(state.functions.presetTareEntry != nil, "the pad went away")
        #expect(state.scale.board.contacts.isEmpty, "the press weighed")
        #expect(state.notice?.text.hasPrefix("Nothing recorded") != true, "Record was pressed")
        // The pad's own keys type.
        let five = try #require(scene.elements.first { $0.control == .numberPad(.digitTyped(5)) })
        Self.tap(five.rect, &state, id: 2, at: 2)
        #expect(state.functions.presetTareEntry?.typed == "5")
        // The bar, drawn over the dim, is live.
        let lock = try #require(scene.elements.first { $0.control == .operatorBar(.lockTapped) })
        Self.tap(lock.rect, &state, id: 3, at: 3)
        #expect(state.kiosk?.role == .passerBy)
    }
}
