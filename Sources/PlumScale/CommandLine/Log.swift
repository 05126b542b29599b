import Foundation
import PlumScaleCore

/// Log lines on stderr with a level; debug lines only with --verbose.
/// Written with one write(2) each (StandardStreams), every control
/// character in the message made visible (TerminalText), line feeds and
/// tabs included: a file name, a config value or a line quoted from an
/// input file can neither drive the terminal nor forge a log line of its
/// own. One call is one line; a report of several lines is logged line by
/// line (`lines`). A failing standard error is ignored: there is nowhere
/// left to report it.
public struct Log: Sendable {
    public var verbose: Bool
    /// Where the lines go instead of stderr (a test reads them); nil: stderr.
    private let capture: (@Sendable (String) -> Void)?

    public init(verbose: Bool = false, capture: (@Sendable (String) -> Void)? = nil) {
        self.verbose = verbose
        self.capture = capture
    }

    public func error(_ message: String) { write("error", message) }
    public func warning(_ message: String) { write("warning", message) }
    public func info(_ message: String) { write("info", message) }
    public func debug(_ message: String) { if verbose { write("debug", message) } }

    /// Each line of a multi-line report (a config error lists one issue a
    /// line) as a log line of its own.
    public func lines(_ level: Level, _ report: String) {
        for line in ReplayText.lines(report) where !line.isEmpty { write(level.rawValue, String(line)) }
    }

    public enum Level: String, Sendable { case error, warning, info, debug }

    /// The whole line as it is written (tests read it).
    static func line(_ level: String, _ message: String) -> String {
        "plumscale: \(level): \(TerminalText.visible(message))\n"
    }

    private func write(_ level: String, _ message: String) {
        if level == "debug" && !verbose { return }
        if let capture { capture(Self.line(level, message)) } else { StandardStreams.err(Self.line(level, message)) }
    }
}
