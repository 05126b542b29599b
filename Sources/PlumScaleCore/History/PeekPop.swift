import Foundation

/// Peek & Pop for one pressed history row, as on iOS 3D Touch: a light press
/// hints, a firmer one peeks (preview), a deep one pops (opens the detail).
/// Force devices follow force, with hysteresis; other devices follow time
/// while the finger holds still; mice peek with a right click and press with
/// the wheel. Feed inputs to `handle`, perform the effects it returns in order.
public struct PeekPop: Equatable, Sendable {
    public let config: PeekPopConfig
    public private(set) var phase: PeekPhase = .none
    /// The row being peeked, while phase is not none.
    public private(set) var row: Int64?
    /// How far toward the next threshold, 0...1 (hint: its strength; peek: toward pop).
    public private(set) var progress: Double = 0

    /// A finger is down and belongs to this machine.
    private var pressing = false
    /// The press was used up (it dismissed, or it scrolled): ignore it until release.
    private var ignoringPress = false
    private var forceDriven = false
    /// The press began on a preview (or actions) already shown.
    private var onShownCard = false
    /// The finger went beyond holdTolerance since the press.
    private var moved = false
    private var originX = 0.0, originY = 0.0, pressTime = 0.0
    private var force = 0.0
    private var wheelForce = 0.0

    public init(config: PeekPopConfig = PeekPopConfig()) { self.config = config }

    /// The preview (or actions) stays up without a finger down (mouse, long press).
    public var isPinned: Bool { !pressing && phase != .none }

    public mutating func handle(_ input: PeekPopInput) -> [PeekPopEffect] {
        switch input {
        case .pressBegan(let target, let x, let y, let time, let force): return pressBegan(target, x, y, time, force)
        case .force(let value, let time): return forceChanged(value, time)
        case .move(let x, let y, let time): return moved(x, y, time)
        case .release(let target, let time): return released(target, time)
        case .tick(let time): return advance(to: time)
        case .peekAtOnce(let id, _): return peekAtOnce(id)
        case .wheel(let dy, _): return wheel(dy)
        case .popNow: return phase == .peek ? popped() : []
        case .cancel: return reset(dismissing: phase != .none)
        }
    }

    private mutating func pressBegan(
        _ target: PeekTarget, _ x: Double, _ y: Double,
        _ time: Double, _ force: Double?
    ) -> [PeekPopEffect] {
        guard !pressing, !ignoringPress else { return [] }  // a second finger
        let shown: Bool
        switch (phase, target) {
        case (.none, .row(let id)):
            row = id
            shown = false
        case (.none, _): return []
        case (.peek, .preview), (.actions, .action), (.confirmDelete, .confirmDelete):
            shown = true
        case (.actions, .preview): return []
        default:  // a press off the shown card dismisses it, and is used up
            let effects = reset(dismissing: true)
            ignoringPress = true
            return effects
        }
        pressing = true
        onShownCard = shown
        moved = false
        originX = x
        originY = y
        pressTime = time
        forceDriven = force != nil
        self.force = 0
        return force.map { forceChanged($0, time) } ?? []
    }

    private mutating func forceChanged(_ value: Double, _ time: Double) -> [PeekPopEffect] {
        guard pressing, forceDriven, !ignoringPress else { return [] }
        force = value
        var effects: [PeekPopEffect] = []
        while let next = forceStep() { effects += next }
        updateProgress(time)
        return effects
    }

    /// One force transition, or nil when the phase is settled for this force.
    private mutating func forceStep() -> [PeekPopEffect]? {
        guard let row else { return nil }
        switch phase {
        case .none where !onShownCard && force >= config.hintForce:
            phase = .hint
            return [.hint(row: row)]
        case .hint where force < config.hintForce - config.hysteresis:
            phase = .none
            return [.dismiss]
        case .hint where force >= config.peekForce:
            phase = .peek
            return [.showPreview(row: row)]
        case .peek where force >= config.popForce:
            return popped()
        default:
            return nil  // once peeking, a dip never dismisses: only the release does
        }
    }

    private mutating func moved(_ x: Double, _ y: Double, _ time: Double) -> [PeekPopEffect] {
        guard pressing, !ignoringPress else { return [] }
        var effects = advance(to: time)
        let distance = ((x - originX) * (x - originX) + (y - originY) * (y - originY)).squareRoot()
        if distance > config.holdTolerance { moved = true }
        switch phase {
        case .none where moved && !onShownCard, .hint where moved && !onShownCard:
            // A scroll, not a press: give the gesture back to the table.
            effects += reset(dismissing: phase == .hint)
            ignoringPress = true
        case .peek where originY - y > config.swipeUpDistance:
            phase = .actions
            effects.append(.showActions(row: row ?? 0))
        default:
            break
        }
        updateProgress(time)
        return effects
    }

