import CSDL2
import PlumScaleCore

/// SDL_ttf's global start-up, done once per process.
package enum SDLLibrary {
    /// TTF_Init's result. A static let is initialised once, under a lock
    /// (swift_once): fonts are opened from several threads at once (the
    /// in-process rendering tests run side by side), and a plain flag read
    /// and set by each let two of them call TTF_Init, a data race that
    /// ThreadSanitizer reported.
    private static let ttfStatus: Int32 = TTF_Init()

    package static func startTTF() throws {
        guard ttfStatus == 0 else { throw SDLError("TTF_Init") }
    }
}
