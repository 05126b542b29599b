import CEvdev
import Foundation
import PlumScaleCore

/// Raw `struct input_event` records from a pipe or FIFO (tests), kept whole
/// across reads that end inside a record.
extension EvdevReader {
    func drainRaw(_ fd: Int32) {
        let size = MemoryLayout<input_event>.stride
        var buffer = [UInt8](repeating: 0, count: size * 64)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count == 0 {
                lose("end of file")
                return
            }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { return }
                lose(EvdevError.explain(errno: errno))
                return
            }
            pending.append(contentsOf: buffer[0..<count])
            let whole = pending.count / size * size
            pending.withUnsafeBytes { bytes in
                for offset in stride(from: 0, to: whole, by: size) {
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: input_event.self)
                    deliver(KernelEvent(event, timeBase: timeBase))
                }
            }
            pending.removeFirst(whole)
        }
    }
}
