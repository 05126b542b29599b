import Testing

@testable import PlumScaleCore

@Suite struct LayoutTests {
    @Test func landscapeIsUnrotated() {
        let layout = Layout(screen: Size(1280, 720))
        #expect(layout.rotation == 0)
        #expect(layout.size == Size(1280, 720))
        #expect(layout.layoutPoint(normalizedX: 0.5, normalizedY: 0.25) == Point(640, 180))
    }

    @Test func portraitRotatesTheLayoutClockwise() {
        let layout = Layout(screen: Size(720, 1280))
        #expect(layout.rotation == 90)
        #expect(layout.size == Size(1280, 720))
        // The screen's top-right corner is the layout's origin.
        #expect(layout.layoutPoint(normalizedX: 1, normalizedY: 0) == Point(0, 0))
        // The screen's bottom-left corner is the layout's bottom-right.
        #expect(layout.layoutPoint(normalizedX: 0, normalizedY: 1) == Point(1280, 720))
    }

    @Test(arguments: [(0.1, 0.2), (0.9, 0.05), (0.5, 0.5), (0.0, 1.0)])
    func touchesRoundTripThroughTheRotation(nx: Double, ny: Double) {
        let layout = Layout(screen: Size(720, 1280))
        let p = layout.layoutPoint(normalizedX: nx, normalizedY: ny)
        let back = layout.screenPoint(p)
        #expect(abs(back.x - nx * 720) < 1e-9)
        #expect(abs(back.y - ny * 1280) < 1e-9)
    }
}
