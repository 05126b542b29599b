import CSDL2
import PlumScaleCore

/// The live loop: wait for events, feed them all to the core, draw once if
/// the core says something changed. It sleeps in SDL_WaitEvent when idle.
final class EventLoop {
    private let window: Window
    private let frames: FrameRenderer
    private var state: AppState
    private let replayEvents: [InputEvent]
    private let log: Log
    private let evdev: EvdevSource?
    /// Set by SIGTERM or SIGINT (see SignalQuit): the loop ends whatever the core says.
    private(set) var quitSignal: Int32?
    private let history: HistoryService
    /// Set when the core asks to quit (Escape, the close button, the operator leaving).
    private var quitRequested = false
    private var translation = EventTranslation()

    init(
        window: Window, frames: FrameRenderer, state: AppState, replayEvents: [InputEvent], evdev: EvdevSource?,
        history: HistoryService, log: Log
    ) {
        self.evdev = evdev
        self.history = history
        self.window = window
        self.frames = frames
        self.state = state
        self.replayEvents = replayEvents
        self.log = log
    }

    /// Runs until the core stops running or the deadline (seconds since SDL
    /// start) passes; then saves the screenshot, if asked for.
    func run(until deadline: Double?, screenshot: String?) throws {
        try draw()
        var event = SDL_Event()
        while !quitRequested && quitSignal == nil {
            var now = Double(SDL_GetTicks64()) / 1000
            if let deadline, now >= deadline { break }
            // Sleep until input, the core's next frame tick, or the deadline.
            let wake = [deadline, state.nextWake].compactMap { $0 }.min()
            let got: Int32
            if let wake {
                got = SDL_WaitEventTimeout(&event, Int32(max(1, ((wake - now) * 1000).rounded(.up))))
            } else {
                got = SDL_WaitEvent(&event)
            }
            var dirty = got != 0 && handle(event)
            while SDL_PollEvent(&event) != 0 { dirty = handle(event) || dirty }
            now = Double(SDL_GetTicks64()) / 1000
            if let tick = state.nextWake, tick <= now {
                dirty = feed(InputEvent(time: now, .tick)) || dirty
            }
            if dirty { try draw() }
        }
        if let screenshot {
            try frames.draw(state.scene())
            try window.saveScreenshot(screenshot)
            log.info("screenshot saved to \(screenshot)")
        }
    }

    private func handle(_ event: SDL_Event) -> Bool {
        if let signal = SignalQuit.signal(in: event) {
            log.info("\(SignalQuit.name(signal)) received: quitting")
            quitSignal = signal
            return false
        }
        if event.type == SDL_USEREVENT.rawValue, event.user.code == EvdevSource.eventCode, let evdev {
            return evdev.queue.drain().reduce(false) { changed, output in apply(output) || changed }
        }
        switch translation.translate(event, windowSize: window.size, replayEvents: replayEvents) {
        case .input(let input): return feed(input)
        case .redraw: return true
        case .none: return false
        }
    }

    /// A reader thread's report, in window coordinates.
    private func apply(_ output: EvdevReader.Output) -> Bool {
        switch output {
        case .frame(_, let events):
            return events.reduce(false) { changed, event in feed(windowed(event)) || changed }
        case .deviceLost(let reason, let cancelled):
            for event in cancelled { feed(event) }
            log.warning("touch device lost: \(reason)")
            let message = "Touch device lost (\(reason)); waiting for it to come back."
            return feed(InputEvent(time: state.now, .deviceChanged(connected: false, message: message)))
        case .deviceBack(let path):
            log.info("touch device back at \(path)")
            return feed(InputEvent(time: state.now, .deviceChanged(connected: true, message: "")))
        }
    }

    /// Feeds the core, performs what it asks, and says whether to redraw.
    @discardableResult
    private func feed(_ event: InputEvent) -> Bool {
        let update = history.feed(event, to: &state)
        if update.effects.contains(.quit) { quitRequested = true }
        return update.changed
    }

    private func windowed(_ event: InputEvent) -> InputEvent {
        var event = event
        switch event.kind {
        case .touchDown(var s):
            (s.x, s.y) = window.fromDisplay(x: s.x, y: s.y)
            event.kind = .touchDown(s)
        case .touchMove(var s):
            (s.x, s.y) = window.fromDisplay(x: s.x, y: s.y)
            event.kind = .touchMove(s)
        default: break
        }
        return event
    }

    private func draw() throws {
        try frames.draw(state.scene())
        SDL_RenderPresent(window.renderer)
    }
}
