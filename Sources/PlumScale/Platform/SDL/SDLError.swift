import CSDL2
import PlumScaleCore

/// A failure reported by SDL, with SDL_GetError() copied at that moment.
public struct SDLError: Error, CustomStringConvertible {
    public var call: String
    public var message: String

    /// Call only after an SDL function has reported failure: SDL_GetError()
    /// is not a failure flag.
    public init(_ call: String) {
        self.call = call
        self.message = String(cString: SDL_GetError())
    }

    public var description: String { "\(call) failed: \(message)" }
}

/// A failure outside SDL at run time (exit code 1).
public struct RuntimeFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
