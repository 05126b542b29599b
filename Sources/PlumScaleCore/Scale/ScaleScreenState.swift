/// The scale screen's own state, beside the station's that every screen
/// shares (the objects on the glass, the units, the mode, the tares): its
/// buttons for the layout and mode, the touches resting on them until they
/// prove taps or objects, and the lines it shows on the source and the
/// fleet, written when those change, not in every scene.
struct ScaleScreenState: Equatable, Sendable {
    /// The buttons for the current layout and mode (ScaleButtons.swift).
    var buttonPanel: ScaleButtonPanel
    /// Touches on the buttons, until they prove taps or objects.
    var touchesOnButtons: [Int: TouchOnButton] = [:]
    /// What the source can measure (ScaleScene.swift).
    var modeBanner: [String] = []
    /// The fleet's line, nil without a broker.
    var fleetLine: String?

    /// When a touch on a button stops being a tap.
    var nextRestOnButton: Double? {
        touchesOnButtons.values.map { $0.start + TouchOnButton.tapSeconds }.min()
    }
}

/// What a person does with a finger on the scale screen: the root has
/// found the button under a touch going down (its one hit test), and the
/// screen decides whether the touch is a tap on it or an object.
enum ScaleScreenAction: Equatable, Sendable {
    /// A touch went down, on a button (its action) or on the glass (nil).
    case touchWentDown(TouchSample, at: Point, onButton: ScaleAction?)
    case touchMoved(TouchSample, to: Point)
    case touchLifted(id: Int)
    case touchCancelled(id: Int)
    /// Time went on (a frame tick): touches held on a button past a tap weigh.
    case timePassed
}

/// What the scale screen asks of the station: a button's action, or an
/// object that goes on or off the glass.
enum ScaleScreenRequest: Equatable, Sendable {
    case perform(ScaleAction)
    case place(TouchSample)
    case lift(id: Int)
}

/// On a scale the whole surface weighs: a touch that goes down on a button
/// and stays (longer than a tap) or slides is an object like any other;
/// only a short, still touch, a tap, presses the button.
extension ScaleScreenState: ScreenReducer {
    /// The time now, from the root's clock.
    struct Context: Equatable, Sendable {
        var now: Double
    }

    static func reduce(into state: inout Self, action: ScaleScreenAction, context: Context) -> [ScaleScreenRequest] {
        let now = context.now
        switch action {
        case .touchWentDown(let sample, let point, let button?):
            state.touchesOnButtons[sample.id] = TouchOnButton(action: button, start: now, origin: point, latest: sample)
            return []
        case .touchWentDown(let sample, _, nil):
            return [.place(sample)]
        case .touchMoved(let sample, let point):
            if var held = state.touchesOnButtons[sample.id] {
                held.latest = sample
                state.touchesOnButtons[sample.id] = held
                guard held.origin.distance(to: point) > TouchOnButton.tapSlop else { return [] }
                state.touchesOnButtons[sample.id] = nil
            }
            return [.place(sample)]
        case .touchLifted(let id):
            guard let held = state.touchesOnButtons.removeValue(forKey: id) else { return [.lift(id: id)] }
            return now - held.start < TouchOnButton.tapSeconds ? [.perform(held.action)] : []
        case .touchCancelled(let id):
            return state.touchesOnButtons.removeValue(forKey: id) == nil ? [.lift(id: id)] : []
        case .timePassed:
            // In the order they came down (then by id), never the dictionary's
            // hash order, which changes from run to run: the order they join is
            // the order their circles are drawn and labelled, and render and
            // the window must draw the same frame.
            let resting = state.touchesOnButtons.filter { now - $0.value.start >= TouchOnButton.tapSeconds }
                .sorted { ($0.value.start, $0.key) < ($1.value.start, $1.key) }
            for (id, _) in resting { state.touchesOnButtons[id] = nil }
            return resting.map { .place($0.value.latest) }
        }
    }
}
