import Testing

@testable import PlumScaleCore

/// One screen's reducer under test, TCA's TestStore way: each `send` says
/// what the state must become (a change made to the state before it) and
/// what the screen asks of the station; anything else that changed fails.
struct ReducerStore<State: ScreenReducer & Equatable> where State.Request: Equatable {
    private(set) var state: State
    var context: State.Context

    init(_ state: State, context: State.Context) {
        self.state = state
        self.context = context
    }

    mutating func send(
        _ action: State.Action, asks expected: [State.Request] = [], sourceLocation: SourceLocation = #_sourceLocation,
        _ change: (inout State) -> Void = { _ in }
    ) {
        var wanted = state
        change(&wanted)
        let requests = State.reduce(into: &state, action: action, context: context)
        #expect(state == wanted, "the state after \(action)", sourceLocation: sourceLocation)
        #expect(requests == expected, "what \(action) asks", sourceLocation: sourceLocation)
    }
}

extension ContactView {
    /// A contact as the scale would show it: weighed at `force` (shown,
    /// after `tare`), stable or settling, fading or not.
    static func weighed(force: Double, stable: Bool, fading: Bool = false, tare: Double = 0, at position: Point = Point(400, 300))
        -> ContactView
    {
        var view = ContactView(id: 1, position: position, radius: Plum.baseRadius, mode: .force)
        view.reading = ContactReading(
            displayed: force, tare: tare, grams: nil, presetTare: nil, stable: stable, stableProgress: 0,
            heaviest: false, tied: false, overload: false, net: false, fading: fading)
        return view
    }
}
