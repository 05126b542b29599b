import Testing

@testable import PlumScaleCore

/// Where an evdev touchscreen's contacts land in a window, from each
/// source, and which source wins.
@Suite struct TouchPlacementTests {
    /// Two 1920×1080 monitors side by side; the window is 960×540 at
    /// (2400, 270), on the right-hand one.
    static let left = TouchPlacement.Rect(x: 0, y: 0, width: 1920, height: 1080)
    static let right = TouchPlacement.Rect(x: 1920, y: 0, width: 1920, height: 1080)
    static let window = TouchPlacement.Rect(x: 2400, y: 270, width: 960, height: 540)

    static func x11(_ m: [Double]) -> TouchPlacement.X11Mapping? {
        TouchPlacement.X11Mapping(coordinateTransformationMatrix: m, screenWidth: 3840, screenHeight: 1080)
    }

    static func near(_ p: (x: Double, y: Double), _ x: Double, _ y: Double) -> Bool {
        abs(p.x - x) < 1e-9 && abs(p.y - y) < 1e-9
    }

    @Test func withoutBetterTheDisplayThatHoldsTheWindowIsTheTouchscreen() {
        let placement = TouchPlacement()
        #expect(placement.source == .display)
        // The right monitor's centre is the window's centre.
        #expect(Self.near(placement.windowPosition(x: 0.5, y: 0.5, window: Self.window, display: Self.right), 0.5, 0.5))
        #expect(Self.near(placement.windowPosition(x: 0.25, y: 0.25, window: Self.window, display: Self.right), 0, 0))
    }

    @Test func x11sMatrixPutsATouchscreenOnTheSecondMonitor() throws {
        // `xinput map-to-output` for the right half of a 3840×1080 screen.
        let mapping = try #require(Self.x11([0.5, 0, 0.5, 0, 1, 0, 0, 0, 1]))
        let placement = TouchPlacement(x11: mapping)
        #expect(placement.source == .x11)
        // Whatever display SDL says holds the window (here, wrongly, the
        // left one), X11's matrix decides.
        for display in [Self.left, Self.right] {
            #expect(Self.near(placement.windowPosition(x: 0.5, y: 0.5, window: Self.window, display: display), 0.5, 0.5))
            #expect(Self.near(placement.windowPosition(x: 0.25, y: 0.25, window: Self.window, display: display), 0, 0))
            #expect(Self.near(placement.windowPosition(x: 0.75, y: 0.75, window: Self.window, display: display), 1, 1))
        }
    }

    @Test func x11sMatrixTurnsARotatedPanel() throws {
        // A 2-in-1 turned a quarter to the left (xinput's "0 -1 1 1 0 0 0 0 1"),
        // its one screen the whole X screen: the device's top-left corner is
        // the screen's top-right.
        let mapping = try #require(
            TouchPlacement.X11Mapping(coordinateTransformationMatrix: [0, -1, 1, 1, 0, 0, 0, 0, 1], screenWidth: 1080, screenHeight: 1920))
        let screen = TouchPlacement.Rect(x: 0, y: 0, width: 1080, height: 1920)
        let placement = TouchPlacement(x11: mapping)
        #expect(Self.near(placement.windowPosition(x: 0, y: 0, window: screen, display: screen), 1, 0))
        #expect(Self.near(placement.windowPosition(x: 1, y: 0, window: screen, display: screen), 1, 1))
        #expect(Self.near(placement.windowPosition(x: 0, y: 1, window: screen, display: screen), 0, 0))
    }

    @Test func udevsCalibrationComesFirstThenX11s() throws {
        // udev flips the panel left-right; X11 puts it on the right half.
        let calibration = TouchMappingFit.AffineMap(a: -1, b: 0, c: 1, d: 0, e: 1, f: 0)
        let mapping = try #require(Self.x11([0.5, 0, 0.5, 0, 1, 0, 0, 0, 1]))
        let placement = TouchPlacement(x11: mapping, calibration: calibration)
        // Device (0.5, 0.25) → calibrated (0.5, 0.25) → (0.75, 0.25) of the
        // screen, the window's centre column, its top.
        #expect(Self.near(placement.windowPosition(x: 0.5, y: 0.25, window: Self.window, display: Self.left), 0.5, 0))
        // Device (0, 0.25) → calibrated (1, 0.25) → screen x 1 → window x 1.5 (off to its right).
        #expect(Self.near(placement.windowPosition(x: 0, y: 0.25, window: Self.window, display: Self.left), 1.5, 0))
    }

    @Test func aFitFromSDLsTouchesBeatsEveryOtherSource() throws {
        let fitted = TouchMappingFit.AffineMap(a: 2, b: 0, c: -1, d: 0, e: 2, f: 0)
        let placement = TouchPlacement(
            fitted: fitted, x11: Self.x11([0.5, 0, 0.5, 0, 1, 0, 0, 0, 1]),
            calibration: TouchMappingFit.AffineMap(a: -1, b: 0, c: 1, d: 0, e: 1, f: 0))
        #expect(placement.source == .fitted)
        #expect(Self.near(placement.windowPosition(x: 0.75, y: 0.25, window: Self.window, display: Self.right), 0.5, 0.5))
    }

    @Test func aMatrixThatCannotPlaceAContactIsRefused() {
        #expect(Self.x11([1, 0, 0, 0, 1, 0, 0, 0, 1]) != nil)
        #expect(Self.x11([1, 0, 0, 0, 1, 0, 0.1, 0, 1]) == nil, "projective")
        #expect(Self.x11([1, 0, 0, 0, 1, 0, 0, 0]) == nil, "eight numbers")
        #expect(Self.x11([1, 0, .nan, 0, 1, 0, 0, 0, 1]) == nil, "not a number")
        #expect(
            TouchPlacement.X11Mapping(coordinateTransformationMatrix: [1, 0, 0, 0, 1, 0, 0, 0, 1], screenWidth: 0, screenHeight: 1080)
                == nil)
    }
}
