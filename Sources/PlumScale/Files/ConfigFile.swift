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
        let data: Data
        do throws(InputFileProblem) {
            data = try InputFile.read(path, limit: .config)
        } catch  where error.kind == .missing && explicitPath == nil {
            return Loaded(config: .defaults, path: path, existed: false)
        } catch {
            throw ConfigError(file: path, issues: [ConfigIssue(path: "", message: error.reason)])
        }
        let directory = (path as NSString).deletingLastPathComponent
        func resolved(_ file: String) -> String { resolve(file, relativeTo: directory, environment: environment) }
        // The broker's CA and password files must be readable now: a
        // missing one is a bad config (exit 2), not a failure at connect.
        var config = try Config.parse(data, file: path) { file in
            do throws(InputFileProblem) {
                close(try InputFile.open(resolved(file)))
                return nil
            } catch {
                return error.reason
            }
        }
        if let font = config.font { config.font = resolved(font) }
        if var mqtt = config.mqtt {
            mqtt.caFile = mqtt.caFile.map(resolved)
            mqtt.passwordFile = mqtt.passwordFile.map(resolved)
            config.mqtt = mqtt
            // The window's start refuses it too (FleetSink.password): refused here, a bad config.
            if let file = mqtt.passwordFile, let problem = FleetSink.passwordFileProblem(file) {
                throw ConfigError(file: path, issues: [ConfigIssue(path: "mqtt.passwordFile", message: "\(file): \(problem)")])
            }
            // What libmosquitto would refuse at the sink's start (FleetSink.preflight).
            if let problem = FleetSink.libraryProblem(mqtt) {
                throw ConfigError(file: path, issues: [ConfigIssue(path: problem.key, message: problem.message)])
            }
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
    /// same directory, then renamed over the original. Returns whether it
    /// replaced a calibration of the device. An eccentricity map saved with
    /// the old calibration goes with it: it was measured through the old fit.
    @discardableResult
    public static func saveCalibration(_ points: [CalibrationPoint], device: String, to path: String) throws(ConfigError) -> Bool {
        let calibrationPath = ConfigKeyPath.root.key("calibrations").quotedKey(device)
        let problems = CalibrationFit.issues(in: points)
        guard problems.isEmpty else {
            throw ConfigError(file: path, issues: problems.map { ConfigIssue(path: calibrationPath.text, message: $0.description) })
        }
        var root = try editableRoot(at: path)
        var calibrations = root["calibrations"] ?? .object([])
        guard case .object = calibrations else {
            throw ConfigError(
                file: path,
                issues: [
                    ConfigIssue(
                        path: "calibrations", message: "expected an object, got \(calibrations.typeName)")
                ])
        }
        let replaced = calibrations[device] != nil
        calibrations = calibrations.setting(device, to: Config.calibrationJSON(points))
        root = root.setting("calibrations", to: calibrations)
        try writeAtomically(root.pretty() + "\n", to: path)
        return replaced
    }

    /// The file at `path` as a JSON object to edit (an empty one when it
    /// does not exist); one that cannot be read or parsed is not overwritten.
    static func editableRoot(at path: String) throws(ConfigError) -> JSONValue {
        var root = JSONValue.object([])
        if InputFile.exists(path) {
            let data: Data
            do throws(InputFileProblem) {
                data = try InputFile.read(path, limit: .config)
            } catch {
                throw ConfigError(file: path, issues: [ConfigIssue(path: "", message: "\(error.reason), not overwritten")])
            }
            do {
                root = try JSONParser.parse(data)
            } catch {
                throw ConfigError(
                    file: path,
                    issues: [
                        ConfigIssue(
                            path: "", message: "not valid JSON, not overwritten: \(error.message)", line: error.line, column: error.column)
                    ])
            }
        }
        guard case .object = root else {
            throw ConfigError(file: path, issues: [ConfigIssue(path: "", message: "expected an object, got \(root.typeName)")])
        }
        return root
    }

    /// Writes `text` through OutputFile (a temporary file beside `path`,
    /// fsynced, renamed over it; a link, FIFO or device is refused), creating
    /// the directory first.
    static func writeAtomically(_ text: String, to path: String) throws(ConfigError) {
        let directory = (path as NSString).deletingLastPathComponent
        func failure(_ message: String) -> ConfigError {
            ConfigError(file: path, issues: [ConfigIssue(path: "", message: message)])
        }
        do throws(OutputError) {
            if !directory.isEmpty { try OutputFile.createDirectories(directory) }
            try OutputFile.write(text, to: path)
        } catch {
            throw failure("not saved: \(error)")
        }
    }
}
