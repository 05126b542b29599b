import Foundation
import Testing

@testable import PlumScaleCore

/// The number pad (issue 28): a touch-only operator types a sample's
/// pieces and a preset tare on the screen, through the same reducer as the
/// keyboard; objects still go on and off the glass while it is up.
@Suite struct NumberPadTests {
    static let panel = InputSource(kind: "replay", deviceName: "pad panel", mode: .force)
    static let points = [CalibrationPoint(force: 0, grams: 0), CalibrationPoint(force: 0.5, grams: 500)]

    func scale(modes: [ScaleMode] = []) -> AppState {
        var config = Config(calibrations: ["pad panel": Self.points])
        config.scaleModes = modes
        return AppState(screen: Size(1280, 720), source: Self.panel, config: config)
    }

    /// A finger on the pad's key `name`, down and up at `t` (touch id `id`).
    func tap(_ name: String, _ state: inout AppState, at t: Double, id: Int) {
        guard let entry = state.numberPadEntry,
            let rect = NumberPad.keyRects(size: state.layout.size, decimals: entry.decimals).first(where: { $0.action.elementName == name }
            )?.rect
        else {
            Issue.record("no key \(name) on the pad")
            return
        }
        let (x, y) = (rect.center.x / 1280, rect.center.y / 720)
        state.apply(InputEvent(time: t, .touchDown(TouchSample(id: id, x: x, y: y, pressure: 0.3))))
        state.apply(InputEvent(time: t + 0.05, .touchUp(id: id)))
    }

    func settle(_ state: inout AppState, until t: Double) {
        while let wake = state.nextWake, wake < t { state.apply(InputEvent(time: wake, .tick)) }
        state.apply(InputEvent(time: t, .tick))
    }

    /// The button named `name` tapped by a finger.
    func press(_ name: String, _ state: inout AppState, at t: Double) throws {
        let rect = try #require(state.scaleButtons.first { $0.name == name }).rect
        state.apply(InputEvent(time: t, .touchDown(TouchSample(id: 50, x: rect.center.x / 1280, y: rect.center.y / 720, pressure: 0.3))))
        state.apply(InputEvent(time: t + 0.05, .touchUp(id: 50)))
    }

    @Test func aSampleTypedOnThePad() throws {
        var state = scale(modes: [.count(pieceGrams: 1)])
        // 500 g of pieces, then Sample, 1, 0, OK: 10 pieces of 50 g.
        state.apply(InputEvent(time: 0, .touchDown(TouchSample(id: 1, x: 0.3, y: 0.4, pressure: 0.5))))
        settle(&state, until: 1.5)
        try press("sample", &state, at: 1.6)
        #expect(state.numberPadEntry?.decimals == false)
        #expect(state.scene().elements.contains { $0.name == "number-0" } && !state.scene().elements.contains { $0.name == "number-point" })
        tap("number-1", &state, at: 1.7, id: 60)
        tap("number-5", &state, at: 1.8, id: 61)
        tap("number-backspace", &state, at: 1.9, id: 62)
        tap("number-0", &state, at: 2.0, id: 63)
        #expect(state.numberPadEntry?.typed == "10")
        #expect(state.scale.board.contacts.count == 1, "the keys weigh nothing")
        tap("number-ok", &state, at: 2.1, id: 64)
        #expect(state.numberPadEntry == nil)
        #expect(state.functions.samplePieces == 10)
        #expect(state.contactViews.first?.pieces == 10)
    }

    @Test func aPresetTareTypedOnThePad() throws {
        var state = scale()
        try press("preset-tare", &state, at: 0.1)
        #expect(state.numberPadEntry?.decimals == true)
        for (i, key) in ["number-1", "number-2", "number-point", "number-5"].enumerated() {
            tap(key, &state, at: 0.2 + Double(i) / 10, id: 70 + i)
        }
        #expect(state.numberPadEntry?.typed == "12.5")
        // An object put on the glass while the pad is up is weighed.
        state.apply(InputEvent(time: 0.7, .touchDown(TouchSample(id: 1, x: 0.1, y: 0.2, pressure: 0.2))))
        tap("number-ok", &state, at: 0.8, id: 80)
        settle(&state, until: 2)
        #expect(state.scale.presetTare == 13, "12.5 g to d (1 g)")
        #expect(state.contactViews.first?.grams == 187)
    }

