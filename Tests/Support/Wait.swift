import Foundation

/// A bounded wait that ran out, saying what it waited for and what it saw.
struct WaitFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Asks `probe` every `interval` seconds until it answers, for at most
/// `timeout` seconds; throws a WaitFailure naming `what` when time runs out.
/// `probe` may throw to end the wait early (the program it waits for died).
@discardableResult
func waitFor<T>(_ what: String, timeout: Double, every interval: Double = 0.05, _ probe: () throws -> T?) throws -> T {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
        if let answer = try probe() { return answer }
        guard Date() < deadline else { throw WaitFailure("timed out after \(timeout) s waiting for \(what)") }
        usleep(UInt32(interval * 1_000_000))
    }
}
