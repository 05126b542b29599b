import Foundation
import PlumScaleCore

/// Log lines on stderr with a level; debug lines only with --verbose.
/// Written with one write(2) each (StandardStreams), control characters in
/// the message made visible (TerminalText): a file name or a line quoted
/// from an input file cannot drive the terminal. A failing standard error
/// is ignored: there is nowhere left to report it.
public struct Log: Sendable {
    public var verbose: Bool
    public init(verbose: Bool = false) { self.verbose = verbose }

    public func error(_ message: String) { write("error", message) }
    public func warning(_ message: String) { write("warning", message) }
    public func info(_ message: String) { write("info", message) }
    public func debug(_ message: String) { if verbose { write("debug", message) } }

    private func write(_ level: String, _ message: String) {
        StandardStreams.err("plumscale: \(level): \(TerminalText.visible(message, keepLines: true))\n")
    }
}
