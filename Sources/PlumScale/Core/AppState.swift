/// Everything PlumScale knows, changed only by `apply(_:)`.
public struct AppState: Equatable, Sendable {
    public var layout: Layout
    public var source: InputSource
    public var board = ContactBoard()
    /// Present when the mouse stands in for fingers.
    public var mouse: MouseEmulation?
    /// False once the program has decided to quit.
    public private(set) var running = true
    /// Shown while the touch device is missing.
    public private(set) var deviceNotice: String?
    /// Time of the latest event applied.
    public private(set) var now = 0.0
    /// Contacts with no event for this long are dropped (ContactExpiry.swift).
    public var contactTimeout = Config.defaults.contactTimeoutSeconds

    public init(screen: Size, source: InputSource, mouseEmulation: Bool = false) {
        self.layout = Layout(screen: screen)
        self.source = source
        self.mouse = mouseEmulation ? MouseEmulation() : nil
    }

    /// Applies one input. Returns whether what is on screen may have changed.
    @discardableResult
    public mutating func apply(_ event: InputEvent) -> Bool {
        if event.time.isFinite { now = max(now, event.time) }
        let changed = handle(event)
        return expireStaleContacts() || changed
    }

    private mutating func handle(_ event: InputEvent) -> Bool {
        switch event.kind {
        case .touchDown(let sample), .touchMove(let sample):
            return place(sample)
        case .touchUp(let id), .touchCancel(let id):
            return board.lift(id: id)
        case .resize(let width, let height):
            guard width > 0, height > 0 else { return false }
            layout = Layout(screen: Size(Double(width), Double(height)))
            return true
        case .quit:
            running = false
            return true
        case .keyDown(let name, _) where name == "escape":
            running = false
            return true
        case .tick, .keyUp:
            return false
        case .deviceChanged(let connected, let message):
            deviceNotice = connected ? nil : message
            return true
        case .keyDown, .pointerDown, .pointerMove, .pointerUp, .wheel:
            guard mouse != nil else { return false }
            return mouse!.apply(event.kind, time: now, layout: layout, board: &board)
        }
    }

    private mutating func place(_ sample: TouchSample) -> Bool {
        guard sample.x.isFinite, sample.y.isFinite else { return false }
        let x = min(max(sample.x, 0), 1), y = min(max(sample.y, 0), 1)
        if source.detectsForce, source.mode == .position, let p = sample.pressure, p.isFinite, p != 0, p != 1 {
            source.mode = .force
        }
        board.place(
            id: sample.id, at: layout.layoutPoint(normalizedX: x, normalizedY: y),
            force: measuredForce(sample), time: now)
        return true
    }

    /// The force the current mode believes in: pressure, contact size, or nothing.
    private func measuredForce(_ sample: TouchSample) -> Double? {
        let value: Double?
        switch source.mode {
        case .force: value = sample.pressure
        case .area: value = sample.touchMajor
        case .position: value = nil
        }
        guard let value, value.isFinite else { return nil }
        return min(max(value, 0), 1)
    }
}
