import CSDL2
import Foundation
import PlumScaleCore

/// The kiosk's shell side (the core decides which input it honours): no
/// cursor, no screensaver or screen blanking, and a fullscreen window that
/// stays up when it loses focus. The window itself is made with
/// SDL_WINDOW_FULLSCREEN_DESKTOP by WindowCommand; on a console without X or
/// Wayland, SDL picks KMSDRM by itself.
enum KioskShell {
    /// Hints that must be set before SDL_Init, in every mode: SDL installs no
    /// signal handlers of its own (SignalQuit does), and on Wayland the
    /// window is decorated by libdecor from the start.
    ///
    /// Why libdecor from the start: SDL 2.26 maps a window as a plain
    /// xdg_toplevel and asks for server-side decorations. A compositor that
    /// answers "client-side" (cage does, so does any wlroots compositor
    /// without -d) makes SDL switch to libdecor in the middle of
    /// SDL_ShowWindow (handle_configure_zxdg_decoration): it unmaps the
    /// toplevel and would map it again, but the window is still flagged
    /// hidden at that moment, so it never is. Every frame after that is
    /// committed to a surface with no role, which no compositor shows: the
    /// program logs normally, its own --screenshot shows the scale, and the
    /// screen stays black. With libdecor chosen at SDL_Init there is no
    /// switch. (An SDL_VIDEO_WAYLAND_PREFER_LIBDECOR in the environment wins.)
    static func setHints(kiosk: Bool) {
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        SDL_SetHint(SDL_HINT_VIDEO_WAYLAND_PREFER_LIBDECOR, "1")
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

    /// After the window exists: hide the cursor, inhibit the screensaver and
    /// grab the keyboard (so a window manager's shortcuts do not act: on X11
    /// an active grab while the window has the focus, on Wayland the
    /// compositor's keyboard-shortcuts inhibitor where it offers one), then
    /// log what SDL reports back (the cursor state is SDL's own answer to
    /// SDL_ShowCursor(SDL_QUERY), the grab SDL_GetWindowKeyboardGrab's).
    static func apply(_ window: Window, log: Log) {
        SDL_DisableScreenSaver()
        SDL_ShowCursor(SDL_DISABLE)
        SDL_SetWindowKeyboardGrab(window.window, SDL_TRUE)
        let cursorHidden = SDL_ShowCursor(SDL_QUERY) == SDL_DISABLE
        let saverOff = SDL_IsScreenSaverEnabled() == SDL_FALSE
        let grabbed = SDL_GetWindowKeyboardGrab(window.window) == SDL_TRUE
        let (w, h) = window.size
        let fullscreen =
            SDL_GetWindowFlags(window.window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue
            == SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue
        log.info(
            "kiosk: \(fullscreen ? "fullscreen" : "NOT fullscreen") \(w)x\(h), cursor \(cursorHidden ? "hidden" : "SHOWN"), screensaver \(saverOff ? "inhibited" : "NOT inhibited")"
        )
        if grabbed {
            reportGrab(window, log: log)
        } else {
            // SDL grabs only while the window has the input focus.
            log.info("kiosk: keyboard grab asked for; SDL takes it when the window gets the focus")
        }
    }

    /// What SDL says of the keyboard grab (when it starts, and on the first focus).
    static func reportGrab(_ window: Window, log: Log) {
        let driver = String(cString: SDL_GetCurrentVideoDriver())
        if SDL_GetWindowKeyboardGrab(window.window) == SDL_TRUE {
            log.info("kiosk: keyboard grabbed (SDL, \(driver) driver)")
        } else {
            log.warning("kiosk: keyboard NOT grabbed (SDL, \(driver) driver); the desktop's shortcuts still act")
        }
    }

    /// Refuses `--kiosk` as root unless `--allow-root` says otherwise.
    static func checkUser(_ options: WindowOptions, effectiveUser: uid_t = geteuid()) throws {
        guard options.kiosk, effectiveUser == 0, !options.allowRoot else { return }
        throw UsageError(
            "--kiosk refuses to run as root: a kiosk is left alone with passers-by, and as root any fault in it "
                + "(or in SDL, Mesa or the compositor under it) would hand them the machine. Run it as an "
                + "unprivileged user (the kiosk unit runs it as the user plumscale, in the groups input and video: "
                + "README, Kiosk weighing station), or add --allow-root if you mean it")
    }
}
