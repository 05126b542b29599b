import CSDL2
import PlumScaleCore

/// The kiosk's shell side (the core decides which input it honours): no
/// cursor, no screensaver or screen blanking, and a fullscreen window that
/// stays up when it loses focus. The window itself is made with
/// SDL_WINDOW_FULLSCREEN_DESKTOP by WindowCommand; on a console without X or
/// Wayland, SDL picks KMSDRM by itself.
enum KioskShell {
    /// Hints that must be set before SDL_Init, in every mode: SDL installs no
    /// signal handlers of its own (SignalQuit does).
    static func setHints(kiosk: Bool) {
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        guard kiosk else { return }
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "0")
        SDL_SetHint(SDL_HINT_VIDEO_MINIMIZE_ON_FOCUS_LOSS, "0")
    }

    /// The size to create a fullscreen window with: the whole first display.
    /// SDL_WINDOW_FULLSCREEN_DESKTOP asks the window manager to fill the
    /// screen; an X server with no window manager (a bare `xinit` kiosk, or
    /// Xvfb) ignores that and would keep the windowed size while SDL reports
    /// the display's, so the window starts at the display's size already.
    static func fullscreenSize(or fallback: PixelSize) -> PixelSize {
        var bounds = SDL_Rect()
        guard SDL_GetDisplayBounds(0, &bounds) == 0, bounds.w > 0, bounds.h > 0 else { return fallback }
        return PixelSize(Int(bounds.w), Int(bounds.h))
    }

    /// After the window exists: hide the cursor and inhibit the screensaver,
    /// then log what SDL reports back (the cursor state is SDL's own answer
    /// to SDL_ShowCursor(SDL_QUERY)).
    static func apply(_ window: Window, log: Log) {
        SDL_DisableScreenSaver()
        SDL_ShowCursor(SDL_DISABLE)
        let cursorHidden = SDL_ShowCursor(SDL_QUERY) == SDL_DISABLE
        let saverOff = SDL_IsScreenSaverEnabled() == SDL_FALSE
        let (w, h) = window.size
        let fullscreen = SDL_GetWindowFlags(window.window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue
            == SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue
        log.info("kiosk: \(fullscreen ? "fullscreen" : "NOT fullscreen") \(w)x\(h), cursor \(cursorHidden ? "hidden" : "SHOWN"), screensaver \(saverOff ? "inhibited" : "NOT inhibited")")
    }
}
