import Foundation
import Testing

@testable import PlumScaleCore

/// Issue 16, hangs: replay times near 2^48 s spun the tick loop for ever
/// (now + 1/60 == now there), and a long gap with a contact that never
/// settles asked for a tick every frame for the whole gap. The loop is
/// bounded by time; replay times are at most 1e9 s.
@Suite struct ReplayTimeTests {
    static let device = ReplayDevice(name: "test", mode: .force)

    static func sample(_ pressure: Double) -> TouchSample {
        TouchSample(id: 1, x: 0.5, y: 0.5, pressure: pressure)
    }

    // No time limit trait: in the parallel suite a test can wait longer than
    // any limit for a thread; a regression here hangs, and CI's own limit ends it.
    @Test func timesNear2To48DoNotSpinTheTickLoop() {
        let t = 281_474_976_710_656.0  // 2^48: its ulp is 1/16 s
        let replay = Replay(
            device: Self.device,
            events: [
                InputEvent(time: t, .touchDown(Self.sample(0.3))),
                InputEvent(time: t + 16, .touchMove(Self.sample(0.6))),
            ])
        let state = ReplayClock.state(of: replay, at: nil, screen: Size(320, 180))
        #expect(state.scale.board.contacts.count == 1)
    }

    @Test func aLongGapTicksOnlyInTheWindowBeforeTheNextEvent() {
        var state = AppState(screen: Size(1280, 720), source: .replay(Self.device))
        state.contactTimeout = 1e12  // the contact stays for the whole gap
        state.apply(InputEvent(time: 0, .touchDown(Self.sample(0.3))))
        state.apply(InputEvent(time: 0.01, .touchMove(Self.sample(0.9))))
        #expect(state.nextWake != nil, "settling: the core asks for frame ticks")
        var ticks = 0
        var times: [Double] = []
        ReplayClock.tick(&state, until: 1e9) { state, event in
            ticks += 1
            times.append(event.time)
            state.apply(event)
        }
        #expect(ticks <= Int(ReplayClock.tickWindow / ReplayClock.minimumTickStep) + 1)
        #expect(times.allSatisfy { $0 < 1e9 } && zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        #expect(
            times.first.map { $0 >= 1e9 - ReplayClock.tickWindow } == true || ticks < 700,
            "ticks only near the event, or settled within its own window")
    }

    @Test func aContactStillExpiresAcrossALongGap() {
        var state = AppState(screen: Size(1280, 720), source: .replay(Self.device))
        state.contactTimeout = 300
        state.apply(InputEvent(time: 0, .touchDown(Self.sample(0.3))))
        ReplayClock.tick(&state, until: 1e6)
        #expect(state.scale.board.contacts.isEmpty, "the tick at the window's start expired it")
    }

    @Test(arguments: [
        (#"{"t":281474976710656,"type":"quit"}"#, "expected \"t\" to be a number of seconds >= 0 and <= 1e9, found 281474976710656.0"),
        (#"{"t":1000000000.5,"type":"quit"}"#, "expected \"t\" to be a number of seconds >= 0 and <= 1e9, found 1000000000.5"),
    ])
    func replayTimesAboveTheMaximumAreErrorsNamingTheLine(line: String, message: String) {
        let text = #"{"t":0,"type":"down","id":1,"x":0.5,"y":0.5,"pressure":0.5}"# + "\n" + line + "\n"
        #expect(throws: InputFileError(file: "big.jsonl", line: 2, message)) {
            try JSONLinesReplay.parse(text, file: "big.jsonl")
        }
        #expect(throws: Never.self) {
            try JSONLinesReplay.parse(#"{"t":1000000000,"type":"quit"}"#, file: "edge.jsonl")
        }
    }
}
