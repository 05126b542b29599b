import Foundation
import PlumScaleCore

/// `plumscale history <subcommand>`: list, export or delete, as
/// ArgumentParser parsed them; an exit code out (0 success, 1 runtime
/// failure, 2 bad usage).
public enum HistoryCommand {
    public static let usage = Help.history

    /// Parses the arguments after "history" and runs them (the tests' entry).
    public static func run(
        _ arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        output: (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) },
        errors: (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) -> Int32 {
        do {
            switch try ArgumentParser.parseHistory(arguments[...]) {
            case .history(let options): return run(options, environment: environment, output: output, errors: errors)
            case .help(let text):
                output(text + "\n")
                return 0
            default: return 2
            }
        } catch let error as UsageError {
            errors("plumscale: error: \(error.description)\n" + (error.usage ?? usage) + "\n")
            return 2
        } catch {
            errors("plumscale: error: \(error)\n")
            return 2
        }
    }

    /// Runs a parsed history command.
    public static func run(
        _ options: HistoryOptions,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        output: (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) },
        errors: (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) -> Int32 {
        let name = options.action.name
        // A history named on the command line must be there: reading a
        // mistyped path as an empty history would say "No weighings yet".
        if let path = options.db, !FileManager.default.fileExists(atPath: path) {
            errors("plumscale: error: history \(name): no history database at \(path)\n")
            return 2
        }
        do {
            let store = try HistoryStore(path: options.db, environment: environment)
            switch options.action {
            case .list(let limit):
                output(HistoryListing.format(try store.rows(limit: limit), total: try store.count(), timeZone: .current))
            case .export(let format, let out):
                try export(store, format, to: out, output: output)
            case .delete(let id):
                guard try store.delete(id: id) else {
                    errors("plumscale: error: history delete: no weighing \(id)\n")
                    return 1
                }
            }
            return 0
        } catch {
            errors("plumscale: error: \(error)\n")
            return 1
        }
    }

    /// Writes to FILE (via a temporary file renamed into place) or to `output`.
    static func export(_ store: HistoryStore, _ format: HistoryExport.Format, to path: String?,
                       output: (String) -> Void) throws {
        guard let path else { return try store.export(format) { output($0) } }
        let temporary = path + ".partial"
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
              let file = FileHandle(forWritingAtPath: temporary) else {
            throw HistoryError.readOnly(path: temporary, reason: String(cString: strerror(errno)))
        }
        do {
            try store.export(format) { try file.write(contentsOf: Data($0.utf8)) }
            try file.synchronize()
            try file.close()
            guard rename(temporary, path) == 0 else {
                throw HistoryError.readOnly(path: path, reason: String(cString: strerror(errno)))
            }
        } catch {
            try? file.close()
            unlink(temporary)
            throw error
        }
    }
}
