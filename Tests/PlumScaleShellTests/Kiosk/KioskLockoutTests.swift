import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore

/// The PIN lockout: kept across restarts, counting down on its own; and the
/// pad fitting small screens.
extension KioskTests {
    // MARK: - The lockout and its countdown

    @Test func theLockoutIsSavedAndCountsDownOnItsOwn() throws {
        var station = try Station()
        station.state.clockOrigin = Date(timeIntervalSince1970: 1_000_000)
        station.down(50, Point(20, 20))
        station.advance(Kiosk.cornerSeconds + 0.1)
        station.up(50)
        var saved: [Effect] = []
        var lockedAt = 0.0
        for _ in 1...3 {
            for digit in "1111" { try station.tap(element: "pin-\(digit)") }
            let ok = try #require(station.state.scene().elements.first { $0.name == "pin-ok" }).rect.center
            saved += station.feed(.touchDown(TouchSample(id: 90, x: ok.x / 1280, y: ok.y / 720, pressure: 0.3)))
            lockedAt = station.t
            station.up(90)
        }
        #expect(Array(saved.prefix(2)) == [.saveLockout(failures: 1, lockedUntil: nil), .saveLockout(failures: 2, lockedUntil: nil)])
        #expect(saved.count == 3)
        guard case .saveLockout(3, let until?) = saved.last else {
            Issue.record("\(saved)")
            return
        }
        #expect(abs(until.timeIntervalSince1970 - (1_000_000 + lockedAt + 30)) < 1e-6, "wall clock: the origin plus core time")
        #expect(station.state.kiosk?.pinPad?.message == "Too many wrong PINs: wait 30 s")
        // With no input at all, ticks come at each whole second and the countdown moves.
        var seen: [String] = []
        var now = station.t
        while let wake = station.state.nextWake, wake < lockedAt + 31 {
            #expect(wake - now <= 1.0 + 1e-9, "a tick at least every second while locked")
            station.effects.feed(InputEvent(time: wake, .tick), to: &station.state)
            now = wake
            if let message = station.state.kiosk?.pinPad?.message, seen.last != message { seen.append(message) }
        }
        #expect(seen.first == "Too many wrong PINs: wait 29 s")
        #expect(seen.contains("Too many wrong PINs: wait 1 s"))
        #expect(seen.last == "Operator PIN", "the pad takes PINs again when the time is up")
        #expect(seen.count == 30)
    }

    @Test func aLockoutFromAnEarlierRunIsKept() throws {
        var station = try Station()
        station.state.clockOrigin = Date(timeIntervalSince1970: 2_000_000)
        station.state.restoreKioskLockout(failures: 3, lockedUntil: Date(timeIntervalSince1970: 2_000_000 + 20))
        station.down(50, Point(20, 20))
        station.advance(Kiosk.cornerSeconds + 0.1)
        #expect(station.state.kiosk?.pinPad?.message == "Too many wrong PINs: wait 17 s")
        station.up(50)
        for digit in "2468" { try station.tap(element: "pin-\(digit)") }
        try station.tap(element: "pin-ok")
        #expect(station.state.kiosk?.role == .passerBy, "the right PIN is refused while locked")
        // After the lock, one more wrong PIN locks for twice as long: the tries were not reset.
        station.advance(20)
        for digit in "1111" { try station.tap(element: "pin-\(digit)") }
        try station.tap(element: "pin-ok")
        #expect(station.state.kiosk?.pinPad?.message == "Too many wrong PINs: wait 60 s")
        // A wall clock far in the future is no reason to lock for longer than the most.
        var other = try Station()
        other.state.restoreKioskLockout(failures: 9, lockedUntil: Date(timeIntervalSince1970: 9e9))
        #expect(other.state.kiosk?.lockedUntil == Kiosk.maxLockSeconds)
    }

    @Test func theRightPinResetsTheLockoutAndSavesThat() throws {
        var station = try Station()
        station.state.restoreKioskLockout(failures: 2, lockedUntil: nil)
        station.down(50, Point(20, 20))
        station.advance(Kiosk.cornerSeconds + 0.1)
        station.up(50)
        for digit in "2468" { try station.tap(element: "pin-\(digit)") }
        let ok = try #require(station.state.scene().elements.first { $0.name == "pin-ok" }).rect.center
        station.down(90, ok)
        #expect(station.state.kiosk?.role == .operator)
        #expect(station.state.kiosk?.failures == 0)
    }

    @Test func thePadFitsAndNoNoticeCoversItOnASmallScreen() throws {
        for size in [Size(640, 360), Size(800, 480), Size(1280, 720), Size(1024, 600)] {
            let screen = Rect(x: 0, y: 0, width: size.width, height: size.height)
            for (action, rect) in PinPad.keyRects(size: size) {
                #expect(screen.contains(rect) && rect.height >= 40, "\(action.elementName) at \(size): \(rect)")
            }
        }
        // A notice raised while the pad is up waits: it is never drawn over the keys.
        var station = try Station(size: Size(800, 480))
        station.down(50, Point(20, 20))
        station.advance(Kiosk.cornerSeconds + 0.1)
        station.state.show("Saved weighing #12")
        let scene = station.state.scene()
        #expect(scene.elements.filter { $0.kind == .key }.count == 12)
        #expect(!scene.texts(station.state.metrics).contains { $0.text == "Saved weighing #12" })
    }
}
