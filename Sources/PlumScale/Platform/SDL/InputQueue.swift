import CSDL2
import Foundation

/// What another thread made for the loop (the evdev reader's frames, the
/// replay player's events), held until the SDL thread drains it. Each push
/// wakes the loop with an SDL user event of `code`, which carries nothing:
/// the input itself never goes through SDL's event types.
final class InputQueue<Element: Sendable>: @unchecked Sendable {
    let code: Int32
    private let lock = NSLock()
    private var elements: [Element] = []

    init(code: Int32) { self.code = code }

    func push(_ element: Element) {
        lock.withLock { elements.append(element) }
        var event = SDL_Event()
        event.type = SDL_USEREVENT.rawValue
        event.user.code = code
        SDL_PushEvent(&event)
    }

    /// Whether `event` is this queue's wake.
    func woke(_ event: SDL_Event) -> Bool {
        event.type == SDL_USEREVENT.rawValue && event.user.code == code
    }

    func drain() -> [Element] {
        lock.withLock {
            let taken = elements
            elements.removeAll(keepingCapacity: true)
            return taken
        }
    }
}
