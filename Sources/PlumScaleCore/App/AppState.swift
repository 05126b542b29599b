import Foundation

/// Everything PlumScale knows, changed only by `apply(_:)`: the layout, the
/// source, the clock, the objects on the glass, and the screen that is up
/// with its own state. Each screen's rules live with its feature (Scale,
/// Calibration, History, Kiosk); this root routes events to them.
public struct AppState: Equatable, Sendable {
    /// How often the display is refreshed while readings settle.
    public static let frameInterval = 1.0 / 60

    public var layout: Layout { didSet { refreshButtonPanel() } }
    public var source: InputSource {
        didSet {
            refreshButtonPanel()
            scaleScreen.modeBanner = Self.modeBannerLines(source: source, config: config)
        }
    }
    public let config: Config
    /// The objects on the glass, weighed whatever screen is up.
    public internal(set) var scale: Scale
    /// The scale's functions: the units, the mode, the sample, the preset
    /// tare, the products, the carrier guide, and what is typed for them
    /// (Scale/ScaleFunctions.swift; read through App/Routes/ScaleFunctionsRoute.swift).
    var functions: ScaleFunctions {
        didSet {
            if functions.units != oldValue.units || functions.scaleMode != oldValue.scaleMode { refreshButtonPanel() }
        }
    }
    /// Present when the mouse stands in for fingers.
    public var mouse: MouseEmulation?
    /// False once the program has decided to quit.
    public internal(set) var running = true
    /// Shown while the touch device is missing.
    public private(set) var deviceNotice: String?
    /// Time of the latest event applied.
    public private(set) var now = 0.0
    public internal(set) var screen = Screen.scale
    /// Present in kiosk mode.
    public internal(set) var kiosk: Kiosk?
    public internal(set) var notice: Notice?
    /// What the fleet's MQTT sink last reported; nil without a broker.
    public internal(set) var fleet: FleetStatus? { didSet { scaleScreen.fleetLine = fleet?.text } }
    /// Contacts with no event for this long are dropped (ContactExpiry.swift).
    public var contactTimeout = Config.defaults.contactTimeoutSeconds
    /// The zone times are shown in: the shell gives the local one.
    public var timeZone = TimeZone.gmt
    /// How wide the UI font draws texts: the shell measures its font.
    public var metrics = TextMetrics.estimate { didSet { refreshButtonPanel() } }
    /// The UI scale asked for (`--ui-scale`, or the display's DPI); nil: from the window size.
    public let uiScale: Double?
    /// The wall-clock time at core time 0 (the shell gives it), for what is
    /// kept across runs: the kiosk's PIN lockout, the time a weighing is taken.
    public var clockOrigin = Date(timeIntervalSince1970: 0)
    /// The wall clock now, by the core's time.
    public var wallClock: Date { clockOrigin.addingTimeInterval(now) }
    /// Touches that went down on a control: they press it, they weigh nothing.
    var pressedControls: [Int: Control] = [:]
    /// The scale screen's own state: its buttons, the touches resting on
    /// them, its lines on the source and the fleet (ScaleScreenState.swift).
    var scaleScreen: ScaleScreenState
    /// What the event being applied asks of the shell; `apply` hands it over
    /// and leaves it empty.
    var outbox: [Effect] = []
    /// The latest row of the calibration log per device, as the shell told
    /// it (`HistoryResult.calibrations`, then each calibration saved).
    public internal(set) var calibrationLog: [String: CalibrationStamp] = [:]

    public init(
        screen: Size, source: InputSource, mouseEmulation: Bool = false, config: Config = .defaults, kiosk: Bool = false,
        uiScale: Double? = nil
    ) {
        self.kiosk = kiosk ? Kiosk(settings: config.kiosk) : nil
        self.contactTimeout = config.contactTimeoutSeconds
        self.uiScale = uiScale
        self.layout = Layout(screen: screen, uiScale: uiScale)
        self.source = source
        self.config = config
        let fit = source.mode == .force ? config.calibrationFit(forDevice: source.deviceName) : nil
        self.scale = Scale(config: config, fit: fit, deviceGrams: source.mode == .force ? source.deviceGrams : nil)
        self.scale.gainMap = fit == nil ? nil : config.eccentricity[source.deviceName]
        self.functions = ScaleFunctions(config: config)
        self.mouse = mouseEmulation ? MouseEmulation() : nil
        self.scaleScreen = ScaleScreenState(
            buttonPanel: ScaleButtonPanel(
                size: layout.size, mode: source.mode, metrics: .estimate, operatorActions: !kiosk, quitHint: !kiosk,
                offersModes: !config.scaleModes.isEmpty, offersSample: config.offersCounting, offersPresetTare: scale.gramScale != nil,
                reading: ScaleLegend(
                    units: source.mode == .force && scale.gramScale != nil ? config.units : nil, mode: functions.scaleMode.name)),
            modeBanner: Self.modeBannerLines(source: source, config: config))
    }

    /// The same station under another configuration (the shell reloads the
    /// file on SIGHUP): the screen starts afresh on the scale, the objects
    /// on the glass stay (their smoothing and stability start again), a
    /// kiosk goes back to passer-by and keeps its PIN lockout.
    public func reconfigured(_ config: Config) -> AppState {
        var next = AppState(
            screen: layout.screen, source: source, mouseEmulation: mouse != nil, config: config,
            kiosk: kiosk != nil)
        next.timeZone = timeZone
        next.clockOrigin = clockOrigin
        next.now = now
        next.running = running
        next.deviceNotice = deviceNotice
        next.fleet = fleet
        next.mouse = mouse
        next.calibrationLog = calibrationLog  // the log is the history's, not the file's
        for contact in scale.board.contacts {
            next.scale.place(id: contact.id, at: contact.position, force: contact.force, time: contact.lastSeen)
            next.scale.setPinned(id: contact.id, contact.pinned)
        }
        if let kiosk {
            next.kiosk?.failures = kiosk.failures
            next.kiosk?.lockedUntil = kiosk.lockedUntil
            next.kiosk?.lastInput = kiosk.lastInput
            next.kiosk?.lastDeliberateInput = kiosk.lastDeliberateInput
            // Touches the kiosk owned stay its own until they lift.
            next.kiosk?.ownedTouches = kiosk.ownedTouches
        }
        return next
    }

