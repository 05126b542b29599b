import Foundation
import PlumScaleCore

/// Where the config lives, loading it, and writing calibrations back.
public enum ConfigFile {
    /// `$XDG_CONFIG_HOME/plumscale/config.json` when XDG_CONFIG_HOME is set
    /// to an absolute path, else `$HOME/.config/plumscale/config.json`; nil
    /// with neither.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return (xdg as NSString).appendingPathComponent("plumscale/config.json")
        }
        if let home = environment["HOME"], !home.isEmpty {
            return (home as NSString).appendingPathComponent(".config/plumscale/config.json")
        }
        return nil
    }

    /// A loaded configuration and where it came from.
    public struct Loaded: Equatable, Sendable {
        public var config: Config
        /// The file read or to be written, nil when there is no home.
        public var path: String?
        /// Whether the file existed (false: defaults are in effect).
        public var existed: Bool
    }

    /// Loads the config from `explicitPath`, or the default path. A missing
    /// default file gives the defaults; a missing explicit file is an error.
    /// A relative `font` is resolved against the file's directory.
    public static func load(
        explicitPath: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ConfigError) -> Loaded {
        guard let path = explicitPath ?? defaultPath(environment: environment) else {
            return Loaded(config: .defaults, path: nil, existed: false)
        }
        guard FileManager.default.fileExists(atPath: path) else {
            if explicitPath != nil {
                throw ConfigError(file: path, issues: [ConfigIssue(path: "", message: "no such file")])
            }
            return Loaded(config: .defaults, path: path, existed: false)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(file: path, issues: [ConfigIssue(path: "", message: "cannot be read")])
        }
        var config = try Config.parse(data, file: path)
        if let font = config.font {
            config.font = resolve(font, relativeTo: (path as NSString).deletingLastPathComponent, environment: environment)
        }
        return Loaded(config: config, path: path, existed: true)
    }

    /// Expands a leading `~` and makes a relative path absolute under `directory`.
    static func resolve(_ path: String, relativeTo directory: String, environment: [String: String]) -> String {
        if path == "~" || path.hasPrefix("~/"), let home = environment["HOME"] {
            return home + path.dropFirst()
        }
        if path.hasPrefix("/") || directory.isEmpty { return path }
        return (directory as NSString).appendingPathComponent(path)
    }

    /// Stores `points` as the calibration of `device` in the file at `path`,
    /// keeping every other key (and the order of keys) as it was. The points
    /// are validated first; a file that does not parse is not overwritten.
    /// The file is replaced atomically: written to a temporary file in the
    /// same directory, then renamed over the original.
    public static func saveCalibration(_ points: [CalibrationPoint], device: String, to path: String) throws(ConfigError) {
        let calibrationPath = ConfigKeyPath.root.key("calibrations").quotedKey(device)
        let problems = CalibrationFit.issues(in: points)
        guard problems.isEmpty else {
            throw ConfigError(file: path, issues: problems.map { ConfigIssue(path: calibrationPath.text, message: $0.description) })
        }
        var root = JSONValue.object([])
        if FileManager.default.fileExists(atPath: path) {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ConfigError(file: path, issues: [ConfigIssue(path: "", message: "cannot be read")])
            }
            do {
                root = try JSONParser.parse(data)
            } catch {
                throw ConfigError(file: path, issues: [ConfigIssue(
                    path: "", message: "not valid JSON, not overwritten: \(error.message)", line: error.line, column: error.column)])
            }
        }
        guard case .object = root else {
            throw ConfigError(file: path, issues: [ConfigIssue(path: "", message: "expected an object, got \(root.typeName)")])
        }
        var calibrations = root["calibrations"] ?? .object([])
        guard case .object = calibrations else {
            throw ConfigError(file: path, issues: [ConfigIssue(
                path: "calibrations", message: "expected an object, got \(calibrations.typeName)")])
        }
        calibrations = calibrations.setting(device, to: Config.calibrationJSON(points))
        root = root.setting("calibrations", to: calibrations)
        try writeAtomically(root.pretty() + "\n", to: path)
    }

    /// Writes `text` to a temporary file beside `path`, then renames it over `path`.
    static func writeAtomically(_ text: String, to path: String) throws(ConfigError) {
        let directory = (path as NSString).deletingLastPathComponent
        let temporary = (directory.isEmpty ? "." : directory) + "/.\((path as NSString).lastPathComponent).\(getpid()).tmp"
        func failure(_ message: String) -> ConfigError {
            ConfigError(file: path, issues: [ConfigIssue(path: "", message: message)])
        }
        do {
            if !directory.isEmpty {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        } catch {
            throw failure("cannot write \(temporary): \(error.localizedDescription)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw failure("cannot replace the file: \(reason)")
        }
    }
}
