import Foundation
import PlumScaleCore

/// `plumscale history <subcommand>`: the arguments after "history" in, an exit
/// code out (0 success, 1 runtime failure, 2 bad usage).
///
///     list [--limit N] [--db PATH]              newest first, local times
///     export --format csv|json [--out FILE] [--db PATH]
///     delete ID [--db PATH]
///     _stress-save --db PATH --count N          hidden: the durability test's child
public enum HistoryCommand {
    public static let usage = """
        usage: plumscale history list [--limit N] [--db PATH]
               plumscale history export --format csv|json [--out FILE] [--db PATH]
               plumscale history delete ID [--db PATH]
        """

    public static func run(_ arguments: [String],
                           environment: [String: String] = ProcessInfo.processInfo.environment,
                           output: (String) throws -> Void = { try StandardStreams.out($0) },
                           errors: (String) -> Void = { StandardStreams.err(TerminalText.visible($0, keepLines: true)) }
    ) -> Int32 {
        if arguments.contains("--help") || arguments.first == "-h" {
            do {
                try output(usage + "\n")
            } catch {
                errors("plumscale: error: \(error)\n")
                return 1
            }
            return 0
        }
        guard let command = arguments.first else {
            errors(usage + "\n")
            return 2
        }
        let options: [String: String]
        let positional: [String]
        do {
            (options, positional) = try parse(Array(arguments.dropFirst()))
        } catch {
            errors("plumscale: error: history \(command): \(error)\n" + usage + "\n")
            return 2
        }
        // A history named on the command line must be there: reading a
        // mistyped path as an empty history would say "No weighings yet".
        if let path = options["--db"], command != "_stress-save", !FileManager.default.fileExists(atPath: path) {
            errors("plumscale: error: history \(command): no history database at \(path)\n")
            return 2
        }
        func int(_ name: String, default value: Int?) -> Int? {
            guard let text = options[name] else { return value }
            guard let number = Int(text), number >= 0 else { return nil }
            return number
        }
        do {
            switch (command, positional.count) {
            case ("list", 0):
                guard let limit = int("--limit", default: 20) else { break }
                let store = try HistoryStore(path: options["--db"], environment: environment)
                try output(HistoryListing.format(try store.rows(limit: limit), total: try store.count(), timeZone: .current))
                return 0
            case ("export", 0):
                guard let format = options["--format"].flatMap(HistoryExport.Format.init) else { break }
                if let out = options["--out"] { try OutputFile.checkTarget(out) }  // before the store is opened
                let store = try HistoryStore(path: options["--db"], environment: environment)
                try export(store, format, to: options["--out"], output: output)
                return 0
            case ("delete", 1):
                guard let id = Int64(positional[0]) else { break }
                let store = try HistoryStore(path: options["--db"], environment: environment)
                guard try store.delete(id: id) else {
                    errors("plumscale: error: history delete: no weighing \(id)\n")
                    return 1
                }
                return 0
            case ("_stress-save", 0):
                guard let path = options["--db"], let count = int("--count", default: nil) else { break }
                try HistoryStore.saveLoop(path: path, count: count)
                return 0
            default:
                break
            }
        } catch let error as OutputError {
            errors("plumscale: error: history \(command): \(error)\n")
            return error.exitCode
        } catch {
            errors("plumscale: error: \(error)\n")
            return 1
        }
        errors("plumscale: error: history: cannot run \"\(arguments.joined(separator: " "))\"\n" + usage + "\n")
        return 2
    }

    /// Splits "--name value" options from positional arguments.
    static func parse(_ arguments: [String]) throws -> ([String: String], [String]) {
        var options: [String: String] = [:]
        var positional: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--") else {
                positional.append(argument)
                continue
            }
            guard ["--db", "--limit", "--format", "--out", "--count"].contains(argument) else {
                throw UsageError("unknown option \(argument)")
            }
            guard let value = rest.popFirst() else { throw UsageError("\(argument) needs a value") }
            options[argument] = value
        }
        return (options, positional)
    }

    /// Writes to FILE (through OutputFile: atomically, never onto a link,
    /// a FIFO or a device) or to `output`.
    static func export(_ store: HistoryStore, _ format: HistoryExport.Format, to path: String?,
                       output: (String) throws -> Void) throws {
        guard let path else { return try store.export(format) { try output($0) } }
        try OutputFile.write(to: path) { file in try store.export(format) { try file.append($0) } }
    }

    struct UsageError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
