import Testing

@testable import PlumScaleCore

/// The scale screen's view alone: a function of what it is given to show
/// (ScaleView), with no station behind it. Its facts are made here by
/// hand, as the root would gather them.
@Suite struct ScaleViewTests {
    static let size = Size(1280, 720)

    static func view(shown: [ContactView] = [], asksForObjects: Bool = true, footer: ScaleView.Footer? = nil) -> ScaleView {
        let metrics = TextMetrics.estimate
        return ScaleView(
            layout: Layout(screen: size), metrics: metrics, panel: ScaleButtonPanel(size: size, mode: .force, metrics: metrics),
            deviceNotice: nil, modeBanner: [], sourceMode: .force, shown: shown, total: ScaleTotal(shown, mode: .force),
            indicator: nil, asksForObjects: asksForObjects, pad: nil, operatorBar: false, footer: footer)
    }

    /// A settled reading of `displayed` force, untared.
    static func reading(_ displayed: Double, heaviest: Bool = false) -> ContactReading {
        ContactReading(
            displayed: displayed, tare: 0, grams: nil, presetTare: nil, stable: true, stableProgress: 1, heaviest: heaviest, tied: false,
            overload: false, net: false, fading: false)
    }

    static func texts(_ scene: Scene) -> [String] { scene.texts(.estimate).map(\.text) }

    @Test func anEmptyScaleAsksForObjectsOnlyWhenToldTo() {
        #expect(Self.texts(Self.view().scene()).contains(Plum.prompt))
        // A refused device, or the eccentricity test's panel, says instead.
        #expect(!Self.texts(Self.view(asksForObjects: false).scene()).contains(Plum.prompt))
    }

    @Test func theFooterSaysWhatItIsGivenBottomUpAndTheWizardHidesIt() {
        let footer = ScaleView.Footer(
            fitSummary: "Calibrated, 2 points", mouse: nil, fleet: "Fleet: connected", due: ("Calibration due in 3 days", .grey),
            mode: ("Counting · 1 piece 12.5 g", .ink), carrier: "Carrier tared: put the object on it")
        let scene = Self.view(footer: footer).scene()
        let placed = scene.texts(.estimate)
        func top(_ text: String) -> Double? { placed.first { $0.text == text }?.rect.y }
        let order = [
            "Carrier tared: put the object on it", "Counting · 1 piece 12.5 g", "Calibrated, 2 points", "Calibration due in 3 days",
            "Fleet: connected",
        ]
        let tops = order.compactMap(top)
        #expect(tops.count == order.count, "every line drawn: \(placed.map(\.text))")
        #expect(tops == tops.sorted(), "top to bottom as given: \(zip(order, tops).map { "\($0) \($1)" })")
        #expect(scene.elements.map(\.name).contains("record"), "the buttons are up")
        // With the wizard's panel up: no footer, no buttons.
        let wizard = Self.view(footer: footer).scene(withButtons: false, reserved: [Rect(x: 860, y: 0, width: 420, height: 720)])
        #expect(Self.texts(wizard).allSatisfy { !order.contains($0) }, "\(Self.texts(wizard))")
        #expect(wizard.elements.isEmpty)
    }

    @Test func eachContactIsDrawnWithItsLabel() {
        var heavy = ContactView(id: 1, position: Point(400, 300), radius: 150, mode: .force)
        heavy.reading = Self.reading(0.6, heaviest: true)
        var light = ContactView(id: 2, position: Point(900, 300), radius: 90, mode: .force)
        light.reading = Self.reading(0.2)
        let scene = Self.view(shown: [heavy, light]).scene()
        #expect(Self.texts(scene).contains("60.0%") && Self.texts(scene).contains("20.0%"), "\(Self.texts(scene))")
        #expect(!Self.texts(scene).contains(Plum.prompt))
        let yellow = scene.shapes.filter { if case .disc(_, 150, .yellow) = $0 { true } else { false } }
        #expect(yellow.count == 1, "the heaviest filled")
        #expect(scene.labelGroups.first?.labels.count == 2)
    }
}
