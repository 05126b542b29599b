import CSDL2
import Foundation
import PlumScaleCore

/// The live evdev source in the SDL shell: a reader thread decodes frames,
/// queues them (InputQueue) and wakes the SDL loop with a user event per frame.
final class EvdevSource {
    static let eventCode: Int32 = 0x4556

    let path: String
    let device: TouchDeviceDescription
    /// Frames waiting for the SDL thread.
    let queue = InputQueue<EvdevReader.Output>(code: EvdevSource.eventCode)
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

    /// `--record-evemu`: each frame's kernel events, on the reader's thread.
    /// Before `start`.
    func recordFrames(_ handler: @escaping @Sendable ([KernelEvent]) -> Void) { reader.rawFrames = handler }
    func stop() { reader.stop() }

    /// The touch devices that can be read; the others are logged (debug).
    static func readableDevices(log: Log) -> [DeviceChoice.Candidate] {
        let scan = TouchDeviceScanner.scan()
        for entry in scan.entries ?? [] where entry.problem != nil {
            log.debug("\(entry.path)\(entry.sysfsName.map { " \"\($0)\"" } ?? ""): \(entry.problem!)")
        }
        return scan.candidates
    }
}
