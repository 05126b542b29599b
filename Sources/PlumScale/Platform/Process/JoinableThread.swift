import Foundation

/// A thread that can be joined: `join()` returns once the thread is gone,
/// its thread-local destructors run. Foundation's `Thread` cannot be joined,
/// and its end is only known from the thread's own last words, before those
/// destructors run; a program that exits in that window leaves the thread's
/// libraries (OpenSSL keeps a random generator per thread) half torn down.
final class JoinableThread: @unchecked Sendable {
    private final class Body {
        let name: String
        let work: () -> Void
        init(_ name: String, _ work: @escaping () -> Void) {
            self.name = name
            self.work = work
        }
    }

    private var handle = pthread_t()
    private var joined = false
    private let started: Bool

    /// Starts `work` on a new thread named `name` (for ps, top and /proc).
    init(name: String, _ work: @escaping @Sendable () -> Void) {
        let body = Unmanaged.passRetained(Body(name, work)).toOpaque()
        started =
            pthread_create(
                &handle, nil,
                { context in
                    guard let context else { return nil }
                    let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
                    // Set from the thread itself: Foundation passes it to the kernel.
                    Thread.current.name = body.name
                    body.work()
                    return nil
                }, body) == 0
        if !started { Unmanaged<Body>.fromOpaque(body).release() }
    }

    /// Waits until the thread has ended. Call it only once its work has
    /// returned or is about to: it does not time out.
    func join() {
        guard started, !joined else { return }
        joined = true
        pthread_join(handle, nil)
    }

    /// Lets the thread end on its own (a thread that did not finish in time).
    func detach() {
        guard started, !joined else { return }
        joined = true
        pthread_detach(handle)
    }
}
