import Foundation

/// Everything PlumScale knows, changed only by `apply(_:)`.
public struct AppState: Equatable, Sendable {
    /// How often the display is refreshed while readings settle.
    public static let frameInterval = 1.0 / 60

    public var layout: Layout { didSet { refreshButtonPanel() } }
    public var source: InputSource {
        didSet {
            refreshButtonPanel()
            modeBanner = Self.modeBannerLines(source: source, config: config)
        }
    }
    public let config: Config
    public internal(set) var scale: Scale
    /// Present when the mouse stands in for fingers.
    public var mouse: MouseEmulation?
    /// False once the program has decided to quit.
    public internal(set) var running = true
    /// Shown while the touch device is missing.
    public private(set) var deviceNotice: String?
    /// Time of the latest event applied.
    public private(set) var now = 0.0
    /// Touches that went down on a button: they press it, they weigh nothing.
    var buttonTouches: [Int: String] = [:]
    public internal(set) var screen = Screen.scale
    /// Present while the calibration screen is up.
    public internal(set) var wizard: CalibrationWizard?
    /// Present in kiosk mode.
    public internal(set) var kiosk: Kiosk?
    public internal(set) var browser: HistoryBrowser
    /// Requests for the history store, taken by the shell with `takeRequests()`.
    public internal(set) var requests: [HistoryRequest] = []
    /// A short message on screen ("Saved weighing #12", "disk full ..."), and until when.
    public internal(set) var notice: (text: String, until: Double)?
    /// Contacts with no event for this long are dropped (ContactExpiry.swift).
    public var contactTimeout = Config.defaults.contactTimeoutSeconds
    /// The scale screen's buttons for the current layout and mode (ScaleButtons.swift).
    var buttonPanel: ScaleButtonPanel
    /// The zone times are shown in: the shell gives the local one.
    public var timeZone = TimeZone.gmt
    /// What the source can measure, said on the scale screen (ScaleScene.swift):
    /// written when the source changes, not in every scene.
    var modeBanner: [String] = []

    public init(screen: Size, source: InputSource, mouseEmulation: Bool = false, config: Config = .defaults, kiosk: Bool = false) {
        self.kiosk = kiosk ? Kiosk(settings: config.kiosk) : nil
        self.contactTimeout = config.contactTimeoutSeconds
        self.layout = Layout(screen: screen)
        self.source = source
        self.config = config
        self.scale = Scale(config: config, fit: source.mode == .force ? config.calibrationFit(forDevice: source.deviceName) : nil)
        self.mouse = mouseEmulation ? MouseEmulation() : nil
        var peek = PeekPopConfig()
        peek.peekForce = config.peek.peek
        peek.popForce = config.peek.pop
        self.browser = HistoryBrowser(peek: peek)
        self.buttonPanel = ScaleButtonPanel(size: layout.size, mode: source.mode)
        self.modeBanner = Self.modeBannerLines(source: source, config: config)
    }

    public static func == (a: AppState, b: AppState) -> Bool {
        a.layout == b.layout && a.source == b.source && a.scale == b.scale && a.screen == b.screen
            && a.browser == b.browser && a.running == b.running && a.now == b.now && a.requests == b.requests
            && a.notice?.text == b.notice?.text && a.kiosk == b.kiosk && a.wizard == b.wizard
    }

    /// Hands the pending store requests to the shell.
    public mutating func takeRequests() -> [HistoryRequest] {
        defer { requests.removeAll() }
        return requests
    }

    /// When the core next needs a `.tick` to keep the display true (readings
    /// settling, stability building), or nil when it can sleep until input.
    public var nextWake: Double? {
        var wakes: [Double] = []
        if scale.isSettling(at: now) || browser.isAnimating { wakes.append(now + Self.frameInterval) }
        if let notice { wakes.append(max(notice.until, now + Self.frameInterval)) }
        if let kioskWake { wakes.append(kioskWake) }
        if let nextContactExpiry { wakes.append(max(nextContactExpiry, now + Self.frameInterval)) }
        return wakes.min()
    }