    /// When the core next needs a `.tick` to keep the display true (readings
    /// settling, stability building), or nil when it can sleep until input.
    public var nextWake: Double? {
        var wakes: [Double] = []
        if scale.isSettling(at: now) || scale.lags(behind: now) || (screen.browser?.isAnimating ?? false) {
            wakes.append(now + Self.frameInterval)
        }
        if let notice { wakes.append(max(notice.until, now + Self.frameInterval)) }
        if let kioskWake { wakes.append(kioskWake) }
        if let nextContactExpiry { wakes.append(max(nextContactExpiry, now + Self.frameInterval)) }
        if let nextRestOnButton { wakes.append(max(nextRestOnButton, now + 0.001)) }
        // A capture asked for waits for a stable reading, even of a reference
        // that never moves (then nothing else would ask for a tick).
        if screen.wizard?.captureRequested == true, reference != nil { wakes.append(now + Self.frameInterval) }
        // The eccentricity test reads a place as soon as its reference is stable.
        if screen.eccentricity?.place != nil, reference != nil { wakes.append(now + Self.frameInterval) }
        return wakes.min()
    }

    /// Applies one input and returns what the shell must do. Whether the
    /// screen changed is not the core's to say: the shell compares the
    /// scene it would draw with the one it drew (SceneGate), so nothing
    /// visible is missed and nothing unchanged is drawn again.
    @discardableResult
    public mutating func apply(_ event: InputEvent) -> [Effect] {
        route(event)
        defer { outbox.removeAll(keepingCapacity: true) }
        // Matched, not compared with nil: `kiosk == nil` copied the whole
        // Optional<Kiosk> on every event (callgrind).
        guard case .some = kiosk else { return outbox }
        return allowedEffects(outbox)
    }

    /// A press on a control lasts from its touch's down to its lift,
    /// whatever screen is up meanwhile: a stale one would swallow the moves
    /// and the lift of the next touch with that id (a ghost contact).
    private mutating func route(_ event: InputEvent) {
        let event = onSurface(event)
        switch event.kind {
        case .touchDown(let sample):
            pressedControls[sample.id] = nil
            scaleScreen.touchesOnButtons[sample.id] = nil
            routeToScreens(event)
        case .touchUp(let id), .touchCancel(let id):
            defer {
                pressedControls[id] = nil
                scaleScreen.touchesOnButtons[id] = nil
            }
            routeToScreens(event)
        default:
            routeToScreens(event)
        }
    }

    private mutating func routeToScreens(_ event: InputEvent) {
        if event.time.isFinite { now = max(now, event.time) }
        if let notice, notice.until <= now { self.notice = nil }
        switch event.kind {
        case .history(let result): return receive(result)
        case .fleet(let status): return receive(status)
        case .deviceTotal(let force):
            // The device's total is the scale's on every screen: it is drawn
            // with the contacts, whichever screen is up when they are.
            return scale.reportTotal(force, time: now)
        default: break
        }
        if kioskTakes(event) { return }
        switch screen {
        case .calibration:
            applyOnCalibration(event)
        case .eccentricity:
            applyOnEccentricity(event)
        case .history:
            applyOffScale(event)
            if case .tick = event.kind { scale.advance(to: now) }
        case .detail where event.kind != .tick:
            applyOffScale(event)
        case .scale, .detail:
            applyOnScale(event)
        }
        if case .tick = event.kind, kiosk != nil { kioskTick() }
        expireStaleContacts()
    }

    /// Drops the contacts the device forgot to lift (Scale/ContactExpiry.swift).
    mutating func expireStaleContacts() {
        scale.expireStale(now: now, timeout: contactTimeout, mouse: mouse != nil)
    }

    /// When the next contact would expire without further events (for the
    /// shell's wait timeout), nil when none can.
    public var nextContactExpiry: Double? { scale.nextExpiry(timeout: contactTimeout, mouse: mouse != nil) }

    /// What every screen does alike: resizing, quitting, device changes.
    mutating func applyCommon(_ event: InputEvent) {
        switch event.kind {
        case .resize(let width, let height):
            guard width > 0, height > 0 else { return }
            layout = Layout(screen: Size(Double(width), Double(height)), uiScale: uiScale)
        case .quit:
            quit()
        case .deviceChanged(let connected, let message):
            deviceNotice = connected ? nil : message
        default:
            break
        }
    }

    /// The program ends: the shell is told, and the state remembers.
    mutating func quit() {
        running = false
        outbox.append(.quit)
    }

    /// Says `text` for `seconds` on the screen `on` (the one up now unless
    /// given; nil: on every screen).
    mutating func show(_ text: String, seconds: Double = 4, on screenName: String?? = .none) {
        notice = Notice(text: text, until: now + seconds, screen: screenName ?? screen.name)
    }

    /// The notice, when it belongs to the screen that is up (or to all).
    public var visibleNotice: Notice? {
        guard let notice, notice.screen == nil || notice.screen == screen.name else { return nil }
        return notice
    }

    /// A touch or click normalised to the screen, in layout pixels, clamped to it.
    func layoutPoint(_ x: Double, _ y: Double) -> Point {
        layout.clampedLayoutPoint(normalizedX: x, normalizedY: y)
    }
}
