import Foundation
import Testing

@testable import PlumScaleCore

/// Each feature's actions, stated as the whole state they lead to (TCA's
/// way): the expected state is built by hand from the state before, so a
/// change to anything else fails the test.
@Suite struct FeatureStateTests {
    static let panel = InputSource.replay(ReplayDevice(name: "panel", mode: .force))

    static func key(_ key: Key, at t: Double) -> InputEvent { InputEvent(time: t, .keyDown(key, modifiers: [])) }
    static func tick(_ t: Double) -> InputEvent { InputEvent(time: t, .tick) }

    /// `state` as it is once time has moved on to `t` with nothing else
    /// happening (a key nobody uses released: the clock moves, nothing else).
    static func later(_ state: AppState, _ t: Double) -> AppState {
        var state = state
        state.apply(InputEvent(time: t, .keyUp(.other("unused"), modifiers: [])))
        return state
    }

    @Test func recordWithNothingOnTheScaleSavesNothingAndSaysSo() {
        var state = AppState(screen: Size(1280, 720), source: Self.panel)
        var expected = Self.later(state, 2)
        expected.show("Nothing recorded: there is nothing on the scale.")
        let update = state.apply(Self.key(.space, at: 2))
        #expect(state == expected)
        #expect(update == [])
    }

    @Test func recordWithAnObjectAsksTheShellToSaveIt() {
        var state = AppState(screen: Size(1280, 720), source: Self.panel)
        state.apply(InputEvent(time: 0, .touchDown(TouchSample(id: 7, x: 0.25, y: 0.5, pressure: 0.4))))
        state = Self.later(state, 1)
        let view = try? #require(state.contactViews.first)
        var expected = state
        expected.show("Saving…", seconds: 10)
        let update = state.apply(Self.key(.space, at: 1))
        #expect(state == expected)
        let object = WeighedObject(
            index: 0, x: 320, y: 360, force: view?.force, grams: nil, stable: view?.stable ?? false, tare: 0)
        #expect(update == [.save(device: "panel", mode: .force, objects: [object], units: .g, step: nil)])
    }

    @Test func historyTappedOpensTheTableAndAsksForItsFirstPage() {
        var state = AppState(screen: Size(1280, 720), source: Self.panel)
        var expected = Self.later(state, 1)
        var browser = HistoryBrowser(peek: expected.peekConfig)
        let pages = browser.pageRequests(height: 720)
        expected.screen = .history(browser)
        let update = state.apply(Self.key(.character("h"), at: 1))
        #expect(state == expected)
        #expect(update == [.loadRows(page: 0, after: nil, limit: HistoryBrowser.pageSize)])
        #expect(pages == update)
    }

    @Test func theWizardFromCalibrateToAMassTyped() {
        var state = AppState(screen: Size(1280, 720), source: Self.panel)
        state.apply(Self.key(.character("k"), at: 1))
        var wizard = CalibrationWizard(mode: .force)
        #expect(state.screen == .calibration(wizard))
        #expect(wizard.step == .clear && wizard.message.hasPrefix("Clear the screen, then press Zero;"))

        var expected = Self.later(state, 2)
        wizard.step = .place
        wizard.points = [CalibrationWizard.zeroPoint]
        wizard.message =
            "Zero is point 1 of the fit (no load: force 0 = 0 g). "
            + "Place a reference of known mass, enter its mass or pick a coin, then press Capture."
        expected.screen = .calibration(wizard)
        state.perform(.zeroTapped)
        state = Self.later(state, 2)
        #expect(state == expected)

        expected = Self.later(state, 3)
        wizard.massText = "7.5"
        wizard.message = "Mass \(Plum.grams(7.5)). With the reference on the glass, press Capture (Enter)."
        expected.screen = .calibration(wizard)
        state.apply(Self.key(.character("7"), at: 3))
        state.apply(Self.key(.character("."), at: 3))
        state.apply(Self.key(.character("5"), at: 3))
        #expect(state == expected)

        expected = Self.later(state, 4)
        wizard.massText = String(Coin.presets[1].grams)
        wizard.message = "Mass \(Plum.grams(8.5)). With the reference on the glass, press Capture (Enter)."
        expected.screen = .calibration(wizard)
        state = Self.later(state, 4)
        state.perform(.presetChosen(Coin.presets[1]))
        #expect(state == expected)

        expected = Self.later(state, 5)
        expected.screen = .scale
        state.apply(Self.key(.escape, at: 5))
        #expect(state == expected, "Escape cancels the wizard and nothing else")
    }

