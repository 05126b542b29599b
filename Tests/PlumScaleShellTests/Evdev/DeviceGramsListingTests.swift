import Testing

@testable import PlumScale
@testable import PlumScaleCore

/// `plumscale devices` says where a panel's grams come from: its own
/// ABS_MT_PRESSURE resolution, or a calibration (issue 15).
@Suite struct DeviceGramsListingTests {
    @Test func devicesSaysWhenGramsComeFromTheDevice() {
        let pressure = AbsAxis(code: AbsCode.mtPressure, minimum: 0, maximum: 1000, resolution: 10)
        let x = AbsAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 100)
        let y = AbsAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 100)
        let lines = TouchDeviceScanner.describe("/dev/input/event9", TouchDeviceDescription(name: "pad", axes: [x, y, pressure]))
        #expect(
            lines.contains(
                "  grams: from the device, without calibration (ABS_MT_PRESSURE resolution 10 units per gram: "
                    + "0...100 g over its range); a calibration can check and refine them"))
        let none = TouchDeviceScanner.describe(
            "/dev/input/event9",
            TouchDeviceDescription(
                name: "pad", axes: [x, y, AbsAxis(code: AbsCode.mtPressure, minimum: 0, maximum: 1000)]))
        #expect(
            none.contains(
                "  grams: only after calibration (ABS_MT_PRESSURE has no resolution in units per gram; "
                    + "calibrate with known masses)"))
    }
}
