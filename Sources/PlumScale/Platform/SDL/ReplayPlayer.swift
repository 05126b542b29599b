import CSDL2
import Foundation
import PlumScaleCore

/// Plays a replay in real time through SDL's event queue, the queue live
/// input uses: touches as SDL finger events, keys as key events, the close
/// request as SDL_QUIT. What SDL events cannot carry (contact size) goes as a
/// user event naming the replay event.
final class ReplayPlayer: @unchecked Sendable {
    static let eventCode: Int32 = 0x504c
    /// Marks replayed fingers, so they are never confused with a real device.
    static let touchID: SDL_TouchID = 0x504c_554d

    private let events: [InputEvent]
    private var thread: Thread?
    private let stopped = NSCondition()
    private var stopRequested = false

    init(events: [InputEvent]) { self.events = events }

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

    private func play(windowID: UInt32) {
        let start = Date()
        for (index, event) in events.enumerated() {
            stopped.lock()
            while !stopRequested, Date().timeIntervalSince(start) < event.time {
                _ = stopped.wait(until: start.addingTimeInterval(event.time))
            }
            let stop = stopRequested
            stopped.unlock()
            if stop { return }
            var sdlEvent = Self.sdlEvent(for: event, index: index, windowID: windowID)
            SDL_PushEvent(&sdlEvent)
        }
    }

    static func sdlEvent(for event: InputEvent, index: Int, windowID: UInt32) -> SDL_Event {
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
            e.user.windowID = UInt32(index)
        }
        return e
    }
}
