import Foundation

/// Where a press or a release landed, as the screen hit-tests it.
public enum PeekTarget: Equatable, Sendable {
    /// A history table row, by weighing id.
    case row(Int64)
    /// The preview card shown while peeking.
    case preview
    /// One of the actions revealed by swiping up on the preview.
    case action(PeekAction)
    /// The button that confirms a delete.
    case confirmDelete
    /// Anywhere else.
    case outside
}

/// The actions a preview offers when swiped up.
public enum PeekAction: String, CaseIterable, Equatable, Sendable {
    case open, export, delete
}

/// What the screen shows for the pressed row.
public enum PeekPhase: String, Equatable, Sendable {
    /// Nothing: the table as is.
    case none
    /// Everything but the row dims and blurs, by `progress`.
    case hint
    /// The preview of the weighing is shown.
    case peek
    /// The preview with its actions (Open, Export, Delete) revealed.
    case actions
    /// Delete was chosen: waiting for confirmation.
    case confirmDelete
    /// The detail screen opened; held until the finger lifts.
    case pop
}

/// What the screen must do, in order, after an input.
public enum PeekPopEffect: Equatable, Sendable {
    case hint(row: Int64)
    case showPreview(row: Int64)
    case showActions(row: Int64)
    case askToConfirmDelete(row: Int64)
    /// Open the weighing's detail screen (a tap, a pop, or a tap on the preview).
    case open(row: Int64)
    case performAction(PeekAction, row: Int64)
    /// Remove hint, preview or actions: back to the plain table.
    case dismiss
}

/// One input to the Peek & Pop machine; times in seconds, positions in layout px.
public enum PeekPopInput: Equatable, Sendable {
    /// A finger (or the left button) went down on `target`. `force` is 0...1
    /// on a force device, nil otherwise (then holding still drives the flow).
    case pressBegan(PeekTarget, x: Double, y: Double, time: Double, force: Double?)
    /// The pressing finger's force changed (force devices).
    case force(Double, time: Double)
    case move(x: Double, y: Double, time: Double)
    /// The finger lifted over `target`.
    case release(PeekTarget, time: Double)
    /// Time passed (drives the long press on devices without force).
    case tick(time: Double)
    /// Right click, or a key, on a row: peek at once, the preview stays up.
    case peekAtOnce(row: Int64, time: Double)
    /// Wheel while peeking acts as pressure (dy > 0 presses harder).
    case wheel(dy: Double, time: Double)
    /// Enter while peeking: pop.
    case popNow(time: Double)
    /// Touch cancelled, or Escape: dismiss whatever is shown.
    case cancel(time: Double)
}

/// Thresholds and distances; defaults follow iOS 3D Touch on a table view.
public struct PeekPopConfig: Equatable, Sendable {
    /// Force at which the hint starts, and where its amount starts growing.
    public var hintForce = 0.10
    public var peekForce = 0.35
    public var popForce = 0.70
    /// The hint hides only below hintForce - hysteresis (no flicker on a tremble).
    public var hysteresis = 0.03
    /// Without force: how far the finger may wander while holding (px).
    public var holdTolerance = 10.0
    public var hintDelay = 0.2
    public var peekDelay = 0.5
    public var popDelay = 1.5
    /// A release no later than this, before the peek, is a tap: open at once.
    public var tapMaxDuration = 0.5
    /// Upward travel on a preview that reveals the actions (px).
    public var swipeUpDistance = 60.0
    /// Pressure added per wheel unit while peeking with a mouse.
    public var wheelStep = 0.1

    public init() {}
}
