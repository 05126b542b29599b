import PlumScaleCore

/// What the user asked for, parsed from the command line.
public enum Command: Equatable, Sendable {
    case run(WindowOptions)
    case render(RenderOptions)
    case devices
    /// `plumscale config check [FILE]`: nil checks the default path.
    case configCheck(path: String?)
    case help(String)
    case version
}

public struct WindowOptions: Equatable, Sendable {
    public var fullscreen = false
    public var kiosk = false
    public var source = SourceChoice.auto
    public var replay: String?
    public var size = (width: 1280, height: 720)
    public var font: String?
    /// `--config FILE`: the config file instead of the XDG default.
    public var config: String?
    /// `--device-description FILE`: the evemu description of a recording that holds only events.
    public var deviceDescription: String?
    public var db: String?
    public var screenshot: String?
    public var exitAfter: Double?
    public var verbose = false
    public init() {}

    public static func == (a: WindowOptions, b: WindowOptions) -> Bool {
        a.fullscreen == b.fullscreen && a.kiosk == b.kiosk && a.source == b.source && a.replay == b.replay
            && a.size == b.size && a.font == b.font && a.screenshot == b.screenshot && a.exitAfter == b.exitAfter
            && a.verbose == b.verbose && a.config == b.config && a.db == b.db && a.deviceDescription == b.deviceDescription
    }
}

public struct RenderOptions: Equatable, Sendable {
    public var replay = ""
    public var at: Double?
    public var size = (width: 1280, height: 720)
    public var out = ""
    public var state: String?
    public var font: String?
    /// `--config FILE`: the config file instead of the XDG default.
    public var config: String?
    /// `--device-description FILE`: the evemu description of a recording that holds only events.
    public var deviceDescription: String?
    public var db: String?
    public var kiosk = false
    public init() {}

    public static func == (a: RenderOptions, b: RenderOptions) -> Bool {
        a.replay == b.replay && a.at == b.at && a.size == b.size && a.out == b.out && a.state == b.state
            && a.font == b.font && a.config == b.config && a.db == b.db && a.kiosk == b.kiosk && a.deviceDescription == b.deviceDescription
    }
}

/// `--source auto|sdl|evdev[:/dev/input/eventN]|mouse`.
public enum SourceChoice: Equatable, Sendable {
    case auto, sdl, mouse
    case evdev(path: String?)

    init?(_ text: String) {
        switch text {
        case "auto": self = .auto
        case "sdl": self = .sdl
        case "mouse": self = .mouse
        case "evdev": self = .evdev(path: nil)
        default:
            guard text.hasPrefix("evdev:"), text.count > 6 else { return nil }
            self = .evdev(path: String(text.dropFirst(6)))
        }
    }
}

/// Bad usage: exit code 2, with the message and a pointer to --help.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
