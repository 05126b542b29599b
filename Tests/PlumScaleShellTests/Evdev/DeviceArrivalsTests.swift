import Foundation
import Testing

@testable import PlumScale

/// The udev monitor the reader waits on after a loss. Real arrivals need a
/// device plugged in (or uinput) and udevd; here: that a monitor opens and
/// says nothing arrived when nothing did.
@Suite struct DeviceArrivalsTests {
    @Test(.enabled(if: DeviceArrivals() != nil, "this system allows no udev netlink monitor"))
    func aMonitorOpensAndReportsNothingWhenNothingCame() throws {
        let arrivals = try #require(DeviceArrivals())
        #expect(arrivals.fd >= 0)
        var entry = pollfd(fd: arrivals.fd, events: Int16(POLLIN), revents: 0)
        if poll(&entry, 1, 0) == 0 {
            #expect(!arrivals.arrived("/dev/input/event-plumscale-none"))
        }
    }

    @Test func aNodeWithoutCalibrationHasNoMatrix() {
        // /dev/null is a character device udev knows, with no such property.
        #expect(UdevCalibration.matrix(for: "/dev/null") == nil)
        #expect(UdevCalibration.matrix(for: "/nonexistent/event0") == nil)
    }
}
