import Foundation
import PlumScaleCore

/// Issue 28's eccentricity test on screen: the wizard offering it, the
/// test asking for the centre and for a corner on the right (its panel
/// then on the left), a reference on its way to stable, the result, and
/// the scale with the saved correction.
extension ScreenCases {
    /// The calibrated panel reading 3% more towards its bottom-right corner.
    static func eccentricGain(_ x: Double, _ y: Double) -> Double { 1 + 0.25 * max(0, x - 0.5) * max(0, y - 0.5) }

    /// The wizard opened (k) and the test from it (e).
    static func eccentricityState(_ width: Int, _ height: Int) -> AppState {
        var s = state(width, height, config: calibrated)
        key(.character("k"), &s, at: 0.1)
        key(.character("e"), &s, at: 0.2)
        return s
    }

    /// A 200 g reference put at `place` at `t`, and left for `seconds`; lifted unless `stays`.
    static func putReference(at place: EccentricityTest.Place, _ s: inout AppState, t: Double, seconds: Double = 2, stays: Bool = false) {
        let (x, y) = place.point
        let id = 200 + (EccentricityTest.Place.allCases.firstIndex(of: place) ?? 0)
        s.apply(InputEvent(time: t, .touchDown(TouchSample(id: id, x: x, y: y, pressure: 0.2 * eccentricGain(x, y), touchMajor: 0.2))))
        settle(&s, until: t + seconds)
        if !stays { s.apply(InputEvent(time: t + seconds, .touchUp(id: id))) }
    }

    static func eccentricityCases(_ width: Int, _ height: Int) -> [ScreenCase] {
        var cases: [ScreenCase] = []
        func add(_ name: String, _ state: AppState) { cases.append(ScreenCase(name: name, state: state)) }
        var wizard = state(width, height, config: calibrated)
        key(.character("k"), &wizard, at: 0.1)
        add("calibrate-calibrated", wizard)
        let centre = eccentricityState(width, height)
        add("eccentricity-centre", centre)
        var right = eccentricityState(width, height)
        putReference(at: .centre, &right, t: 1)
        putReference(at: .topLeft, &right, t: 3.5)
        add("eccentricity-top-right", right)
        var placed = right
        putReference(at: .topRight, &placed, t: 6, seconds: 0.2, stays: true)
        add("eccentricity-top-right-placed", placed)
        var result = eccentricityState(width, height)
        for (i, place) in EccentricityTest.Place.allCases.enumerated() { putReference(at: place, &result, t: 1 + 2.5 * Double(i)) }
        add("eccentricity-result", result)
        var config = calibrated
        config.eccentricity["Test panel"] = GainMap(gains: [
            .centre: 1, .topLeft: 1, .topRight: 1, .bottomLeft: 1, .bottomRight: 1 / 1.030625,
        ])
        var corrected = state(width, height, config: config)
        place(five, on: &corrected)
        add("scale-corrected", corrected)
        return cases
    }
}
