import Foundation
import Testing

@testable import PlumScaleCore

/// A recorded gesture and what Peek & Pop must make of it.
struct PeekTrace: Sendable, CustomTestStringConvertible {
    let name: String
    let inputs: [PeekPopInput]
    /// The phases passed through, consecutive repeats collapsed, starting at none.
    let phases: [PeekPhase]
    let effects: [PeekPopEffect]
    var testDescription: String { name }
}

private let row: Int64 = 7

/// A force press on the row: one sample every 16 ms, then optionally a release.
private func forcePress(_ forces: [Double], release: Bool = false) -> [PeekPopInput] {
    var inputs: [PeekPopInput] = [.pressBegan(.row(row), x: 100, y: 100, time: 0, force: 0)]
    for (i, f) in forces.enumerated() { inputs.append(.force(f, time: Double(i + 1) * 0.016)) }
    if release { inputs.append(.release(.row(row), time: Double(forces.count + 1) * 0.016 + 1)) }
    return inputs
}

/// A press without force held still, ticking every 50 ms until `until`.
private func heldPress(until end: Double, from start: Double = 0) -> [PeekPopInput] {
    var inputs: [PeekPopInput] = [.pressBegan(.row(row), x: 100, y: 100, time: start, force: nil)]
    var t = start + 0.05
    while t <= end + 1e-9 {
        inputs.append(.tick(time: t))
        t += 0.05
    }
    return inputs
}

let forceTraces: [PeekTrace] = [
    PeekTrace(
        name: "rising force passes hint, peek, pop",
        inputs: forcePress([0.05, 0.12, 0.25, 0.36, 0.5, 0.72, 0.4], release: true),
        phases: [.none, .hint, .peek, .pop, .none],
        effects: [.hint(row: row), .showPreview(row: row), .open(row: row)]),
    PeekTrace(
        name: "tremble around the hint threshold",
        inputs: forcePress([0.05, 0.09, 0.11, 0.085, 0.105, 0.075, 0.12, 0.08, 0.1]),
        phases: [.none, .hint], effects: [.hint(row: row)]),
    PeekTrace(
        name: "tremble around the peek threshold",
        inputs: forcePress([0.2, 0.34, 0.36, 0.33, 0.37, 0.30, 0.36, 0.31]),
        phases: [.none, .hint, .peek], effects: [.hint(row: row), .showPreview(row: row)]),
    PeekTrace(
        name: "tremble around the pop threshold",
        inputs: forcePress([0.2, 0.4, 0.69, 0.71, 0.68, 0.72, 0.66, 0.70]),
        phases: [.none, .hint, .peek, .pop],
        effects: [.hint(row: row), .showPreview(row: row), .open(row: row)]),
    PeekTrace(
        name: "a deep dip while peeking never dismisses",
        inputs: forcePress([0.2, 0.4, 0.05, 0.0, 0.3]),
        phases: [.none, .hint, .peek], effects: [.hint(row: row), .showPreview(row: row)]),
    PeekTrace(
        name: "releasing a force peek dismisses it",
        inputs: forcePress([0.2, 0.4, 0.3], release: true),
        phases: [.none, .hint, .peek, .none],
        effects: [.hint(row: row), .showPreview(row: row), .dismiss]),
    PeekTrace(
        name: "the hint goes only below the band, and comes back at the threshold",
        inputs: forcePress([0.15, 0.075, 0.069, 0.09, 0.095, 0.10]),
        phases: [.none, .hint, .none, .hint],
        effects: [.hint(row: row), .dismiss, .hint(row: row)]),
    PeekTrace(
        name: "a hard jab goes through every step in order",
        inputs: forcePress([0.9]),
        phases: [.none, .pop],
        effects: [.hint(row: row), .showPreview(row: row), .open(row: row)]),
    PeekTrace(
        name: "a light quick tap opens at once",
        inputs: [
            .pressBegan(.row(row), x: 100, y: 100, time: 0, force: 0.05),
            .force(0.12, time: 0.05), .release(.row(row), time: 0.12),
        ],
        phases: [.none, .hint, .none], effects: [.hint(row: row), .open(row: row)]),
    PeekTrace(
        name: "a slow light press that gives up dismisses",
        inputs: forcePress([0.15, 0.2]) + [.release(.row(row), time: 2)],
        phases: [.none, .hint, .none], effects: [.hint(row: row), .dismiss]),
    PeekTrace(
        name: "swipe up on a force preview, release on Export",
        inputs: forcePress([0.4]) + [
            .move(x: 100, y: 60, time: 0.5),
            .move(x: 100, y: 30, time: 0.6),
            .force(0.9, time: 0.65),
            .release(.action(.export), time: 0.7),
        ],
        phases: [.none, .peek, .actions, .none],
        effects: [
            .hint(row: row), .showPreview(row: row), .showActions(row: row),
            .performAction(.export, row: row),
        ]),
]

