import PlumScaleCore

/// What the user asked for, parsed from the command line.
public enum Command: Equatable, Sendable {
    case run(WindowOptions)
    case render(RenderOptions)
    case devices
    /// `plumscale config check [FILE]`: nil checks the default path.
    case configCheck(path: String?)
    /// `plumscale history list|export|delete ...`.
    case history(HistoryOptions)
    case help(String)
    case version
}

/// A size in whole pixels, as `--size WxH` gives it.
public struct PixelSize: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public init(_ width: Int, _ height: Int) {
        self.width = width
        self.height = height
    }
}

public struct WindowOptions: Equatable, Sendable {
    public var fullscreen = false
    public var kiosk = false
    /// `--allow-root`: let `--kiosk` run as root (refused otherwise).
    public var allowRoot = false
    public var source = SourceChoice.auto
    public var replay: String?
    public var size = PixelSize(1280, 720)
    public var font: String?
    /// `--config FILE`: the config file instead of the XDG default.
    public var config: String?
    /// `--device-description FILE`: the evemu description of a recording that holds only events.
    public var deviceDescription: String?
    public var db: String?
    public var screenshot: String?
    public var exitAfter: Double?
    /// `--record FILE`: every input event, as a JSON Lines replay with its device header.
    public var record: String?
    /// `--record-evemu FILE`: the raw evdev events, as an evemu recording.
    public var recordEvemu: String?
    /// `--ui-scale X`: window pixels per logical pixel, instead of the display's or the size's.
    public var uiScale: Double?
    public var verbose = false
    public init() {}
}

public struct RenderOptions: Equatable, Sendable {
    public var replay = ""
    public var at: Double?
    public var size = PixelSize(1280, 720)
    public var out = ""
    public var state: String?
    public var font: String?
    /// `--config FILE`: the config file instead of the XDG default.
    public var config: String?
    /// `--device-description FILE`: the evemu description of a recording that holds only events.
    public var deviceDescription: String?
    public var db: String?
    public var kiosk = false
    /// `--ui-scale X`: window pixels per logical pixel, instead of the size's.
    public var uiScale: Double?
    public init() {}
}

/// `--source auto|sdl|evdev[:/dev/input/eventN]|touchpad[:/dev/input/eventN]|mouse`.
public enum SourceChoice: Equatable, Sendable {
    case auto, sdl, mouse
    case evdev(path: String?)
    /// A touchpad as a weighing surface of its own (drawn as a pad).
    case touchpad(path: String?)

    /// As written on the command line, for log lines.
    var name: String {
        switch self {
        case .auto: return "auto"
        case .sdl: return "sdl"
        case .mouse: return "mouse"
        case .evdev(let path): return path.map { "evdev:" + $0 } ?? "evdev"
        case .touchpad(let path): return path.map { "touchpad:" + $0 } ?? "touchpad"
        }
    }

    init?(_ text: String) {
        switch text {
        case "auto": self = .auto
        case "sdl": self = .sdl
        case "mouse": self = .mouse
        case "evdev": self = .evdev(path: nil)
        case "touchpad": self = .touchpad(path: nil)
        default:
            if text.hasPrefix("touchpad:"), text.count > 9 {
                self = .touchpad(path: String(text.dropFirst(9)))
                return
            }
            guard text.hasPrefix("evdev:"), text.count > 6 else { return nil }
            self = .evdev(path: String(text.dropFirst(6)))
        }
    }
}

/// `plumscale history ...`: what to do, on which database.
public struct HistoryOptions: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        case list(limit: Int)
        case export(format: HistoryExport.Format, out: String?)
        case delete(id: Int64)
        /// The calibration log, newest first, as text or JSON.
        case calibrations(limit: Int, json: Bool)

        /// The subcommand's name, for messages.
        public var name: String {
            switch self {
            case .list: "list"
            case .export: "export"
            case .delete: "delete"
            case .calibrations: "calibrations"
            }
        }
    }

    public var action: Action
    /// `--db PATH`: the history instead of the XDG default.
    public var db: String?
}

/// Bad usage: exit code 2, with the message and a pointer to --help (or,
/// for a subcommand with a usage of its own, that usage).
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var description: String
    /// The usage text to print after the message, if not `plumscale --help`'s pointer.
    public var usage: String?
    public init(_ description: String, usage: String? = nil) {
        self.description = description
        self.usage = usage
    }
}
