import Testing

@testable import PlumScaleCore

/// An object left where the wizard's panel comes up, its circle wholly
/// under the panel: its reading goes to a free place about it, else to the
/// free place nearest it with a leader, never over the panel's controls (found by a random session:
/// "495 g" lay across Zero and Zero with carrier).
@Suite struct LabelUnderPanelTests {
    @Test(arguments: [(1262.6, 12.86, 0.495), (1113.7, 99.5, 0.3), (1270.0, 700.0, 0.9)])
    func aReadingUnderThePanelStaysOffItsControls(x: Double, y: Double, force: Double) throws {
        var state = AppState(
            screen: Size(1280, 720), source: .replay(ReplayDevice(name: "Test panel", mode: .force)),
            config: Config(calibrations: ["Test panel": [CalibrationPoint(force: 0, grams: 0), CalibrationPoint(force: 0.5, grams: 500)]]))
        state.apply(InputEvent(time: 0, .touchDown(TouchSample(id: 1, x: x / 1280, y: y / 720, pressure: force))))
        for i in 1...120 { state.apply(InputEvent(time: Double(i) / 60, .tick)) }
        state.apply(InputEvent(time: 2.1, .keyDown(.character("k"), modifiers: [])))
        let wizard = try #require(state.screen.wizard)
        let scene = state.scene()
        #expect(LayoutCheck.problems(in: scene, metrics: state.metrics).isEmpty)
        let label = try #require(scene.labelGroups.first?.labels.first)
        #expect(!label.rect.intersects(state.calibrationLayout(wizard).panel), "\(label.rect)")
        // Where nothing about its circle is free, a leader says whose it is.
        #expect(label.leader || !label.crowded)
    }
}
