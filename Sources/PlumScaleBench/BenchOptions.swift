import PlumScale
import PlumScaleCore

/// `plumscale-bench [--quick] [--json FILE] [--font FILE]`.
public struct BenchOptions: Equatable, Sendable {
    public var quick = false
    public var json = "bench.json"
    public var font: String?
    /// Internal: run one part in a child process (`--child rss:EVENTS`).
    public var child: String?
    public init() {}

    /// The options, or nil when the user asked for --help.
    static func parse(_ arguments: ArraySlice<String>) throws -> BenchOptions? {
        var options = BenchOptions()
        var args = arguments
        while let arg = args.popFirst() {
            switch arg {
            case "--help", "-h": return nil
            case "--quick": options.quick = true
            case "--json": options.json = try ArgumentParser.value(for: arg, &args)
            case "--font": options.font = try ArgumentParser.value(for: arg, &args)
            case "--child": options.child = try ArgumentParser.value(for: arg, &args)
            case "--verbose", "-v": break
            default: throw UsageError("bench: unknown option \(arg)")
            }
        }
        return options
    }

    static let help = """
        Usage: plumscale-bench [--quick] [--json FILE] [--font FILE]

        Measures frame cost, input latency, idle CPU, core throughput, startup and
        memory, prints a table and writes every figure to bench.json (or FILE).
        Every figure is a ratio of two things measured alternately in the same run,
        or a count. The on-screen parts use $DISPLAY, or start their own Xvfb.
        --quick runs every part smaller (under a minute).
        """
}
