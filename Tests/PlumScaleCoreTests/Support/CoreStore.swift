import Testing

@testable import PlumScaleCore

/// A test store for the core's state, after the Composable Architecture's
/// TestStore: each step sends one event or one scale action, and the whole
/// AppState after it must be the state before with exactly the changes the
/// step's closure makes to it, so a change the test did not expect fails.
/// An event also moves the clock (`now`, which no test may set): send
/// events at the state's own time when the clock is not what is tested.
struct CoreStore {
    private(set) var state: AppState
    /// What the last event sent asked of the shell.
    private(set) var effects: [Effect] = []

    init(_ state: AppState) { self.state = state }

    mutating func send(
        _ event: InputEvent, sourceLocation: SourceLocation = #_sourceLocation, _ expected: (inout AppState) throws -> Void = { _ in }
    ) rethrows {
        var expectedState = state
        try expected(&expectedState)
        effects = state.apply(event)
        check(expectedState, after: "\(event.kind)", sourceLocation)
    }

    mutating func send(
        _ action: ScaleAction, sourceLocation: SourceLocation = #_sourceLocation, _ expected: (inout AppState) throws -> Void = { _ in }
    ) rethrows {
        var expectedState = state
        try expected(&expectedState)
        state.perform(action)
        check(expectedState, after: "\(action)", sourceLocation)
    }

    /// A key pressed and let go at `t`: the state after both.
    mutating func type(
        _ key: Key, at t: Double, sourceLocation: SourceLocation = #_sourceLocation, _ expected: (inout AppState) throws -> Void = { _ in }
    ) rethrows {
        var expectedState = state
        try expected(&expectedState)
        effects = state.apply(InputEvent(time: t, .keyDown(key, modifiers: [])))
        effects += state.apply(InputEvent(time: t, .keyUp(key, modifiers: [])))
        check(expectedState, after: "\(key)", sourceLocation)
    }

    /// Records an issue naming each of AppState's properties that is not as expected.
    private func check(_ expected: AppState, after step: String, _ sourceLocation: SourceLocation) {
        guard state != expected else { return }
        let differences = zip(Mirror(reflecting: state).children, Mirror(reflecting: expected).children).compactMap { got, wanted in
            String(describing: got.value) == String(describing: wanted.value)
                ? nil : "\(got.label ?? "?") is \(got.value), expected \(wanted.value)"
        }
        Issue.record(
            Comment(rawValue: "after \(step): " + (differences.isEmpty ? "the states differ" : differences.joined(separator: "; "))),
            sourceLocation: sourceLocation)
    }
}
