import CSDL2
import PlumScaleCore

/// The live loop: wait for events, feed them all to the core, then draw
/// once if the scene differs from the one drawn (DrawnScene). It sleeps in SDL_WaitEvent when idle,
/// waking for the core's ticks and, under systemd, for the watchdog's pings:
/// a loop that stops turning stops pinging.
final class EventLoop {
    private let window: Window
    private let frames: FrameRenderer
    private var state: AppState
    /// A replay played in real time (`--replay` in a window).
    private let replay: ReplayPlayer?
    private let log: Log
    private let evdev: EvdevSource?
    /// Set by SIGTERM or SIGINT (see SignalQuit): the loop ends whatever the core says.
    private(set) var quitSignal: Int32?
    /// Performs what the core asks: the store, the config, the lockout, quitting.
    private let effects: EffectRunner
    /// The store's work, off the loop's thread.
    private let store: StoreThread
    private var translation = EventTranslation()
    private let systemd: SystemdNotify
    /// Reads the config file again (SIGHUP).
    private let reloadConfig: () throws -> Config
    private var reportedGrab = false
    /// The window's close request came (Alt+F4, the close button): the
    /// SDL_QUIT that follows is that, not a lost display.
    private var closeRequested = false
    /// SDL said the display is gone (a Wayland compositor that ended).
    private var displayLost = false
    /// The fleet's live readings, when a broker is configured.
    private var fleet: FleetLive?
    /// `--record`: what the core is fed, written once a frame.
    var recorder: SessionRecorder?
    /// An evdev touchscreen's place in the window, fitted from SDL's touches.
    private let mapping: WindowMapping?
    /// What the window shows now: a batch of events is drawn only when it
    /// changed that.
    private var drawn = DrawnScene()

    init(
        window: Window, frames: FrameRenderer, state: AppState, replay: ReplayPlayer?, evdev: EvdevSource?,
        history: HistoryService, systemd: SystemdNotify, lockoutFile: LockoutFile?,
        reloadConfig: @escaping () throws -> Config, log: Log
    ) {
        self.evdev = evdev
        store = StoreThread(history: history)
        self.effects = EffectRunner(history: history, lockoutFile: lockoutFile, systemd: systemd, log: log, store: store)
        self.window = window
        self.frames = frames
        self.state = state
        self.replay = replay
        self.systemd = systemd
        self.reloadConfig = reloadConfig
        self.log = log
        self.fleet = history.fleet.map(FleetLive.init(sink:))
        self.mapping =
            evdev.flatMap { evdev in
                state.source.surface == nil ? WindowMapping(devicePath: evdev.path, log: log) : nil
            }
    }

    /// Runs until the core stops running or the deadline (seconds since SDL
    /// start) passes; then saves the screenshot, if asked for.
    func run(until deadline: Double?, screenshot: String?) throws {
        try drawIfChanged()
        systemd.ready(status: state.kiosk == nil ? "weighing" : "kiosk: \(state.kiosk?.role.rawValue ?? "")")
        defer { systemd.stopping() }
        // What was asked of the store is done before the program ends.
        defer { store.finish() }
        var event = SDL_Event()
        while !effects.quitRequested && quitSignal == nil && !displayLost {
            var now = Double(SDL_GetTicks64()) / 1000
            systemd.loopTurned(now: now)
            if let deadline, now >= deadline { break }
            // Sleep until input, the core's next frame tick, the next
            // watchdog ping, or the deadline.
            let wake = [deadline, state.nextWake, systemd.nextWake, fleet?.wake].compactMap { $0 }.min()
            let got: Int32
            if let wake {
                got = SDL_WaitEventTimeout(&event, Self.waitMilliseconds(until: wake, now: now))
            } else {
                got = SDL_WaitEvent(&event)
            }
            if got != 0 { handle(event) }
            while SDL_PollEvent(&event) != 0 { handle(event) }
            now = Double(SDL_GetTicks64()) / 1000
            if let tick = state.nextWake, tick <= now { feed(InputEvent(time: now, .tick)) }
            if try drawIfChanged() { fleet?.changed() }
            fleet?.publishIfDue(now: now, state)
            recorder?.flush()
        }
        if displayLost {
            throw RuntimeFailure(
                "the display went away (the Wayland compositor ended); exit status 1 lets the service manager start the kiosk again")
        }
        if let screenshot {
            try frames.draw(state.scene())
            try window.saveScreenshot(screenshot)
            log.info("screenshot saved to \(screenshot)")
        }
    }

