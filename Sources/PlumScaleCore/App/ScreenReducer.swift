/// One screen's rules, TCA's way: its own state, the actions a person takes
/// on it, and a reducer that changes that state and says what else must
/// happen. A reducer sees nothing but its state and the `Context` the root
/// lends it (a reading, the device, the role); what it cannot do itself
/// (leave the screen, clear the scale's tares, have the shell save) it asks
/// for as `Request`s, which the root carries out in order.
///
/// The root (AppState) turns input into a screen's actions (the controls
/// hit, the keys), lets the kiosk's gate decide each (KioskGate.swift), and
/// routes the rest by `Screen`.
protocol ScreenReducer {
    associatedtype Action
    associatedtype Context
    associatedtype Request
    static func reduce(into state: inout Self, action: Action, context: Context) -> [Request]
}
