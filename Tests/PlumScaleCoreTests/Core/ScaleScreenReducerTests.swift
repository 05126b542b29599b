import Testing

@testable import PlumScaleCore

/// The scale screen's reducer alone: a touch that goes down on a button is
/// a tap on it when it lifts soon and still, and an object like any other
/// when it stays or slides; a touch on the glass is an object at once.
@Suite struct ScaleScreenReducerTests {
    static let screen = AppState(screen: Size(1280, 720), source: .mouse).scaleScreen

    static func sample(_ id: Int, _ x: Double = 0.9, _ y: Double = 0.9) -> TouchSample {
        TouchSample(id: id, x: x, y: y, pressure: 0.4)
    }

    static func held(_ action: ScaleAction, _ sample: TouchSample, at start: Double, origin: Point = Point(1150, 650)) -> TouchOnButton {
        TouchOnButton(action: action, start: start, origin: origin, latest: sample)
    }

    @Test func aShortStillTouchOnAButtonIsATap() {
        var store = ReducerStore(Self.screen, context: .init(now: 1))
        let touch = Self.sample(3)
        store.send(.touchWentDown(touch, at: Point(1150, 650), onButton: .recordTapped)) {
            $0.touchesOnButtons[3] = Self.held(.recordTapped, touch, at: 1)
        }
        store.context.now = 1.2
        let moved = Self.sample(3, 0.9005, 0.9)
        store.send(.touchMoved(moved, to: Point(1152, 650))) { $0.touchesOnButtons[3]?.latest = moved }
        store.context.now = 1.4
        store.send(.touchLifted(id: 3), asks: [.perform(.recordTapped)]) { $0.touchesOnButtons[3] = nil }
    }

    @Test func aTouchOnTheGlassIsAnObjectAtOnce() {
        var store = ReducerStore(Self.screen, context: .init(now: 1))
        let touch = Self.sample(1, 0.3, 0.4)
        store.send(.touchWentDown(touch, at: Point(384, 288), onButton: nil), asks: [.place(touch)])
        store.send(.touchMoved(touch, to: Point(384, 288)), asks: [.place(touch)])
        store.send(.touchLifted(id: 1), asks: [.lift(id: 1)])
        store.send(.touchCancelled(id: 2), asks: [.lift(id: 2)])
    }

    @Test func aTouchThatSlidesOffItsButtonWeighs() {
        var store = ReducerStore(Self.screen, context: .init(now: 1))
        let touch = Self.sample(4)
        store.send(.touchWentDown(touch, at: Point(1150, 650), onButton: .tareTapped)) {
            $0.touchesOnButtons[4] = Self.held(.tareTapped, touch, at: 1)
        }
        let slid = Self.sample(4, 0.85, 0.9)
        store.send(.touchMoved(slid, to: Point(1088, 650)), asks: [.place(slid)]) { $0.touchesOnButtons[4] = nil }
        store.send(.touchLifted(id: 4), asks: [.lift(id: 4)])
    }

    @Test func touchesHeldPastATapWeighInTheOrderTheyCameDown() {
        var store = ReducerStore(Self.screen, context: .init(now: 1))
        let first = Self.sample(9)
        let second = Self.sample(2, 0.95, 0.9)
        store.send(.touchWentDown(first, at: Point(1150, 650), onButton: .unitsTapped)) {
            $0.touchesOnButtons[9] = Self.held(.unitsTapped, first, at: 1)
        }
        store.context.now = 1.1
        store.send(.touchWentDown(second, at: Point(1216, 650), onButton: .unitsTapped)) {
            $0.touchesOnButtons[2] = Self.held(.unitsTapped, second, at: 1.1, origin: Point(1216, 650))
        }
        #expect(store.state.nextRestOnButton == 1 + TouchOnButton.tapSeconds)
        store.context.now = 1.4
        store.send(.timePassed)
        store.context.now = 1.7
        store.send(.timePassed, asks: [.place(first), .place(second)]) { $0.touchesOnButtons = [:] }
        #expect(store.state.nextRestOnButton == nil)
        store.send(.touchLifted(id: 9), asks: [.lift(id: 9)])
    }

    @Test func aTouchCancelledOnAButtonDoesNothing() {
        var store = ReducerStore(Self.screen, context: .init(now: 1))
        let touch = Self.sample(5)
        store.send(.touchWentDown(touch, at: Point(1150, 650), onButton: .historyTapped)) {
            $0.touchesOnButtons[5] = Self.held(.historyTapped, touch, at: 1)
        }
        store.send(.touchCancelled(id: 5)) { $0.touchesOnButtons[5] = nil }
    }
}
