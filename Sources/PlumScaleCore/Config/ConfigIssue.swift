import Foundation

/// One thing wrong with a config file: the key path (e.g.
/// `calibrations."touch_dev".points[1].grams`) and the reason.
public struct ConfigIssue: Equatable, Sendable, CustomStringConvertible {
    /// Key path from the root; empty for the document itself.
    public var path: String
    public var message: String
    /// 1-based line in the file, when known.
    public var line: Int?
    /// 1-based column, known for JSON syntax errors.
    public var column: Int?

    public init(path: String, message: String, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.message = message
        self.line = line
        self.column = column
    }

    public var description: String {
        var location = line.map { "line \($0)" } ?? ""
        if let column { location += ", column \(column)" }
        if !location.isEmpty { location += ": " }
        return path.isEmpty ? location + message : location + path + ": " + message
    }
}

/// Everything wrong with a config file, collected in one pass. The CLI
/// prints `description` and exits 2.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, nil when parsed from memory.
    public var file: String?
    public var issues: [ConfigIssue]

    public init(file: String?, issues: [ConfigIssue]) {
        self.file = file
        self.issues = issues
    }

    /// One line per issue: "FILE: line N: PATH: REASON".
    public var description: String {
        let prefix = file.map { "\($0): " } ?? ""
        return issues.map { prefix + $0.description }.joined(separator: "\n")
    }

    /// The key paths named, in order (handy in tests).
    public var paths: [String] { issues.map(\.path) }
}

/// A key path under construction: `a.b`, `calibrations."dev"`, `points[1]`.
public struct ConfigKeyPath: Sendable {
    public var text: String

    public static let root = ConfigKeyPath(text: "")

    /// A plain key: `stability`, `stability.band`.
    public func key(_ name: String) -> ConfigKeyPath {
        ConfigKeyPath(text: text.isEmpty ? name : text + "." + name)
    }

    /// A user-chosen key such as a device name, always quoted.
    public func quotedKey(_ name: String) -> ConfigKeyPath {
        key(JSONValue.quote(name))
    }

    public func index(_ index: Int) -> ConfigKeyPath {
        ConfigKeyPath(text: text + "[\(index)]")
    }
}
