import CWayland
import Foundation

/// A look at the Wayland compositor before SDL starts on it. SDL 2.26
/// crashes in SDL_Init (a NULL dereference in Wayland_InitMouse,
/// libsdl-org/SDL#8898) on a compositor that offers no seat, no wl_seat
/// global: weston's headless backend, or a compositor started with no input
/// device at all. PlumScale says so and exits instead of crashing.
enum WaylandPreflight {
    /// Whether SDL will try its wayland driver: asked for by SDL_VIDEODRIVER,
    /// or left to choose with a Wayland display and no X display (SDL 2.26
    /// tries x11 first).
    static func sdlWillUseWayland(environment: [String: String]) -> Bool {
        if let driver = environment["SDL_VIDEODRIVER"], !driver.isEmpty {
            return driver.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) == "wayland" } ?? false
        }
        let wayland = !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        let x11 = !(environment["DISPLAY"] ?? "").isEmpty
        return wayland && !x11
    }

    /// The compositor's globals (interface names), nil when no compositor answers.
    static func globals() -> Set<String>? {
        guard let display = wl_display_connect(nil) else { return nil }
        defer { wl_display_disconnect(display) }
        guard let registry = wl_display_get_registry(display) else { return nil }
        defer { wl_registry_destroy(registry) }
        final class Names { var set: Set<String> = [] }
        let names = Names()
        // The listener must outlive the roundtrip that calls it: its own allocation.
        let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
        defer { listener.deallocate() }
        listener.initialize(
            to: wl_registry_listener(
                global: { data, _, _, interface, _ in
                    guard let data, let interface else { return }
                    Unmanaged<Names>.fromOpaque(data).takeUnretainedValue().set.insert(String(cString: interface))
                },
                global_remove: { _, _, _ in }))
        let found: Set<String>? = withExtendedLifetime(names) {
            guard wl_registry_add_listener(registry, listener, Unmanaged.passUnretained(names).toOpaque()) == 0,
                wl_display_roundtrip(display) >= 0
            else { return nil }
            return names.set
        }
        return found
    }

    /// Throws, saying why and what to do, when SDL would crash on this compositor.
    static func check(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard sdlWillUseWayland(environment: environment), let globals = globals() else { return }
        guard !globals.contains("wl_seat") else { return }
        let name = environment["WAYLAND_DISPLAY"].map { "\"\($0)\"" } ?? "(default)"
        throw RuntimeFailure(
            "the Wayland compositor on \(name) offers no seat (wl_seat: no keyboard, pointer or touch), and SDL 2.26 "
                + "crashes on such a compositor (libsdl-org/SDL#8898). Give the compositor an input device (weston's "
                + "headless backend has none), or use another display: SDL_VIDEODRIVER=x11 with an X server, or the "
                + "console (KMSDRM)")
    }
}
