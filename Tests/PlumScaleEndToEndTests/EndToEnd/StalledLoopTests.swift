import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// A loop that could not run for a while (a slow frame, a loaded machine;
/// here the whole program stopped with SIGSTOP) keeps the recording's
/// order when it runs again: the frame ticks that fell due while it was
/// stopped are given before the input that queued up behind them, as
/// `render` gives them. Found in CI under load: a passer-by's finger held
/// 3 s on the admin corner was lifted while the loop was busy, the lift
/// was read before the tick that ends the hold, and the PIN pad never
/// opened, where render of the same recording opened it.
@Suite struct StalledLoopTests {
    @Test func aCornerHoldEndsBeforeItsLiftAfterTheProgramWasStopped() throws {
        let replay = [
            #"{"plumscale-replay":1,"device":{"name":"journey panel","pressure":true}}"#,
            // The admin corner (80 px square) held from 1.5 s: the pad opens at 4.5 s.
            #"{"t":1.5,"type":"down","id":1,"x":0.03,"y":0.05,"pressure":0.3}"#,
            #"{"t":5.2,"type":"up","id":1}"#,
        ]
        let journey = try Journey(
            "stalled-corner", size: (800, 480), replay: replay, arguments: ["--kiosk", "--allow-root"], config: #"{"kiosk":{"pin":"2468"}}"#
        )
        let origin = try waitFor("the recording's header", timeout: 10) { journey.recordingStarted }
        func wait(until t: Double) throws {
            try waitFor("\(t) s of the replay", timeout: 30) { Date().timeIntervalSince(origin) >= t ? true : nil }
        }
        // Stopped from before the hold's end until after its lift.
        try wait(until: 4.0)
        kill(journey.app.pid, SIGSTOP)
        try wait(until: 6.0)
        kill(journey.app.pid, SIGCONT)
        let state = try journey.step("after-the-stop", after: 1.0)
        #expect(Journey.element("pin-1", in: state) != nil, "the PIN pad is up: \(state["elements"] ?? "")")
        #expect(state["role"] as? String == "passer-by", "\(state["role"] ?? "")")
    }
}
