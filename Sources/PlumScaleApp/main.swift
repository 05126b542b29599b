import Foundation
import PlumScale
import PlumScaleCore

// Parse the arguments, run one command, map what went wrong to an exit code:
// 0 success, 1 runtime failure, 2 bad usage or bad input file.
let log = Log(verbose: CommandLine.arguments.contains("--verbose") || CommandLine.arguments.contains("-v"))
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch try ArgumentParser.parse(arguments) {
    case .help(let text): try StandardStreams.out(text + "\n")
    case .version: try StandardStreams.out(Help.version + "\n")
    case .render(let options): try RenderCommand.run(options, log: log)
    case .devices: try DevicesCommand.run(log: log)
    case .configCheck(let path): try ConfigCommand.check(path: path, log: log)
    case .history(let options): exit(HistoryCommand.run(options))
    case .run(let options): try WindowCommand.run(options, log: log)
    }
    exit(0)
} catch let error as UsageError {
    if let usage = error.usage {
        log.error(error.description)
        FileHandle.standardError.write(Data((usage + "\n").utf8))
    } else {
        log.error("\(error.description) (see plumscale --help)")
    }
    exit(2)
} catch let error as ConfigError {
    log.lines(.error, error.description)
    exit(2)
} catch let error as InputFileError {
    log.error(error.description)
    exit(2)
} catch let error as OutputError {
    // A full disk, a closed pipe, a target that is not a regular file.
    log.error(error.description)
    exit(error.exitCode)
} catch {
    log.error("\(error)")
    exit(1)
}
