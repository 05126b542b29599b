import Testing

@testable import PlumScaleCore

/// The eccentricity test's reducer alone: each place is read only with the
/// reference alone on it, stable and not fading; Save asks the shell.
@Suite struct EccentricityReducerTests {
    static func glass(
        at place: EccentricityTest.Place, force: Double = 0.2, stable: Bool = true, fading: Bool = false, contacts: Int = 1
    ) -> EccentricityGlass {
        EccentricityGlass(
            reference: .weighed(force: force, stable: stable, fading: fading), contactsOnGlass: contacts,
            referencePoint: place.point, grams: { $0 * 1000 }, format: WeightFormat(unit: .g, stepGrams: 1))
    }

    @Test func aPlaceIsReadOnlyWithTheReferenceAloneStillAndOnIt() {
        var run = EccentricityRun(stepGrams: 1, correcting: false)
        let fresh = run
        for glass in [
            Self.glass(at: .centre, stable: false), Self.glass(at: .centre, fading: true), Self.glass(at: .centre, contacts: 2),
            Self.glass(at: .topLeft),
        ] {
            EccentricityRun.readingSettled(into: &run) { glass }
            #expect(run == fresh)
        }
        EccentricityRun.readingSettled(into: &run) { Self.glass(at: .centre) }
        #expect(run.test.readings[.centre] == 200)
        #expect(run.place == .topLeft)
    }

    @Test func theFivePlacesReadGiveAResultAndSaveAsksTheShell() throws {
        var run = EccentricityRun(stepGrams: 1, correcting: false)
        let forces: [(EccentricityTest.Place, Double)] = [
            (.centre, 0.2), (.topLeft, 0.21), (.topRight, 0.2), (.bottomLeft, 0.19), (.bottomRight, 0.2),
        ]
        for (place, force) in forces { EccentricityRun.readingSettled(into: &run) { Self.glass(at: place, force: force) } }
        #expect(run.place == nil)
        let result = try #require(run.result)
        #expect(result.largestDifferenceGrams == 20, "210 g and 190 g against the centre's 200 g")
        let map = try #require(result.map, "20 d off: a correction is fitted")
        #expect(run.offersSave)
        let test = EccentricityRecord(readings: run.test.readings, largestDifferenceGrams: 20, inD: result.inD)
        var store = ReducerStore(run, context: EccentricityContext(device: "panel", role: .user))
        store.send(.saveTapped, asks: [.perform(.saveEccentricity(device: "panel", map: map, test: test, role: .user))])
        store.send(.againTapped, asks: [.startAgain])
        store.send(.cancelTapped, asks: [.close])
    }
}