let timeTraces: [PeekTrace] = [
    PeekTrace(
        name: "holding still: hint at 0.2 s, peek at 0.5 s, pop at 1.5 s",
        inputs: heldPress(until: 1.6) + [.release(.row(row), time: 1.7)],
        phases: [.none, .hint, .peek, .pop, .none],
        effects: [.hint(row: row), .showPreview(row: row), .open(row: row)]),
    PeekTrace(
        name: "a trembling finger within 10 px still peeks",
        inputs: [
            .pressBegan(.row(row), x: 100, y: 100, time: 0, force: nil),
            .move(x: 108, y: 100, time: 0.1), .move(x: 93, y: 104, time: 0.25),
            .move(x: 107, y: 96, time: 0.4), .move(x: 100, y: 109, time: 0.55),
        ],
        phases: [.none, .hint, .peek], effects: [.hint(row: row), .showPreview(row: row)]),
    PeekTrace(
        name: "moving 15 px before the peek is a scroll",
        inputs: heldPress(until: 0.3) + [.move(x: 100, y: 115, time: 0.35)]
            + [.tick(time: 0.6), .tick(time: 2), .release(.row(row), time: 2.1)],
        phases: [.none, .hint, .none], effects: [.hint(row: row), .dismiss]),
    PeekTrace(
        name: "a quick tap opens at once",
        inputs: [
            .pressBegan(.row(row), x: 100, y: 100, time: 0, force: nil),
            .release(.row(row), time: 0.12),
        ],
        phases: [.none], effects: [.open(row: row)]),
    PeekTrace(
        name: "a long-press preview stays up; a tap on it pops",
        inputs: heldPress(until: 0.6) + [
            .release(.row(row), time: 0.7),
            .tick(time: 3),
            .pressBegan(.preview, x: 300, y: 300, time: 4, force: nil),
            .tick(time: 6), .release(.preview, time: 6.1),
        ],
        phases: [.none, .hint, .peek, .none],
        effects: [.hint(row: row), .showPreview(row: row), .open(row: row)]),
    PeekTrace(
        name: "a tap beside a long-press preview dismisses it, and only that",
        inputs: heldPress(until: 0.6) + [
            .release(.row(row), time: 0.7),
            .pressBegan(.row(9), x: 100, y: 500, time: 1, force: nil),
            .tick(time: 3), .release(.row(9), time: 3.1),
        ],
        phases: [.none, .hint, .peek, .none],
        effects: [.hint(row: row), .showPreview(row: row), .dismiss]),
    PeekTrace(
        name: "moving after the peek stops the pop timer",
        inputs: heldPress(until: 0.6) + [
            .move(x: 130, y: 100, time: 0.7),
            .tick(time: 2), .release(.outside, time: 2.1),
        ],
        phases: [.none, .hint, .peek], effects: [.hint(row: row), .showPreview(row: row)]),
    PeekTrace(
        name: "swipe up, release on Delete, confirm",
        inputs: heldPress(until: 0.6) + [
            .move(x: 100, y: 20, time: 0.8),
            .release(.action(.delete), time: 0.9),
            .pressBegan(.confirmDelete, x: 600, y: 400, time: 1.5, force: nil),
            .release(.confirmDelete, time: 1.6),
        ],
        phases: [.none, .hint, .peek, .actions, .confirmDelete, .none],
        effects: [
            .hint(row: row), .showPreview(row: row), .showActions(row: row),
            .askToConfirmDelete(row: row), .performAction(.delete, row: row),
        ]),
    PeekTrace(
        name: "a delete not confirmed deletes nothing",
        inputs: heldPress(until: 0.6) + [
            .move(x: 100, y: 20, time: 0.8),
            .release(.action(.delete), time: 0.9),
            .pressBegan(.outside, x: 10, y: 10, time: 1.5, force: nil),
            .release(.outside, time: 1.6),
        ],
        phases: [.none, .hint, .peek, .actions, .confirmDelete, .none],
        effects: [
            .hint(row: row), .showPreview(row: row), .showActions(row: row),
            .askToConfirmDelete(row: row), .dismiss,
        ]),
    PeekTrace(
        name: "actions stay up after a release off them; tapping Open performs it",
        inputs: heldPress(until: 0.6) + [
            .move(x: 100, y: 20, time: 0.8),
            .release(.outside, time: 0.9),
            .pressBegan(.action(.open), x: 600, y: 400, time: 1.5, force: nil),
            .release(.action(.open), time: 1.6),
        ],
        phases: [.none, .hint, .peek, .actions, .none],
        effects: [
            .hint(row: row), .showPreview(row: row), .showActions(row: row),
            .performAction(.open, row: row),
        ]),
    PeekTrace(
        name: "right click peeks at once; the wheel presses until pop",
        inputs: [
            .peekAtOnce(row: row, time: 0), .wheel(dy: 1, time: 0.1),
            .wheel(dy: 2, time: 0.2), .wheel(dy: -9, time: 0.3),
            .wheel(dy: 3, time: 0.4), .wheel(dy: 1, time: 0.5),
        ],
        phases: [.none, .peek, .none],
        effects: [.showPreview(row: row), .open(row: row)]),
    PeekTrace(
        name: "Escape dismisses a right-click preview; Enter pops the next",
        inputs: [
            .peekAtOnce(row: row, time: 0), .cancel(time: 1),
            .peekAtOnce(row: 9, time: 2), .popNow(time: 3),
        ],
        phases: [.none, .peek, .none, .peek, .none],
        effects: [.showPreview(row: row), .dismiss, .showPreview(row: 9), .open(row: 9)]),
]

