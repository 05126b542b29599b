import Foundation
import PlumScale
import PlumScaleCore

// Parse the arguments, run the benchmarks, map what went wrong to an exit
// code like plumscale does: 0 success, 1 runtime failure, 2 bad usage.
let log = Log(verbose: CommandLine.arguments.contains("--verbose") || CommandLine.arguments.contains("-v"))
do {
    guard let options = try BenchOptions.parse(CommandLine.arguments.dropFirst()) else {
        print(BenchOptions.help)
        exit(0)
    }
    try BenchCommand.run(options, log: log)
    exit(0)
} catch let error as UsageError {
    log.error("\(error.description) (see plumscale-bench --help)")
    exit(2)
} catch {
    log.error("\(error)")
    exit(1)
}
