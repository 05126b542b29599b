import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// The kiosk's auto-record through replays: once per set of objects laid
/// down, once it has lain stable for a second, and then asleep.
@Suite struct KioskAutoRecordTests {
    /// The objects of each weighing saved by `t`, newest first.
    func savedObjectCounts(_ lines: [String], at t: Double) throws -> [Int] {
        let history = try HistoryService(temporary: ())
        let state = try KioskTests().state(lines, at: t, history: history)
        #expect(state.running)
        return try history.store.rows(limit: 10).map(\.objectCount)
    }

    @Test func autoRecordSavesOncePerPlacement() throws {
        let lines = [
            #"{"t":0,"type":"down","id":1,"x":0.3,"y":0.5,"pressure":0.4}"#,
            #"{"t":0.1,"type":"down","id":2,"x":0.7,"y":0.5,"pressure":0.6}"#,
            // Both stable after 0.5 s, recorded 1 s later; nothing changes until t=6.
            #"{"t":6,"type":"up","id":2}"#,
            // The set changed: one more weighing once id 1 alone has been stable 1 s.
        ]
        #expect(try savedObjectCounts(lines, at: 9) == [1, 2])
    }

    /// Two objects lifted together, the second up a moment after the first
    /// (0.4 s here; under cage on a loaded machine the journey's two ups
    /// were taken apart): the one left for that moment is no weighing. The
    /// set's second counts from when it is what lies there, not from when
    /// the objects before it settled.
    @Test func liftingTwoObjectsSavesNoWeighingOfTheOneLeft() throws {
        let lines = [
            #"{"t":0,"type":"down","id":1,"x":0.3,"y":0.5,"pressure":0.4}"#,
            #"{"t":0.1,"type":"down","id":2,"x":0.7,"y":0.5,"pressure":0.6}"#,
            #"{"t":6,"type":"up","id":2}"#,
            #"{"t":6.4,"type":"up","id":1}"#,
        ]
        #expect(try savedObjectCounts(lines, at: 9) == [2])
    }

    /// Objects left on an unattended kiosk: once their set is recorded
    /// nothing changes, so the kiosk sleeps until the attract mode is due,
    /// not a tick every frame.
    @Test func aLoadedKioskSleepsOnceItHasRecorded() throws {
        let history = try HistoryService(temporary: ())
        let lines = [#"{"t":0,"type":"down","id":1,"x":0.3,"y":0.5,"pressure":0.4}"#]
        let settling = try KioskTests().state(lines, at: 0.3, history: history)
        #expect(try #require(settling.nextWake) < 0.3 + 0.1, "still settling: frames")
        let recorded = try KioskTests().state(lines, at: 8, history: history)  // past the "Saved" notice too
        #expect(try history.store.count() == 1)
        let wake = try #require(recorded.nextWake)
        #expect(wake >= 60, "asleep until the idle timeout, not \(wake)")
    }
}