@Suite struct PeekPopTests {
    /// Runs a trace: the collapsed phase sequence and every effect, in order.
    static func run(_ inputs: [PeekPopInput], config: PeekPopConfig = PeekPopConfig())
        -> (phases: [PeekPhase], effects: [PeekPopEffect], progress: [Double])
    {
        var machine = PeekPop(config: config)
        var phases: [PeekPhase] = [machine.phase]
        var effects: [PeekPopEffect] = []
        var progress: [Double] = []
        for input in inputs {
            effects += machine.handle(input)
            if machine.phase != phases.last { phases.append(machine.phase) }
            progress.append(machine.progress)
        }
        return (phases, effects, progress)
    }

    @Test(arguments: forceTraces)
    func forceTrace(_ trace: PeekTrace) {
        let result = Self.run(trace.inputs)
        #expect(result.phases == trace.phases)
        #expect(result.effects == trace.effects)
        #expect(result.progress.allSatisfy { (0...1).contains($0) })
    }

    @Test(arguments: timeTraces)
    func timeTrace(_ trace: PeekTrace) {
        let result = Self.run(trace.inputs)
        #expect(result.phases == trace.phases)
        #expect(result.effects == trace.effects)
        #expect(result.progress.allSatisfy { (0...1).contains($0) })
    }

    @Test(arguments: [0.10, 0.35, 0.70])
    func noiseAroundAThresholdNeverFlickers(threshold: Double) {
        // 200 samples of deterministic noise, ±0.025 around the threshold.
        let noise = (0..<200).map { i in threshold + 0.025 * sin(Double(i) * 1.7) }
        let ramp = stride(from: 0.0, to: threshold - 0.04, by: 0.01).map { $0 }
        let result = Self.run(forcePress(ramp + noise))
        let transitions = result.phases.count - 1
        let expected = [0.10: 1, 0.35: 2, 0.70: 3][threshold]!
        #expect(transitions == expected, "\(result.phases)")
    }

    @Test func hintAmountFollowsForceAndTime() {
        let byForce = Self.run(forcePress([0.10, 0.225, 0.35])).progress
        // The hint fills with force; the peek then starts again at 0.
        #expect(zip(byForce[1...], [0, 0.5, 0]).allSatisfy { abs($0 - $1) < 1e-9 })
        let byTime = Self.run([
            .pressBegan(.row(row), x: 0, y: 0, time: 0, force: nil),
            .tick(time: 0.35), .tick(time: 1.0),
        ]).progress
        #expect(abs(byTime[1] - 0.5) < 1e-9 && abs(byTime[2] - 0.5) < 1e-9)
    }

    @Test func thresholdsAreConfigurable() {
        var config = PeekPopConfig()
        config.peekForce = 0.5
        config.popForce = 0.9
        let result = Self.run(forcePress([0.4, 0.6, 0.8]), config: config)
        #expect(result.phases == [.none, .hint, .peek])
    }

    @Test func pressesOffRowsAndSecondFingersAreIgnored() {
        var machine = PeekPop()
        #expect(machine.handle(.pressBegan(.outside, x: 0, y: 0, time: 0, force: nil)).isEmpty)
        #expect(machine.handle(.tick(time: 2)).isEmpty)
        _ = machine.handle(.pressBegan(.row(1), x: 0, y: 0, time: 3, force: 0.2))
        #expect(machine.handle(.pressBegan(.row(2), x: 50, y: 0, time: 3.1, force: 0.9)).isEmpty)
        #expect(machine.row == 1 && machine.phase == .hint)
    }
}
