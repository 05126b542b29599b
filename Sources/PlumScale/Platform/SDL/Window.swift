import CSDL2
import PlumScaleCore

/// The SDL window and its renderer, owned once and destroyed in reverse order.
package final class Window {
    package let window: OpaquePointer
    package let renderer: OpaquePointer
    /// Whether SDL gave an accelerated renderer or we fell back to software.
    package let rendererName: String

    /// Which renderer to ask SDL for.
    package enum RendererRequest {
        /// Accelerated with vsync, else the software renderer (the program's window).
        case display
        /// Accelerated without vsync, else software (measuring frames).
        case unsynced
        /// SDL's software renderer.
        case software
    }

    package init(title: String, width: Int, height: Int, flags: UInt32, renderer request: RendererRequest = .display, log: Log) throws {
        guard
            let window = SDL_CreateWindow(
                title, Int32(plum_windowpos_centered()), Int32(plum_windowpos_centered()),
                Int32(width), Int32(height), flags)
        else { throw SDLError("SDL_CreateWindow") }
        var renderer: OpaquePointer?
        switch request {
        case .display:
            renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
        case .unsynced:
            renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue)
        case .software:
            break
        }
        if renderer == nil {
            if request != .software {
                log.warning("no accelerated renderer (\(String(cString: SDL_GetError()))); using the software renderer")
            }
            renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        }
        guard let renderer else {
            let error = SDLError("SDL_CreateRenderer")
            SDL_DestroyWindow(window)
            throw error
        }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        self.rendererName = info.name.map { String(cString: $0) } ?? "unknown"
        self.window = window
        self.renderer = renderer
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    /// The window's size in window (logical) pixels.
    package var size: (width: Int, height: Int) {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// Where the window lies on the desktop, and the display that holds
    /// it, in desktop pixels (an evdev touchscreen's contacts are placed
    /// through these: TouchPlacement).
    package var desktopPlace: (window: TouchPlacement.Rect, display: TouchPlacement.Rect) {
        var wx: Int32 = 0
        var wy: Int32 = 0
        SDL_GetWindowPosition(window, &wx, &wy)
        let (w, h) = size
        var bounds = SDL_Rect()
        if SDL_GetDisplayBounds(SDL_GetWindowDisplayIndex(window), &bounds) != 0 {
            bounds = SDL_Rect(x: wx, y: wy, w: Int32(w), h: Int32(h))
        }
        return (
            TouchPlacement.Rect(x: Double(wx), y: Double(wy), width: Double(w), height: Double(h)),
            TouchPlacement.Rect(x: Double(bounds.x), y: Double(bounds.y), width: Double(bounds.w), height: Double(bounds.h))
        )
    }

    /// Reads back the frame just drawn (before present) and saves it as PNG.
    package func saveScreenshot(_ path: String) throws {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, plum_pixelformat_argb8888()) else {
            throw SDLError("SDL_CreateRGBSurfaceWithFormat")
        }
        defer { SDL_FreeSurface(surface) }
        guard SDL_RenderReadPixels(renderer, nil, plum_pixelformat_argb8888(), surface.pointee.pixels, surface.pointee.pitch) == 0
        else { throw SDLError("SDL_RenderReadPixels") }
        try PNGFile.write(surface, to: path)
    }
}