    private func handle(_ event: SDL_Event) {
        if let signal = SignalQuit.signal(in: event) { return received(signal) }
        if event.type == SDL_WINDOWEVENT.rawValue, event.window.event == UInt8(SDL_WINDOWEVENT_CLOSE.rawValue) {
            closeRequested = true
        }
        if event.type == SDL_QUIT.rawValue {
            defer { closeRequested = false }
            // SDL 2.26's Wayland driver sends one SDL_QUIT, with no close
            // request before it, when the compositor's connection breaks. A
            // kiosk ignores quit requests, so without this it would go on
            // for ever with no display (the watchdog content).
            if state.kiosk != nil, !closeRequested, String(cString: SDL_GetCurrentVideoDriver()) == "wayland" {
                log.error("the Wayland display went away: quitting")
                displayLost = true
                return
            }
        }
        if state.kiosk != nil, !reportedGrab, event.type == SDL_WINDOWEVENT.rawValue,
            event.window.event == UInt8(SDL_WINDOWEVENT_FOCUS_GAINED.rawValue)
        {
            reportedGrab = true
            KioskShell.reportGrab(window, log: log)
        }
        if event.type == SDL_USEREVENT.rawValue, event.user.code == FleetLive.eventCode, let fleet {
            return feed(InputEvent(time: state.now, .fleet(fleet.sink.status)))
        }
        if let evdev, evdev.queue.woke(event) {
            for output in evdev.queue.drain() { apply(output) }
            return
        }
        if store.answers.woke(event) {
            let now = Double(SDL_GetTicks64()) / 1000
            for answer in store.answers.drain() { feed(InputEvent(time: now, .history(answer))) }
            return
        }
        if let replay, replay.queue.woke(event) {
            for input in replay.queue.drain() { feed(input) }
            return
        }
        if let mapping, mapping.take(event) { return }
        switch translation.translate(event, windowSize: window.size) {
        case .input(let input): feed(input)
        case .redraw: drawn.forget()
        case .none: break
        }
    }

    /// A reader thread's report, in window coordinates.
    private func apply(_ output: EvdevReader.Output) {
        switch output {
        case .frame(let frame, let events):
            // A touchpad's positions are its own: the core puts them on its pad.
            let placed = mapping?.place(frame, events, window: window) ?? events
            for event in placed { feed(event) }
        case .deviceLost(let reason, let cancelled):
            for event in cancelled { feed(event) }
            log.warning("touch device lost: \(reason)")
            let message = "Touch device lost (\(reason)); waiting for it to come back."
            feed(InputEvent(time: state.now, .deviceChanged(connected: false, message: message)))
        case .deviceBack(let path):
            log.info("touch device back at \(path)")
            feed(InputEvent(time: state.now, .deviceChanged(connected: true, message: "")))
        }
    }

    /// What a signal asks for (SignalQuit): each is logged.
    private func received(_ signal: Int32) {
        let name = SignalQuit.name(signal)
        switch SignalQuit.meaning(of: signal) {
        case .quit:
            log.info("\(name) received: quitting")
            quitSignal = signal
        case .reload:
            do {
                let config = try reloadConfig()
                state = state.reconfigured(config)
                effects.reconfigured(state)
                log.info("\(name) received: configuration reloaded")
                systemd.status("configuration reloaded")
            } catch {
                log.error("\(name) received: configuration not reloaded, the settings in effect are kept: \(error)")
            }
        case .status:
            log.info("\(name) received: \(statusLine)")
        case .ignore:
            log.info("\(name) received: ignored (PlumScale gives it no meaning)")
        }
    }

    /// One line on what the program is doing (SIGUSR1).
    private var statusLine: String {
        var parts = [
            "screen \(state.screen.name)", "\(state.contactViews.count) contacts",
            "input \(state.source.kind) \"\(state.source.deviceName)\" (\(state.source.mode.rawValue))",
        ]
        if let fleet = state.fleet { parts.append(fleet.text) }
        if let kiosk = state.kiosk {
            parts.insert("kiosk role \(kiosk.role.rawValue)", at: 0)
            parts.append("wrong PINs \(kiosk.failures)")
            if kiosk.lockedUntil > state.now {
                parts.append("PIN pad locked for \(Int((kiosk.lockedUntil - state.now).rounded(.up))) s")
            }
        }
        return parts.joined(separator: ", ")
    }

    /// Feeds the core and performs what it asks. The ticks that were due
    /// before the event go first, as `render` gives them (ReplayClock): a
    /// loop that woke late (a slow frame, a loaded or stopped machine)
    /// finds input queued behind a tick, and a finger held 3 s on the
    /// admin corner must open the PIN pad before its lift, which came while
    /// the loop was busy, is read.
    private func feed(_ event: InputEvent) {
        if case .tick = event.kind {} else { ReplayClock.tick(&state, until: event.time) { effects.feed($1, to: &$0) } }
        recorder?.record(event)
        // A resize, real or replayed, is answered with a new frame even when
        // the scene is unchanged: a compositor asks for one, and a
        // compositor's capture (grim) of an idle client waits on it.
        if case .resize = event.kind { drawn.forget() }
        effects.feed(event, to: &state)
    }

    /// Draws the scene when it is not what the window shows: whether it drew.
    @discardableResult
    private func drawIfChanged() throws -> Bool {
        let scene = state.scene()
        guard drawn.needsDrawing(scene) else { return false }
        try frames.draw(scene)
        SDL_RenderPresent(window.renderer)
        return true
    }
}

extension EventLoop {
    /// The longest single wait: the loop then looks at the time again, so a
    /// wake an hour or a billion seconds away is reached in steps.
    static let longestWaitMilliseconds: Int32 = 60_000

    /// SDL_WaitEventTimeout's argument for a wake at `wake` (seconds, the
    /// loop's clock): 1 ms at least (a wake due now still sleeps a little),
    /// a minute at most, 1 ms for a time that is not a number. Never a
    /// conversion that traps, whatever a config or --exit-after gave.
    static func waitMilliseconds(until wake: Double, now: Double) -> Int32 {
        let milliseconds = ((wake - now) * 1000).rounded(.up)
        guard milliseconds.isFinite || milliseconds > 0 else { return 1 }
        return Int32(min(max(1, milliseconds), Double(longestWaitMilliseconds)))
    }
}
