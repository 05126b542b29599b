import Foundation
import PlumScaleCore

/// Log lines on stderr with a level; debug lines only with --verbose.
public struct Log: Sendable {
    public var verbose: Bool
    public init(verbose: Bool = false) { self.verbose = verbose }

    public func error(_ message: String) { write("error", message) }
    public func warning(_ message: String) { write("warning", message) }
    public func info(_ message: String) { write("info", message) }
    public func debug(_ message: String) { if verbose { write("debug", message) } }

    private func write(_ level: String, _ message: String) {
        FileHandle.standardError.write(Data("plumscale: \(level): \(message)\n".utf8))
    }
}
