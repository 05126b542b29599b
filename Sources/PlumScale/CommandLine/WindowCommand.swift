import CSDL2
import Foundation
import PlumScaleCore

/// `plumscale` with no command: the scale in a window (or fullscreen).
public enum WindowCommand {
    public static func run(_ options: WindowOptions, log: Log) throws {
        try KioskShell.checkUser(options)
        // First: a signal that comes while starting up is answered, not fatal.
        SignalQuit.install(log: log)
        // A replay is looked at now (its kind, its device: a bad head is
        // exit 2 before any window) and read as it plays.
        let replay = try options.replay.map { try ReplayLoader.open(path: $0, description: options.deviceDescription) }
        let config = try ConfigFile.load(explicitPath: options.config).config
        let fontPath = try FontLocator.locate(override: options.font ?? config.font)
        let history = try HistoryService(path: options.db, configPath: options.config ?? ConfigFile.defaultPath())
        let fleet = try config.mqtt.map { try startFleet($0, history: history, log: log) }
        defer { fleet?.stop() }

        // Initialisation
        try WaylandPreflight.check()
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        // A click that gives the window the focus is a click, as a press on
        // the glass is: SDL's X11 backend otherwise drops a click handled
        // within 10 ms of the focus, and a program busy for a moment (a
        // loaded machine) handles both in one batch, so a pin went missing.
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        KioskShell.setHints(kiosk: options.kiosk)
        skipUnreachableWayland()
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            throw RuntimeFailure(
                "no display: SDL could not start video (\(String(cString: SDL_GetError()))). "
                    + "Run it under X11, Wayland or on the console, or draw frames without a display: "
                    + "plumscale render --replay FILE --out frame.png")
        }
        defer { SDL_Quit() }
        // The sink ends before SDL does: it pushes SDL events.
        defer { fleet?.stop() }
        SignalQuit.startWatching()
        // SDL falls back to an invisible offscreen driver when nothing else
        // works; a window nobody can see is no window. Only an explicit
        // SDL_VIDEODRIVER choice gets it.
        let driver = String(cString: SDL_GetCurrentVideoDriver())
        if ["offscreen", "dummy"].contains(driver), getenv("SDL_VIDEODRIVER") == nil {
            try Self.retryX11(after: driver, log: log)
        }
        // The source before the window: what cannot run is refused before
        // anything appears on screen.
        let (source, mouse, evdev) = try chooseSource(options, replay: replay, log: log)
        if options.recordEvemu != nil, evdev == nil {
            throw UsageError("--record-evemu needs an evdev source (--source evdev or touchpad); this run's source is \(source.kind)")
        }
        try SDLLibrary.startTTF()
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        var windowSize = options.size
        if options.fullscreen || options.kiosk {
            flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue
            windowSize = KioskShell.fullscreenSize(or: options.size)
        }
        let window = try Window(
            title: "PlumScale", width: windowSize.width, height: windowSize.height, flags: flags, log: log)
        if options.kiosk { KioskShell.apply(window, log: log) }
        // Below this every screen still fits (the layout tests hold it at
        // 640x360, and 360x640 for a portrait window, which turns the
        // layout): a portrait size such as 480x800 keeps its width.
        let minimum = windowSize.height > windowSize.width ? (360, 640) : (640, 360)
        SDL_SetWindowMinimumSize(window.window, Int32(minimum.0), Int32(minimum.1))
        let fonts = try FontSet(path: fontPath)
        let frames = FrameRenderer(renderer: window.renderer, rendererName: window.rendererName, fonts: fonts)
        // Which display SDL took (wayland, x11 through Xwayland, KMSDRM) is
        // the first thing to know when a screen stays black.
        log.info("video: \(String(cString: SDL_GetCurrentVideoDriver())) driver, SDL renderer \(window.rendererName)")
        log.debug("video driver \(String(cString: SDL_GetCurrentVideoDriver())), drawing by \(frames.pathName)")
        // Said once the window is up (and fullscreen in a kiosk): tests and
        // people take this line as "ready for input".
        log.info("input: \(source.kind) \"\(source.deviceName)\", mode \(source.mode.rawValue)")

