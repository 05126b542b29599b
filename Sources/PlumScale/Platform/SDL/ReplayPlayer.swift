import CSDL2
import Foundation
import PlumScaleCore

/// Plays a replay in real time through SDL's event queue, the queue live
/// input uses: touches as SDL finger events, keys as key events, the close
/// request as SDL_QUIT. What SDL events cannot carry (contact size) goes as a
/// user event naming the replay event.
/// The file is read as it is played (ReplayLoader.stream), never whole:
/// a replay of any length plays in the memory of a few lines, and the
/// window opens without waiting for it. A bad line found while playing
/// stops the replay there: `failure` keeps the error (file, line, what was
/// expected), logged at once; the program then ends with exit status 2.
final class ReplayPlayer: @unchecked Sendable {
    static let eventCode: Int32 = 0x504c
    /// Marks replayed fingers, so they are never confused with a real device.
    static let touchID: SDL_TouchID = 0x504c_554d

    private let source: ReplayLoader.Source
    private let log: Log
    private var thread: Thread?
    private let stopped = NSCondition()
    private var stopRequested = false
    private var readers: [LineReader] = []
    private var error: Error?

    init(source: ReplayLoader.Source, log: Log) {
        self.source = source
        self.log = log
    }

    func start(windowID: UInt32) {
        let thread = Thread { [self] in play(windowID: windowID) }
        thread.name = "plumscale-replay"
        self.thread = thread
        thread.start()
    }

    func stop() {
        stopped.lock()
        stopRequested = true
        stopped.signal()
        stopped.unlock()
    }

    /// The error that stopped the replay early, nil when it played (or is playing) well.
    var failure: Error? { stopped.withLock { error } }

    /// Pushes each event when its time comes, as the file is read.
    struct Pusher: ReplayEventSink {
        let player: ReplayPlayer
        let windowID: UInt32
        let start = Date()
        private(set) var count = 0
        var isEmpty: Bool { count == 0 }

        mutating func append(_ event: InputEvent) {
            count += 1
            let player = self.player
            player.stopped.lock()
            while !player.stopRequested, Date().timeIntervalSince(start) < event.time {
                _ = player.stopped.wait(until: start.addingTimeInterval(event.time))
            }
            let stop = player.stopRequested
            let readers = player.readers
            player.stopped.unlock()
            // The readers are stopped here, on the thread that reads them.
            if stop {
                for reader in readers { reader.stop() }
                return
            }
            var sdlEvent = ReplayPlayer.sdlEvent(for: event, windowID: windowID)
            if SDL_PushEvent(&sdlEvent) != 1 { ReplayPlayer.release(sdlEvent) }
        }
    }

    private func play(windowID: UInt32) {
        var pusher = Pusher(player: self, windowID: windowID)
        do {
            let warnings = try ReplayLoader.stream(source, into: &pusher) { reader in
                stopped.withLock {
                    readers.append(reader)
                    if stopRequested { reader.stop() }
                }
            }
            for warning in warnings { log.warning(warning) }
        } catch {
            log.error("the replay stopped early: \(error)")
            stopped.withLock { self.error = error }
        }
    }

    /// What an SDL event cannot carry (contact size, a resize, the fleet's
    /// state) travels whole in a box in `user.data1`; the translation takes
    /// it out (`take`). An event SDL refused is released at once.
    final class Box {
        let event: InputEvent
        init(_ event: InputEvent) { self.event = event }
    }

    static func take(_ event: SDL_Event) -> InputEvent? {
        guard event.type == SDL_USEREVENT.rawValue, event.user.code == eventCode, let data = event.user.data1 else { return nil }
        return Unmanaged<Box>.fromOpaque(data).takeRetainedValue().event
    }

    static func release(_ event: SDL_Event) { _ = take(event) }

    static func sdlEvent(for event: InputEvent, windowID: UInt32) -> SDL_Event {
        var e = SDL_Event()
        func finger(_ type: SDL_EventType, _ id: Int, x: Double = 0, y: Double = 0, pressure: Double = 0) {
            e.type = type.rawValue
            e.tfinger.touchId = touchID
            e.tfinger.fingerId = SDL_FingerID(id)
            e.tfinger.x = Float(x)
            e.tfinger.y = Float(y)
            e.tfinger.pressure = Float(pressure)
            e.tfinger.windowID = windowID
        }
        func key(_ type: SDL_EventType, _ name: String, _ modifiers: Modifiers) {
            e.type = type.rawValue
            e.key.windowID = windowID
            e.key.keysym.sym = SDL_GetKeyFromName(name)
            var mod: UInt32 = 0
            if modifiers.contains(.shift) { mod |= UInt32(KMOD_LSHIFT.rawValue) }
            if modifiers.contains(.control) { mod |= UInt32(KMOD_LCTRL.rawValue) }
            if modifiers.contains(.alt) { mod |= UInt32(KMOD_LALT.rawValue) }
            e.key.keysym.mod = UInt16(mod)
        }
        switch event.kind {
        case .touchDown(let s) where s.touchMajor == nil:
            finger(SDL_FINGERDOWN, s.id, x: s.x, y: s.y, pressure: s.pressure ?? 1)
        case .touchMove(let s) where s.touchMajor == nil:
            finger(SDL_FINGERMOTION, s.id, x: s.x, y: s.y, pressure: s.pressure ?? 1)
        case .touchUp(let id), .touchCancel(let id):
            finger(SDL_FINGERUP, id)
        case .keyDown(let named, let mods): key(SDL_KEYDOWN, named.name, mods)
        case .keyUp(let named, let mods): key(SDL_KEYUP, named.name, mods)
        case .quit:
            e.type = SDL_QUIT.rawValue
        default:
            e.type = SDL_USEREVENT.rawValue
            e.user.code = eventCode
            e.user.windowID = windowID
            e.user.data1 = Unmanaged.passRetained(Box(event)).toOpaque()
        }
        return e
    }
}
