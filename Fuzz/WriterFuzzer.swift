// libFuzzer target: OutputFile, the one writer of every output, with the
// system calls failing where the input says (write after N bytes with an
// errno, fsync, close). Whatever fails, the target is either the complete
// new file (success) or exactly the old one (failure), and no temporary
// file is left in the directory. Built with Sources/PlumScale/Files/OutputFile.swift.
import Foundation

@testable import PlumScaleCore

#if canImport(Glibc)
    import Glibc
#endif

final class Budget: @unchecked Sendable {
    var left: Int
    init(_ left: Int) { self.left = left }
}

let directory: String = {
    let path = NSTemporaryDirectory() + "plumscale-fuzz-writer-\(getpid())"
    mkdir(path, 0o700)
    return path
}()

func names() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted() }

@_cdecl("LLVMFuzzerTestOneInput")
public func writerFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzBytes(UnsafeBufferPointer(start: data, count: size))
    let target = directory + "/out.bin"
    unlink(target)
    let old: Data? = input.byte() & 1 == 0 ? Data("old contents\n".utf8) : nil
    if let old { writeBytes(old, to: target) }
    let failing = input.byte()
    let room = Budget(Int(input.byte()) * 16)
    let codes: [Int32] = [ENOSPC, EIO, EDQUOT, EINTR, EFBIG]
    let code = codes[Int(input.byte()) % codes.count]
    let calls = OutputCalls(
        write: { fd, pointer, count in
            guard failing % 4 == 1 else { return Glibc.write(fd, pointer, count) }
            if room.left == 0 {
                errno = code
                return -1
            }
            let n = min(count, room.left)
            room.left -= n
            return Glibc.write(fd, pointer, n)
        },
        fsync: { fd in
            failing % 4 == 2
                ? {
                    errno = EIO
                    return -1
                }() : Glibc.fsync(fd)
        },
        close: { fd in
            let result = Glibc.close(fd)
            return failing % 4 == 3
                ? {
                    errno = EIO
                    return -1
                }() : result
        })
    var payload = Data()
    while !input.isEmpty { payload.append(input.byte()) }
    // EINTR is retried: a write that only ever says EINTR must not spin.
    if failing % 4 == 1 && code == EINTR { return 0 }
    do {
        try OutputFile.write(to: target, calls: calls) { file in
            try file.append(payload.prefix(payload.count / 2))
            try file.append(payload.dropFirst(payload.count / 2))
        }
        precondition(fileBytes(target) == payload, "the file is not what was written")
    } catch let error as OutputError {
        precondition(error.kind == .failed && error.code != nil, "a failure without its errno: \(error)")
        precondition(fileBytes(target) == old, "a failed write changed the target")
    } catch {
        fatalError("not an OutputError: \(error)")
    }
    precondition(names() == ["out.bin"] || (old == nil && names().isEmpty), "left behind: \(names())")
    return 0
}
