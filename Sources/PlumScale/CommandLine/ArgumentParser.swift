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
            if let extra = args.first(where: { $0 != "--verbose" && $0 != "-v" }) {
                throw UsageError("devices takes no arguments, found \(extra)")
            }
            return .devices
        case "config":
            args.removeFirst()
            return try parseConfig(args)
        case "history":
            args.removeFirst()
            return try parseHistory(args)
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
            case "--allow-root": options.allowRoot = true
            case "--verbose", "-v": options.verbose = true
            case "--source":
                let text = try value(for: arg, &args)
                guard let source = SourceChoice(text) else {
                    throw UsageError(
                        "--source expects auto, sdl, evdev, evdev:/dev/input/eventN, touchpad, touchpad:/dev/input/eventN or mouse, found \(text)"
                    )
                }
                options.source = source
            case "--replay": options.replay = try value(for: arg, &args)
            case "--size": options.size = try size(try value(for: arg, &args))
            case "--font": options.font = try value(for: arg, &args)
            case "--config": options.config = try value(for: arg, &args)
            case "--device-description": options.deviceDescription = try value(for: arg, &args)
            case "--db": options.db = try value(for: arg, &args)
            case "--screenshot": options.screenshot = try value(for: arg, &args)
            case "--record": options.record = try value(for: arg, &args)
            case "--record-evemu": options.recordEvemu = try value(for: arg, &args)
            case "--exit-after": options.exitAfter = try seconds(for: arg, try value(for: arg, &args))
            case "--ui-scale": options.uiScale = try uiScale(try value(for: arg, &args))
            default: throw UsageError(Suggestion.unknown(arg, options: windowOptions, commands: commands))
            }
        }
        // Refused here, before any window opens: these sources never give
        // raw kernel events to record.
        if options.recordEvemu != nil {
            if options.replay != nil { throw UsageError("--record-evemu records a live evdev device; it does not go with --replay") }
            if case .mouse = options.source {
                throw UsageError("--record-evemu needs an evdev source (--source evdev or touchpad), not mouse")
            }
            if case .sdl = options.source { throw UsageError("--record-evemu needs an evdev source (--source evdev or touchpad), not sdl") }
        }
        return .run(options)
    }

    static func parseRender(_ arguments: ArraySlice<String>) throws -> Command {
        var options = RenderOptions()
        var args = arguments
        var replay: String?
        var out: String?
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
            case "--ui-scale": options.uiScale = try uiScale(try value(for: arg, &args))
            default: throw UsageError("render: " + Suggestion.unknown(arg, options: renderOptions, commands: []))
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

    /// `history list [--limit N]`, `history export --format csv|json [--out FILE]`,
    /// `history delete ID`, each with `[--db PATH]`.
    static func parseHistory(_ arguments: ArraySlice<String>) throws -> Command {
        let args = arguments.filter { $0 != "--verbose" && $0 != "-v" }
        if args.contains("--help") || args.first == "-h" { return .help(Help.history) }
        guard let subcommand = args.first else { throw UsageError("history needs a subcommand", usage: Help.history) }
        func fail(_ message: String) -> UsageError { UsageError("history \(subcommand): \(message)", usage: Help.history) }
        var options: [String: String] = [:]
        var positional: [String] = []
        var rest = args.dropFirst()
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--") else {
                positional.append(argument)
                continue
            }
            guard ["--db", "--limit", "--format", "--out"].contains(argument) else { throw fail("unknown option \(argument)") }
            guard let value = rest.popFirst() else { throw fail("\(argument) needs a value") }
            options[argument] = value
        }
        func noOptions(but allowed: Set<String>) throws {
            if let extra = options.keys.sorted().first(where: { !allowed.contains($0) }) {
                throw fail("\(extra) does not go with \(subcommand)")
            }
        }
        let action: HistoryOptions.Action
        switch (subcommand, positional.count) {
        case ("list", 0):
            try noOptions(but: ["--db", "--limit"])
            let text = options["--limit"] ?? "20"
            guard let limit = Int(text), limit >= 0 else { throw fail("--limit expects a whole number >= 0, found \(text)") }
            action = .list(limit: limit)
        case ("export", 0):
            try noOptions(but: ["--db", "--format", "--out"])
            guard let text = options["--format"] else { throw fail("--format csv|json is required") }
            guard let format = HistoryExport.Format(rawValue: text) else { throw fail("--format expects csv or json, found \(text)") }
            action = .export(format: format, out: options["--out"])
        case ("delete", 1):
            try noOptions(but: ["--db"])
            guard let id = Int64(positional[0]) else { throw fail("expected a weighing id (a whole number), found \(positional[0])") }
            action = .delete(id: id)
        case ("calibrations", 0):
            try noOptions(but: ["--db", "--limit", "--format"])
            let text = options["--limit"] ?? "20"
            guard let limit = Int(text), limit >= 0 else { throw fail("--limit expects a whole number >= 0, found \(text)") }
            let format = options["--format"] ?? "text"
            guard format == "text" || format == "json" else { throw fail("--format expects text or json, found \(format)") }
            action = .calibrations(limit: limit, json: format == "json")
        case ("list", _), ("export", _), ("delete", _), ("calibrations", _):
            throw fail("cannot run \"\(args.joined(separator: " "))\"")
        default:
            throw UsageError(
                "history: unknown subcommand \(subcommand) (expected list, export, delete or calibrations)", usage: Help.history)
        }
        return .history(HistoryOptions(action: action, db: options["--db"]))
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

    /// A UI scale within Layout.scaleRange.
    static func uiScale(_ text: String) throws -> Double {
        guard let value = Double(text), Layout.scaleRange.contains(value) else {
            throw UsageError(
                "--ui-scale expects a number from \(Layout.scaleRange.lowerBound) to \(Layout.scaleRange.upperBound), found \(text)")
        }
        return value
    }

    /// The smallest window every screen fits (the layout tests hold each
    /// at 640x360; a portrait size turns it, 360x640).
    static let minimumSize = PixelSize(640, 360)

    /// "WxH", at least 640x360 (either way round), each side at most 16384.
    static func size(_ text: String) throws -> PixelSize {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...16384).contains(w),
            (1...16384).contains(h)
        else { throw UsageError("--size expects WIDTHxHEIGHT such as 1280x720, found \(text)") }
        let (long, short) = (max(w, h), min(w, h))
        guard long >= minimumSize.width, short >= minimumSize.height else {
            throw UsageError(
                "--size \(text) is below the minimum of \(minimumSize.width)x\(minimumSize.height) "
                    + "(\(minimumSize.height)x\(minimumSize.width) in portrait): the screens do not fit in less")
        }
        return PixelSize(w, h)
    }

    /// The commands, for "did you mean".
    static let commands = ["render", "devices", "config", "history"]
    static let windowOptions = [
        "--help", "--fullscreen", "--kiosk", "--allow-root", "--verbose", "--source", "--replay", "--size", "--font", "--config",
        "--device-description", "--db", "--screenshot", "--record", "--record-evemu", "--exit-after", "--ui-scale", "--version",
    ]
    static let renderOptions = [
        "--help", "--replay", "--at", "--size", "--out", "--state", "--font", "--config", "--device-description", "--verbose", "--db",
        "--kiosk", "--ui-scale",
    ]
}
