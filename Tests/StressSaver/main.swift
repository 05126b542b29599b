import Foundation
import PlumScale
import PlumScaleCore

// The durability test's child (HistoryDurabilityTests): saves generated
// weighings into the history at --db PATH and prints "saved <id>" after each
// commit, until --count N are saved or it is killed. A test hook: it lives
// with the tests, not in the program.
let arguments = CommandLine.arguments
guard arguments.count == 5, arguments[1] == "--db", arguments[3] == "--count", let count = Int(arguments[4]) else {
    FileHandle.standardError.write(Data("usage: PlumScaleStressSaver --db PATH --count N\n".utf8))
    exit(2)
}
do {
    try StressSaver.saveLoop(path: arguments[2], count: count)
} catch {
    FileHandle.standardError.write(Data("PlumScaleStressSaver: \(error)\n".utf8))
    exit(1)
}
