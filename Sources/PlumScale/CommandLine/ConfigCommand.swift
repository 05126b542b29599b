import Foundation
import PlumScaleCore

/// `plumscale config check [FILE]`: the configuration in effect, or every
/// error in the file with its key and reason.
public enum ConfigCommand {
    /// Loads `path` (nil: the XDG default) and prints the effective
    /// configuration to `output`. Throws the file's errors (main prints each
    /// one and exits 2), or the failure to write the output (exit 1).
    public static func check(
        path: String?, log: Log, environment: [String: String] = ProcessInfo.processInfo.environment,
        output: (String) throws(OutputError) -> Void = { try StandardStreams.out($0) }
    ) throws {
        let source =
            path.map { "\($0) (--config or argument)" }
            ?? ConfigFile.defaultPath(environment: environment).map { "\($0) (the XDG default)" } ?? "nothing"
        log.debug("config check: reading \(source)")
        let loaded = try ConfigFile.load(explicitPath: path, environment: environment)
        switch (loaded.path, loaded.existed) {
        case (let file?, true): log.info("\(file): valid; keys it leaves out take their defaults")
        case (let file?, false): log.info("no config file at \(file): every setting is at its default")
        case (nil, _): log.info("neither XDG_CONFIG_HOME nor HOME is set: every setting is at its default")
        }
        try output(loaded.config.describe())
    }
}