    private mutating func released(_ target: PeekTarget, _ time: Double) -> [PeekPopEffect] {
        if ignoringPress {
            ignoringPress = false
            pressing = false
            return []
        }
        guard pressing, let row else { return [] }
        var effects = advance(to: time)
        pressing = false
        switch phase {
        case .none, .hint:
            let tap = !moved && time - pressTime <= config.tapMaxDuration
            effects += reset(dismissing: phase == .hint && !tap)
            if tap { effects.append(.open(row: row)) }
        case .peek where onShownCard:
            if !moved { effects += popped() }  // a tap on the preview pops
        case .peek where forceDriven:
            effects += reset(dismissing: true)
        case .actions:
            guard case .action(let action) = target else { break }
            if action == .delete {
                phase = .confirmDelete
                effects.append(.askToConfirmDelete(row: row))
            } else {
                effects += reset(dismissing: false)
                effects.append(.performAction(action, row: row))
            }
        case .confirmDelete where target == .confirmDelete:
            effects += reset(dismissing: false)
            effects.append(.performAction(.delete, row: row))
        case .pop:
            effects += reset(dismissing: false)
        default:
            break  // a long-press or right-click preview stays up until tapped
        }
        updateProgress(time)
        return effects
    }

    /// The long press without force: the clock drives hint, peek and pop while
    /// the finger holds still.
    private mutating func advance(to time: Double) -> [PeekPopEffect] {
        guard pressing, !forceDriven, !onShownCard, !moved, !ignoringPress, let row else {
            return []
        }
        let held = time - pressTime
        var effects: [PeekPopEffect] = []
        if phase == .none, held >= config.hintDelay {
            phase = .hint
            effects.append(.hint(row: row))
        }
        if phase == .hint, held >= config.peekDelay {
            phase = .peek
            effects.append(.showPreview(row: row))
        }
        if phase == .peek, held >= config.popDelay { effects += popped() }
        updateProgress(time)
        return effects
    }

    private mutating func peekAtOnce(_ id: Int64) -> [PeekPopEffect] {
        guard !pressing, row != id || phase == .none else { return [] }
        var effects = reset(dismissing: phase != .none)
        row = id
        phase = .peek
        wheelForce = config.peekForce
        effects.append(.showPreview(row: id))
        return effects
    }

    private mutating func wheel(_ dy: Double) -> [PeekPopEffect] {
        guard phase == .peek, !pressing else { return [] }
        // From the peek's own force: a preview held open by a long press
        // starts there too, so the first notch already shows.
        wheelForce = max(config.peekForce, max(wheelForce, config.peekForce) + dy * config.wheelStep)
        progress = fraction(wheelForce, from: config.peekForce, to: config.popForce)
        return wheelForce >= config.popForce ? popped() : []
    }

    /// Opens the row; the phase stays `pop` while a finger is down.
    private mutating func popped() -> [PeekPopEffect] {
        guard let row else { return [] }
        if pressing && !onShownCard {
            phase = .pop
            progress = 1
            return [.open(row: row)]
        }
        _ = reset(dismissing: false)
        return [.open(row: row)]
    }

    private mutating func reset(dismissing: Bool) -> [PeekPopEffect] {
        self = PeekPop(config: config)
        return dismissing ? [.dismiss] : []
    }

    private mutating func updateProgress(_ time: Double) {
        let held = time - pressTime
        switch phase {
        case .hint:
            progress =
                forceDriven
                ? fraction(force, from: config.hintForce, to: config.peekForce)
                : fraction(held, from: config.hintDelay, to: config.peekDelay)
        case .peek where pressing && !onShownCard:
            progress =
                forceDriven
                ? fraction(force, from: config.peekForce, to: config.popForce)
                : moved ? 0 : fraction(held, from: config.peekDelay, to: config.popDelay)
        case .peek:
            progress = fraction(wheelForce, from: config.peekForce, to: config.popForce)
        case .pop: progress = 1
        default: progress = 0
        }
    }

    private func fraction(_ value: Double, from low: Double, to high: Double) -> Double {
        min(1, max(0, (value - low) / (high - low)))
    }
}