    @Test func cancelOnThePadTypesNothing() throws {
        var state = scale()
        try press("preset-tare", &state, at: 0.1)
        tap("number-7", &state, at: 0.2, id: 90)
        tap("number-cancel", &state, at: 0.3, id: 91)
        #expect(state.numberPadEntry == nil && state.scale.presetTare == nil)
    }
    /// The keyboard types on the same entry, and nothing else changes: the
    /// whole state after each key is the one before with the entry's text
    /// (the keys at the state's own time, 0, so the clock stays).
    @Test func aPresetTareTypedOnTheKeyboardChangesOnlyTheEntry() {
        var store = CoreStore(scale())
        store.send(.presetTareTapped) {
            $0.functions.presetTareEntry = NumberEntry(decimals: true, maxLength: ScaleFunctions.typedMassLength)
        }
        for (key, typed) in [(Key.character("4"), "4"), (.character("."), "4."), (.character("5"), "4.5")] {
            store.type(key, at: 0) {
                $0.functions.presetTareEntry = NumberEntry(decimals: true, maxLength: ScaleFunctions.typedMassLength, typed: typed)
            }
        }
        store.type(.backspace, at: 0) {
            $0.functions.presetTareEntry = NumberEntry(decimals: true, maxLength: ScaleFunctions.typedMassLength, typed: "4.")
        }
        store.type(.escape, at: 0) { $0.functions.presetTareEntry = nil }
        #expect(store.state.scale.presetTare == nil && store.effects.isEmpty)
    }

    /// The scale's buttons are dimmed under the pad: a finger or a click on
    /// one does nothing (as under the PIN pad), and is not an object.
    @Test func theDimmedButtonsUnderThePadDoNothing() throws {
        var state = scale()
        try press("preset-tare", &state, at: 0.1)
        tap("number-7", &state, at: 0.2, id: 90)
        var effects: [Effect] = []
        for (i, name) in ["history", "record", "calibrate"].enumerated() {
            let rect = try #require(state.scaleButtons.first { $0.name == name }).rect
            let (x, y) = (rect.center.x / 1280, rect.center.y / 720)
            let t = 0.3 + Double(i) / 2
            effects += state.apply(InputEvent(time: t, .touchDown(TouchSample(id: 51 + i, x: x, y: y, pressure: 0.3))))
            effects += state.apply(InputEvent(time: t + 0.1, .touchMove(TouchSample(id: 51 + i, x: x + 0.05, y: y, pressure: 0.3))))
            effects += state.apply(InputEvent(time: t + 0.2, .touchUp(id: 51 + i)))
            effects += state.apply(InputEvent(time: t + 0.3, .pointerDown(x: x, y: y, button: 1, modifiers: [])))
            effects += state.apply(InputEvent(time: t + 0.35, .pointerUp(x: x, y: y, button: 1)))
            #expect(state.screen == .scale, "\(name) under the pad opened nothing")
            #expect(state.numberPadEntry?.typed == "7", "\(name): the pad is still up with what was typed")
            #expect(state.scale.board.contacts.isEmpty, "\(name): a press on a dimmed button is no object")
        }
        #expect(effects.isEmpty, "nothing recorded or opened: \(effects)")
    }

    /// Both pads stand on one opaque panel that holds every key and the
    /// message, within the screen, at every size (at 800x480 the dimmed
    /// legend used to read through the number pad's title).
    @Test(arguments: [(640.0, 360.0), (800, 480), (1280, 720), (3840, 2160), (360, 640), (720, 1280)])
    func thePadsStandOnAPanelThatHoldsThem(width: Double, height: Double) {
        let size = Size(width, height)
        for rows in [4, 5] {
            for message in [120.0, 3 * width] {
                let plate = PinPad.plate(size: size, rows: rows, messageWidth: message)
                #expect(plate.x >= 0 && plate.y >= 0 && plate.x + plate.width <= width && plate.y + plate.height <= height, "\(plate)")
                for key in PinPad.grid(size: size, rows: rows) {
                    #expect(plate.x <= key.x && key.x + key.width <= plate.x + plate.width, "\(rows) rows: \(key) in \(plate)")
                    #expect(plate.y <= key.y && key.y + key.height <= plate.y + plate.height, "\(rows) rows: \(key) in \(plate)")
                }
                #expect(plate.y <= PinPad.top(size: size, rows: rows), "the message is on the panel")
                #expect(plate.width >= min(message, width), "a message as wide as \(message) fits on the panel")
            }
        }
    }
}
