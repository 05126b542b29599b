@testable import PlumScaleCore

/// A protocol B test device: 4 slots, X 0...1000, Y 0...500, pressure
/// 0...200, touch major 0...10.
func slotDevice(pressure: Bool = true, major: Bool = true) -> TouchDeviceDescription {
    var axes = [
        AbsAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 3),
        AbsAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 1000),
        AbsAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 500),
        AbsAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535),
    ]
    if pressure { axes.append(AbsAxis(code: AbsCode.mtPressure, minimum: 0, maximum: 200)) }
    if major { axes.append(AbsAxis(code: AbsCode.mtTouchMajor, minimum: 0, maximum: 10)) }
    return TouchDeviceDescription(name: "test", axes: axes)
}

/// Event builders.
func abs(_ code: UInt16, _ value: Int32, _ t: Double = 0) -> KernelEvent {
    KernelEvent(time: t, type: EventType.abs, code: code, value: value)
}
func syn(_ t: Double = 0, _ code: UInt16 = SynCode.report) -> KernelEvent {
    KernelEvent(time: t, type: EventType.syn, code: code, value: 0)
}