    /// Found by hand: at the wizard's last step `h` opened the history and
    /// dropped the fit unsaved, and space saved a weighing under the wizard.
    @Test func theScalesKeysDoNothingInTheWizard() {
        var state = AppState(screen: Size(1280, 720), source: Self.panel)
        state.apply(Self.key(.character("k"), at: 1))
        state.perform(.zeroTapped)
        let before = Self.later(state, 2)
        for key in ScaleAction.allCases.map(\.key) where key != .escape {
            let effects = state.apply(Self.key(key, at: 2))
            #expect(effects.isEmpty, "\(key) asked for \(effects)")
        }
        #expect(state == before)
    }

    @Test func backFromTheDetailReturnsToTheTableAsItWas() {
        var state = AppState(screen: Size(1280, 720), source: Self.panel)
        state.apply(Self.key(.character("h"), at: 1))
        let table = try? #require(state.screen.browser)
        state.openDetail(3, from: table ?? HistoryBrowser(peek: state.peekConfig))
        #expect(state.outbox == [.loadWeighing(id: 3)], "opening asks for the weighing")
        state.outbox.removeAll()
        var expected = Self.later(state, 2)
        expected.screen = .history(table ?? HistoryBrowser(peek: state.peekConfig))
        let update = state.apply(Self.key(.escape, at: 2))
        #expect(state == expected)
        #expect(update == [], "\(update)")
    }

    @Test func theOperatorsPINUnlocksOperatorMode() {
        var config = Config.defaults
        config.kiosk.pin = "1505"
        var state = AppState(screen: Size(1280, 720), source: Self.panel, config: config, kiosk: true)
        // Hold the top-left corner for the set time: the pad opens.
        state.apply(InputEvent(time: 0, .touchDown(TouchSample(id: 50, x: 0.02, y: 0.02, pressure: 0.3))))
        state.apply(Self.tick(Kiosk.cornerSeconds + 0.01))
        #expect(state.kiosk?.pinPad == PinPad(entered: "", message: "Operator PIN"))
        #expect(state.scale.isEmpty, "the corner hold is not a contact")
        state.apply(InputEvent(time: 3.2, .touchUp(id: 50)))
        for (i, digit) in [1, 5, 0, 5].enumerated() {
            state.apply(Self.key(.character(Character(String(digit))), at: 4 + Double(i) / 10))
        }
        #expect(state.kiosk?.pinPad?.entered == "1505")
        var expected = Self.later(state, 5)
        // The pad's OK with the right PIN: the one route to the operator.
        #expect(expected.kiosk?.pinPadTapped(.okTapped, now: 5) == true)
        #expect(expected.kiosk?.pinPad == nil && expected.kiosk?.role == .operator)
        expected.kiosk?.lastInput = 5
        expected.kiosk?.lastDeliberateInput = 5
        expected.refreshButtonPanel()
        expected.show("Operator mode: locks again after 120 s without input", on: .some(nil))
        let update = state.apply(Self.key(.enter, at: 5))
        #expect(update == [], "the right PIN unlocks; it does not leave")
        #expect(state == expected)
        #expect(state.scaleButtons.map(\.action).contains(.calibrateTapped), "Calibrate is back for the operator")
    }

    @Test func leaveKioskTappedEndsTheKiosk() throws {
        var config = Config.defaults
        config.kiosk.pin = "1505"
        var state = AppState(screen: Size(1280, 720), source: Self.panel, config: config, kiosk: true)
        state.enterOperatorPIN()
        let leave = try #require(state.scene().elements.first { $0.name == "kiosk-leave" })
        var expected = Self.later(state, 1)
        expected.kiosk?.lastInput = 1
        expected.kiosk?.lastDeliberateInput = 1
        expected.running = false
        let update = state.apply(
            InputEvent(
                time: 1,
                .pointerDown(
                    x: leave.rect.center.x / 1280, y: leave.rect.center.y / 720, button: 1, modifiers: [])))
        #expect(update == [.quit])
        #expect(state == expected)
    }
}