    /// Applies one input. Returns whether what is on screen may have changed.
    @discardableResult
    public mutating func apply(_ event: InputEvent) -> Bool {
        if event.time.isFinite { now = max(now, event.time) }
        var changed = false
        if let notice, notice.until <= now {
            self.notice = nil
            changed = true
        }
        if case .history(let result) = event.kind { return receive(result) || changed }
        // (`case .some` tests the kiosk in place; `!= nil` copied it.)
        if case .some = kiosk, let handled = kioskIntercept(event) { return handled || changed }
        if screen == .calibrate {
            changed = applyOnCalibrate(event) || changed
        } else if screen != .scale, event.kind != .tick || screen == .history {
            changed = applyOffScale(event) || changed
            if case .tick = event.kind { scale.advance(to: now) }
        } else {
            changed = applyOnScale(event) || changed
        }
        if case .tick = event.kind, case .some = kiosk { changed = kioskTick() || changed }
        return expireStaleContacts() || changed
    }

    mutating func applyOnScale(_ event: InputEvent) -> Bool {
        switch event.kind {
        case .touchDown(let sample):
            if scale.contact(id: sample.id) == nil, let button = buttonHit(sample.x, sample.y) {
                buttonTouches[sample.id] = button.name
                return false
            }
            return place(sample)
        case .touchMove(let sample):
            if buttonTouches[sample.id] != nil { return false }
            return place(sample)
        case .touchUp(let id):
            if let name = buttonTouches.removeValue(forKey: id) { return press(name) }
            return scale.lift(id: id)
        case .touchCancel(let id):
            if buttonTouches.removeValue(forKey: id) != nil { return false }
            return scale.lift(id: id)
        case .resize:
            return applyCommon(event)
        case .quit:
            return applyCommon(event)
        case .keyDown(let name, let modifiers):
            return key(name, modifiers: modifiers)
        case .tick:
            let settling = scale.isSettling(at: now)
            scale.advance(to: now)
            return settling
        case .keyUp:
            return false
        case .deviceChanged, .history:
            return applyCommon(event)
        case .pointerDown(let x, let y, let button, _) where button == 1:
            if let hit = buttonHit(x, y) { return press(hit.name) }
            guard mouse != nil else { return false }
            return mouse!.apply(event.kind, time: now, layout: layout, scale: &scale)
        case .pointerDown, .pointerMove, .pointerUp, .wheel:
            guard mouse != nil else { return false }
            return mouse!.apply(event.kind, time: now, layout: layout, scale: &scale)
        }
    }

    /// What every screen does alike: resizing, quitting, device changes.
    mutating func applyCommon(_ event: InputEvent) -> Bool {
        switch event.kind {
        case .resize(let width, let height):
            guard width > 0, height > 0 else { return false }
            layout = Layout(screen: Size(Double(width), Double(height)))
            return true
        case .quit:
            running = false
            return true
        case .deviceChanged(let connected, let message):
            deviceNotice = connected ? nil : message
            return true
        default:
            return false
        }
    }

    mutating func show(_ text: String, seconds: Double = 4) {
        notice = (text, now + seconds)
    }

    /// A key on the scale screen (also what its button does).
    mutating func key(_ name: String, modifiers: Modifiers) -> Bool {
        switch name {
        case "escape":
            running = false
            return true
        case "t":
            scale.tareAll()
            return true
        case "z":
            scale.clearTares()
            return true
        case "space":
            record()
            return true
        case "h":
            openHistory()
            return true
        case "k":
            openCalibration()
            return true
        default:
            guard mouse != nil else { return false }
            return mouse!.apply(.keyDown(name: name, modifiers: modifiers), time: now, layout: layout, scale: &scale)
        }
    }

    mutating func place(_ sample: TouchSample) -> Bool {
        guard sample.x.isFinite, sample.y.isFinite else { return false }
        let x = min(max(sample.x, 0), 1), y = min(max(sample.y, 0), 1)
        if source.detectsForce, source.mode == .position, let p = sample.pressure, p.isFinite, p != 0, p != 1 {
            source.mode = .force
            scale.fit = config.calibrationFit(forDevice: source.deviceName)
        }
        scale.place(
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
