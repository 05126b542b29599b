import Testing

@testable import PlumScaleCore

/// The calibration wizard's reducer alone: its state, its actions, what it
/// asks of the station; no AppState, no events.
@Suite struct CalibrationReducerTests {
    static func store(reference: ContactView? = nil, contacts: Int = 0) -> ReducerStore<CalibrationWizard> {
        ReducerStore(
            CalibrationWizard(mode: .force),
            context: CalibrationContext(reference: reference, contactsOnGlass: contacts, device: "panel", role: .operator))
    }

    @Test func zeroOnAClearGlassClearsTheTaresAndAsksForAReference() {
        var store = Self.store()
        store.send(.zeroTapped, asks: [.clearTares]) {
            $0.points = [CalibrationWizard.zeroPoint]
            $0.step = .place
            $0.message =
                "Zero is point 1 of the fit (no load: force 0 = 0 g). "
                + "Place a reference of known mass, enter its mass or pick a coin, then press Capture."
        }
    }

    @Test func zeroWithSomethingOnTheGlassIsRefusedAndSaysWhy() {
        var store = Self.store(reference: .weighed(force: 0.2, stable: true), contacts: 1)
        store.send(.zeroTapped) {
            $0.message = "Something is still on the glass: clear it, then press Zero (or Zero with carrier)."
        }
    }

    @Test func aDigitTypedIsAMassNotACapture() {
        var store = Self.store()
        store.send(.zeroTapped, asks: [.clearTares]) { $0.recordZero() }
        store.context.reference = .weighed(force: 0.3, stable: true)
        store.context.contactsOnGlass = 1
        store.send(.digitTyped(5)) {
            $0.massText = "5"
            $0.message = "Mass 5.0 g. With the reference on the glass, press Capture (Enter)."
        }
        store.send(.digitTyped(0)) {
            $0.massText = "50"
            $0.message = "Mass 50.0 g. With the reference on the glass, press Capture (Enter)."
        }
        #expect(store.state.points.count == 1, "typing captured nothing")
        store.send(.captureTapped) {
            $0.capture(force: 0.3)
        }
        #expect(store.state.points.last == CalibrationPoint(force: 0.3, grams: 50))
    }

    @Test func captureOfASettlingReferenceWaitsForItToBeStable() {
        var store = Self.store()
        store.send(.zeroTapped, asks: [.clearTares]) { $0.recordZero() }
        store.context.reference = .weighed(force: 0.3, stable: false)
        store.context.contactsOnGlass = 1
        store.send(.presetChosen(Coin(name: "1 € coin", grams: 7.5))) {
            $0.massText = "7.5"
            $0.promptForCapture()
        }
        store.send(.captureTapped) {
            $0.captureRequested = true
            $0.message = "Waiting for a stable reading of 7.5 g…"
        }
        var wizard = store.state
        CalibrationWizard.readingSettled(into: &wizard) { .weighed(force: 0.3, stable: false) }
        #expect(wizard == store.state, "still settling: nothing taken")
        CalibrationWizard.readingSettled(into: &wizard) { .weighed(force: 0.25, stable: true, tare: 0.05) }
        #expect(wizard.points.last == CalibrationPoint(force: 0.3, grams: 7.5), "taken untared once stable")
        #expect(!wizard.captureRequested)
    }

    @Test func saveAsksTheShellWithTheDeviceAndTheRole() {
        var store = Self.store()
        store.send(.saveTapped, asks: [.perform(.saveCalibration(device: "panel", points: [], role: .operator))])
        store.send(.cancelTapped, asks: [.close])
    }

    @Test func theEccentricityTestIsOfferedOnlyOnACalibratedDeviceAtTheFirstStep() {
        var store = Self.store()
        store.send(.eccentricityTapped)
        var calibrated = ReducerStore(CalibrationWizard(mode: .force, calibrated: true), context: store.context)
        calibrated.send(.eccentricityTapped, asks: [.openEccentricity])
    }
}
