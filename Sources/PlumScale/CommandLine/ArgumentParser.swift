import PlumScaleCore

/// Turns the command line into a Command. Pure, so it is tested directly.
public enum ArgumentParser {
    public static func parse(_ arguments: [String]) throws -> Command {
        var args = arguments[...]
        if args.contains("--version") { return .version }
        switch args.first {
        case "render":
            args.removeFirst()
            return try parseRender(args)
        case "devices":
            args.removeFirst()
            if args.contains("--help") || args.contains("-h") { return .help(Help.devices) }
            if let extra = args.first(where: { $0 != "--verbose" && $0 != "-v" }) { throw UsageError("devices takes no arguments, found \(extra)") }
            return .devices
        case "config":
            args.removeFirst()
            return try parseConfig(args)
        default:
            return try parseWindow(args)
        }
    }

    static func parseWindow(_ arguments: ArraySlice<String>) throws -> Command {
        var options = WindowOptions()
        var args = arguments
        while let arg = args.popFirst() {
            switch arg {
            case "--help", "-h": return .help(Help.main)
            case "--fullscreen": options.fullscreen = true
            case "--kiosk": options.kiosk = true
            case "--verbose", "-v": options.verbose = true
            case "--source":
                let text = try value(for: arg, &args)
                guard let source = SourceChoice(text) else {
                    throw UsageError("--source expects auto, sdl, evdev, evdev:/dev/input/eventN or mouse, found \(text)")
                }
                options.source = source
            case "--replay": options.replay = try value(for: arg, &args)
            case "--size": options.size = try size(try value(for: arg, &args))
            case "--font": options.font = try value(for: arg, &args)
            case "--config": options.config = try value(for: arg, &args)
            case "--device-description": options.deviceDescription = try value(for: arg, &args)
            case "--db": options.db = try value(for: arg, &args)
            case "--screenshot": options.screenshot = try value(for: arg, &args)
            case "--exit-after": options.exitAfter = try seconds(for: arg, try value(for: arg, &args))
            default: throw UsageError("unknown option \(arg)")
            }
        }
        return .run(options)
    }

    static func parseRender(_ arguments: ArraySlice<String>) throws -> Command {
        var options = RenderOptions()
        var args = arguments
        var replay: String?, out: String?
        while let arg = args.popFirst() {
            switch arg {
            case "--help", "-h": return .help(Help.render)
            case "--replay": replay = try value(for: arg, &args)
            case "--at": options.at = try seconds(for: arg, try value(for: arg, &args))
            case "--size": options.size = try size(try value(for: arg, &args))
            case "--out": out = try value(for: arg, &args)
            case "--state": options.state = try value(for: arg, &args)
            case "--font": options.font = try value(for: arg, &args)
            case "--config": options.config = try value(for: arg, &args)
            case "--device-description": options.deviceDescription = try value(for: arg, &args)
            case "--verbose", "-v": break  // read by main for the log
            case "--db": options.db = try value(for: arg, &args)
            case "--kiosk": options.kiosk = true
            default: throw UsageError("render: unknown option \(arg)")
            }
        }
        guard let replay else { throw UsageError("render needs --replay FILE") }
        guard let out else { throw UsageError("render needs --out FILE.png") }
        options.replay = replay
        options.out = out
        return .render(options)
    }

    /// `config check [FILE]`, `config --help`.
    static func parseConfig(_ arguments: ArraySlice<String>) throws -> Command {
        var args = arguments.filter { $0 != "--verbose" && $0 != "-v" }[...]
        if args.contains("--help") || args.contains("-h") { return .help(Help.config) }
        guard let subcommand = args.popFirst() else { throw UsageError("config needs a subcommand: config check [FILE]") }
        guard subcommand == "check" else { throw UsageError("config: unknown subcommand \(subcommand) (expected check)") }
        let path = args.popFirst()
        if let path, path.hasPrefix("-") { throw UsageError("config check: unknown option \(path)") }
        if let extra = args.first { throw UsageError("config check takes one FILE at most, found \(extra)") }
        return .configCheck(path: path)
    }

    package static func value(for option: String, _ args: inout ArraySlice<String>) throws -> String {
        guard let value = args.popFirst() else { throw UsageError("\(option) needs a value") }
        return value
    }

    static func seconds(for option: String, _ text: String) throws -> Double {
        guard let value = Double(text), value.isFinite, value >= 0, value <= ReplayLimits.maximumTime else {
            throw UsageError("\(option) expects a number of seconds in 0...1e9, found \(text)")
        }
        return value
    }

    /// "WxH", each side 1...16384.
    static func size(_ text: String) throws -> (width: Int, height: Int) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...16384).contains(w),
            (1...16384).contains(h)
        else { throw UsageError("--size expects WIDTHxHEIGHT such as 1280x720, found \(text)") }
        return (w, h)
    }
}
