/// A bad evemu file: which file, which line (1-based; 0 when the file could
/// not be read at all) and what was expected. The app exits 2 with it.
public struct EvemuParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var reason: String

    public init(file: String, line: Int, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// "file:line: reason", the form compilers use.
    public var description: String {
        line > 0 ? "\(file):\(line): \(reason)" : "\(file): \(reason)"
    }
}
