import CSDL2
import PlumScaleCore

/// SDL_ttf's global start-up, done once per process.
package enum SDLLibrary {
    nonisolated(unsafe) private static var ttfReady = false

    package static func startTTF() throws {
        if ttfReady { return }
        guard TTF_Init() == 0 else { throw SDLError("TTF_Init") }
        ttfReady = true
    }
}