        let size = window.size
        let uiScale = options.uiScale ?? Self.displayScale(log: log)
        var state = AppState(
            screen: Size(Double(size.width), Double(size.height)), source: source, mouseEmulation: mouse, config: config,
            kiosk: options.kiosk, uiScale: uiScale)
        state.timeZone = .current
        state.metrics = fonts.textMetrics()
        log.debug("UI scale \(state.layout.uiScale)\(uiScale == nil ? " (from the window size)" : "")")
        // Core time is SDL's clock (event timestamps); the wall clock at its zero.
        state.clockOrigin = Date().addingTimeInterval(-Double(SDL_GetTicks64()) / 1000)
        let lockoutFile = options.kiosk ? LockoutFile.defaultPath().map(LockoutFile.init(path:)) : nil
        if let lockoutFile { restoreLockout(from: lockoutFile, into: &state, log: log) }
        if let fleet { state.apply(InputEvent(time: 0, .fleet(fleet.status))) }
        state.apply(InputEvent(time: 0, .history(history.latestCalibrations())))  // the due date's start

        // Loop
        let player = replay.map { ReplayPlayer(source: $0, log: log) }
        player?.start()
        defer { player?.stop() }
        let loop = EventLoop(
            window: window, frames: frames, state: state, replay: player, evdev: evdev,
            history: history, systemd: SystemdNotify(log: log), lockoutFile: lockoutFile,
            reloadConfig: { try ConfigFile.load(explicitPath: options.config).config }, log: log)
        try record(options, source: source, mouse: mouse, clockOrigin: state.clockOrigin, evdev: evdev, loop: loop, log: log)
        evdev?.start()
        defer { evdev?.stop() }
        let deadline = options.exitAfter.map { Double(SDL_GetTicks64()) / 1000 + $0 }
        try loop.run(until: deadline, screenshot: options.screenshot)
        // A bad line met while playing: the window showed the replay up to
        // it; the run is one with a bad input file (exit 2).
        if let failure = player?.failure { throw failure }
    }

    /// With no XDG_RUNTIME_DIR (and no absolute WAYLAND_DISPLAY or
    /// WAYLAND_SOCKET) no Wayland compositor can be reached, yet SDL's probe
    /// of it makes libwayland print an unprefixed "error: XDG_RUNTIME_DIR is
    /// invalid" before our own message: SDL is told to try the others only.
    static func skipUnreachableWayland(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let drivers = driversWithoutWayland(environment: environment) else { return }
        SDL_SetHint(SDL_HINT_VIDEODRIVER, drivers)
    }

    /// The drivers SDL should try when Wayland is out of reach, nil when it
    /// may be reached or the user chose the driver.
    static func driversWithoutWayland(environment: [String: String]) -> String? {
        guard (environment["SDL_VIDEODRIVER"] ?? "").isEmpty, (environment["XDG_RUNTIME_DIR"] ?? "").isEmpty,
            (environment["WAYLAND_SOCKET"] ?? "").isEmpty, !(environment["WAYLAND_DISPLAY"] ?? "").hasPrefix("/")
        else { return nil }
        // SDL 2.26's own order, less wayland.
        return "x11,kmsdrm,offscreen"
    }

    /// The MQTT sink (README "Fleet"), publishing this history's outbox.
    static func startFleet(_ settings: Config.MQTT, history: HistoryService, log: Log) throws -> FleetSink {
        try FleetSink.preflight(settings, log: log)  // what would stop the sink stops the start, as a bad config does
        let sink = FleetSink(settings: settings, history: history, log: log) {
            var event = SDL_Event()
            event.type = SDL_USEREVENT.rawValue
            event.user.code = FleetLive.eventCode
            SDL_PushEvent(&event)
        }
        history.publish(to: sink)
        sink.start()
        log.info("fleet: publishing to \(settings.host):\(settings.port) under \(settings.base)/")
        return sink
    }

    /// `--record` and `--record-evemu`: opened before the first event, timed
    /// from now (SDL's clock, the core's).
    static func record(
        _ options: WindowOptions, source: InputSource, mouse: Bool, clockOrigin: Date, evdev: EvdevSource?, loop: EventLoop,
        log: Log
    ) throws {
        if let path = options.record {
            let origin = Double(SDL_GetTicks64()) / 1000
            loop.recorder = try SessionRecorder(
                path: path, source: source, mouse: mouse, origin: origin, started: clockOrigin.addingTimeInterval(origin),
                log: log)
            log.info("recording the input to \(path)")
        }
        if let path = options.recordEvemu {
            guard let evdev else {
                throw UsageError("--record-evemu needs an evdev source (--source evdev or touchpad); this run's source is \(source.kind)")
            }
            let file = try SessionRecording(path: path, log: log)
            file.append(EvemuWriter.header(evdev.device))
            file.flush()
            let clock = EvemuClock()
            evdev.recordFrames { events in
                file.append(clock.lines(events))
                file.flush()
            }
            log.info("recording the raw evdev events to \(path)")
        }
    }

    /// The PIN lockout of an earlier run, back in the core: a restart gives
    /// no free tries.
    static func restoreLockout(from file: LockoutFile, into state: inout AppState, log: Log) {
        do {
            guard let saved = try file.load() else { return }
            state.restoreKioskLockout(failures: saved.failures, lockedUntil: saved.lockedUntil)
            if let kiosk = state.kiosk, kiosk.lockedUntil > state.now {
                log.warning(
                    "kiosk: the PIN pad is locked for \(Int((kiosk.lockedUntil - state.now).rounded(.up))) s more after \(kiosk.failures) wrong PINs (\(file.path))"
                )
            } else if saved.failures > 0 {
                log.info("kiosk: \(saved.failures) wrong PINs so far (\(file.path))")
            }
        } catch {
            log.warning("kiosk: the PIN lockout kept in \(error); starting without one")
        }
    }

    /// Where touches come from: a replay, the kernel device (real force on
    /// any desktop), SDL's touch events, or the mouse standing in.
    static func chooseSource(_ options: WindowOptions, replay: ReplayLoader.Source?, log: Log) throws
        -> (InputSource, mouse: Bool, evdev: EvdevSource?)
    {
        if let replay { return (.replay(replay.device), replay.device.mouse, nil) }
        func evdevSource(_ path: String, touchpad: Bool = false) throws -> (InputSource, mouse: Bool, evdev: EvdevSource?) {
            let flag = touchpad ? "touchpad" : "evdev"
            let evdev: EvdevSource
            do {
                evdev = try EvdevSource(path: path)
            } catch let error as EvdevError {
                throw RuntimeFailure("--source \(flag): \(error)")
            }
            if let refusal = evdev.device.weighingRefusal {
                throw RuntimeFailure("--source \(flag): \(path) \"\(evdev.device.name)\" cannot weigh: \(refusal)")
            }
            if touchpad, evdev.device.kind != .touchpad {
                throw RuntimeFailure("--source touchpad: \(path) \"\(evdev.device.name)\" is a \(evdev.device.kindDescription)")
            }
            let source = InputSource(
                kind: "evdev", deviceName: evdev.device.name, mode: evdev.device.forceMode,
                deviceGrams: DeviceGrams(evdev.device),
                // A touchpad is a pad of its own; a touchscreen maps onto its display.
                surface: evdev.device.kind == .touchpad ? DeviceSurface(evdev.device) : nil,
                category: evdev.device.category, noGramsReason: DeviceGrams.absence(evdev.device))
            return (source, false, evdev)
        }
        func took(_ choice: DeviceChoice) throws -> (InputSource, mouse: Bool, evdev: EvdevSource?) {
            log.info("input: --source \(options.source.name) took \(choice.path) \"\(choice.device.name)\": \(choice.reason)")
            return try evdevSource(choice.path, touchpad: choice.device.kind == .touchpad)
        }
        switch options.source {
        case .mouse:
            return (.mouse, true, nil)
        case .sdl:
            return (.sdl(deviceName: sdlTouchName()), false, nil)
        case .evdev(let path?):
            return try evdevSource(path)
        case .touchpad(let path?):
            return try evdevSource(path, touchpad: true)
        case .evdev(nil):
            let candidates = EvdevSource.readableDevices(log: log)
            guard let best = DeviceChoice.automatic(candidates) ?? DeviceChoice.touchpad(candidates) else {
                throw RuntimeFailure(
                    "--source evdev: no readable touch device that can weigh under /dev/input (plumscale devices tells why)")
            }
            return try took(best)
        case .touchpad(nil):
            guard let pad = DeviceChoice.touchpad(EvdevSource.readableDevices(log: log)) else {
                throw RuntimeFailure(
                    "--source touchpad: no readable touchpad that can weigh under /dev/input (plumscale devices tells why)")
            }
            return try took(pad)
        case .auto:
            let best = DeviceChoice.automatic(EvdevSource.readableDevices(log: log))
            if let best, best.device.forceMode == .force { return try took(best) }
            if SDL_GetNumTouchDevices() > 0 {
                log.info("input: --source auto took SDL's touchscreen: no force device\(best == nil ? "" : " readable through evdev")")
                return (.sdl(deviceName: sdlTouchName()), false, nil)
            }
            if let best { return try took(best) }
            log.info("no touchscreen found: the mouse stands in (see --help)")
            return (.mouse, true, nil)
        }
    }

    static func sdlTouchName() -> String {
        guard SDL_GetNumTouchDevices() > 0, let name = SDL_GetTouchName(0) else { return "touchscreen" }
        return String(cString: name)
    }

    /// SDL fell back to an invisible driver. With DISPLAY set, X11 is asked
    /// again a few times (an X server that is starting, or too busy to
    /// answer at once, as seen under a loaded test run), and its own error
    /// is reported if it never answers.
    /// The scale a high-density display asks for (its DPI over 96, in
    /// quarter steps), or nil to follow the window size. SDL's DPI is often
    /// a guess at 96 on ordinary displays: only 144 and above count.
    static func displayScale(log: Log) -> Double? {
        var diagonal: Float = 0
        var horizontal: Float = 0
        var vertical: Float = 0
        guard SDL_GetDisplayDPI(0, &diagonal, &horizontal, &vertical) == 0, horizontal >= 144, horizontal.isFinite else {
            return nil
        }
        let scale = min((Double(horizontal) / 96 * 4).rounded(.down) / 4, Layout.scaleRange.upperBound)
        log.debug("display DPI \(horizontal): UI scale \(scale)")
        return scale
    }

    private static func retryX11(after driver: String, log: Log) throws {
        var reason = "DISPLAY is not set"
        if let display = getenv("DISPLAY").map({ String(cString: $0) }), !display.isEmpty {
            for attempt in 1...5 {
                SDL_VideoQuit()
                if SDL_VideoInit("x11") == 0 {
                    log.warning("X11 display \(display) answered at attempt \(attempt)")
                    return
                }
                reason = "X11 on \(display): \(String(cString: SDL_GetError()))"
                usleep(400_000)
            }
        }
        throw RuntimeFailure(
            "no display: SDL found no X11, Wayland or console display (only its \(driver) driver; \(reason)). "
                + "Run it in a desktop session or on the console, or draw frames without a display: "
                + "plumscale render --replay FILE --out frame.png")
    }
}
