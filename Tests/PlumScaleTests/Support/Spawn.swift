import PlumScale

/// Children of the tests are started with posix_spawn and reaped with
/// waitpid (the library's ChildProcess), not Foundation's Process, whose exit
/// detection on Linux can stall while another child (Xvfb) holds descriptors.
typealias Spawned = ChildProcess

struct SpawnError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
