import CSDL2
import Foundation
import PlumScaleCore

/// The live evdev source in the SDL shell: a reader thread decodes frames,
/// queues them here and wakes the SDL loop with a user event per frame.
final class EvdevSource {
    static let eventCode: Int32 = 0x4556

    /// Frames waiting for the SDL thread.
    final class Queue: @unchecked Sendable {
        private let lock = NSLock()
        private var outputs: [EvdevReader.Output] = []

        func push(_ output: EvdevReader.Output) {
            lock.lock()
            outputs.append(output)
            lock.unlock()
            var event = SDL_Event()
            event.type = SDL_USEREVENT.rawValue
            event.user.code = EvdevSource.eventCode
            SDL_PushEvent(&event)
        }

        func drain() -> [EvdevReader.Output] {
            lock.lock()
            defer { lock.unlock() }
            let taken = outputs
            outputs.removeAll(keepingCapacity: true)
            return taken
        }
    }

    let path: String
    let device: TouchDeviceDescription
    let queue = Queue()
    private let reader: EvdevReader

    /// Opens the device; event times share SDL_GetTicks64's clock.
    init(path: String) throws {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let timeBase = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - Double(SDL_GetTicks64()) / 1000
        let queue = self.queue
        reader = try EvdevReader(path: path, timeBase: timeBase) { queue.push($0) }
        self.path = path
        self.device = reader.device
    }

    func start() { reader.start() }
    func stop() { reader.stop() }

    /// The most capable touch device that can be read: force, then area, then position.
    static func bestReadable(log: Log) -> (path: String, device: TouchDeviceDescription)? {
        let entries = TouchDeviceScanner.scan().entries ?? []
        for entry in entries where entry.problem != nil {
            log.debug("\(entry.path)\(entry.sysfsName.map { " \"\($0)\"" } ?? ""): \(entry.problem!)")
        }
        let rank: [ForceMode: Int] = [.force: 0, .area: 1, .position: 2]
        return entries.filter { $0.isTouch && $0.problem == nil }
            .compactMap { entry in entry.device.map { (entry.path, $0) } }
            .min { rank[$0.1.forceMode]! < rank[$1.1.forceMode]! }
    }
}
