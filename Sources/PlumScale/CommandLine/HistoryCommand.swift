import Foundation
import PlumScaleCore

/// `plumscale history <subcommand>`: list, export, delete or calibrations, as
/// ArgumentParser parsed them; an exit code out (0 success, 1 runtime
/// failure, 2 bad usage).
public enum HistoryCommand {
    public static let usage = Help.history

    /// Parses the arguments after "history" and runs them (the tests' entry).
    public static func run(
        _ arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        output: (String) throws -> Void = { try StandardStreams.out($0) },
        errors: (String) -> Void = { StandardStreams.err(TerminalText.visible($0, keepLines: true)) }
    ) -> Int32 {
        let command: Command
        do {
            command = try ArgumentParser.parseHistory(arguments[...])
        } catch let error as UsageError {
            errors("plumscale: error: \(error.description)\n" + (error.usage ?? usage) + "\n")
            return 2
        } catch {
            errors("plumscale: error: \(error)\n")
            return 2
        }
        switch command {
        case .history(let options): return run(options, environment: environment, output: output, errors: errors)
        case .help(let text):
            do {
                try output(text + "\n")
            } catch {
                errors("plumscale: error: \(error)\n")
                return 1
            }
            return 0
        default: return 2
        }
    }

    /// Runs a parsed history command.
    public static func run(
        _ options: HistoryOptions,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        output: (String) throws -> Void = { try StandardStreams.out($0) },
        errors: (String) -> Void = { StandardStreams.err(TerminalText.visible($0, keepLines: true)) }
    ) -> Int32 {
        let name = options.action.name
        // A history named on the command line must be there: reading a
        // mistyped path as an empty history would say "No weighings yet".
        if let path = options.db, !FileManager.default.fileExists(atPath: path) {
            errors("plumscale: error: history \(name): no history database at \(path)\n")
            return 2
        }
        do {
            switch options.action {
            case .list(let limit):
                let store = try HistoryStore(path: options.db, environment: environment)
                try output(HistoryListing.format(try store.rows(limit: limit), total: try store.count(), timeZone: .current))
            case .export(let format, let out):
                if let out { try OutputFile.checkTarget(out) }  // before the store is opened
                let store = try HistoryStore(path: options.db, environment: environment)
                try export(store, format, to: out, output: output)
            case .calibrations(let limit, let json):
                let store = try HistoryStore(path: options.db, environment: environment)
                let entries = try store.calibrations(limit: limit)
                let tests = try store.eccentricityTests(limit: limit)
                try output(
                    json
                        ? CalibrationListing.json(entries, tests: tests)
                        : CalibrationListing.format(
                            entries, total: try store.calibrationCount(), tests: tests, testTotal: try store.eccentricityTestCount(),
                            timeZone: .current))
            case .delete(let id):
                let store = try HistoryStore(path: options.db, environment: environment)
                guard try store.delete(id: id) else {
                    errors("plumscale: error: history delete: no weighing \(id)\n")
                    return 1
                }
            }
            return 0
        } catch let error as OutputError {
            errors("plumscale: error: history \(name): \(error)\n")
            return error.exitCode
        } catch {
            errors("plumscale: error: \(error)\n")
            return 1
        }
    }

    /// Writes to FILE (through OutputFile: atomically, never onto a link,
    /// a FIFO or a device) or to `output`.
    static func export(
        _ store: HistoryStore, _ format: HistoryExport.Format, to path: String?,
        output: (String) throws -> Void
    ) throws {
        guard let path else { return try store.export(format) { try output($0) } }
        try OutputFile.write(to: path) { file in try store.export(format) { try file.append($0) } }
    }
}
