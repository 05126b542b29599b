import CSDL2
import Foundation
import PlumScaleCore

/// PNG files, encoded by SDL2_image straight into an `OutputFile` (an
/// SDL_RWops whose writes append to it), so a frame on a full disk is an
/// error with the OS reason and leaves no partial or empty file, like every
/// other output. IMG_SavePNG(surface, path) would write the path in place
/// and report a failed write only as SDL's text, if at all.
enum PNGFile {
    /// What the RWops callbacks reach through `hidden.unknown.data1`.
    final class Sink {
        let file: OutputFile
        var position: Int64 = 0
        var failure: OutputError?
        init(_ file: OutputFile) { self.file = file }
    }

    static func write(
        _ surface: UnsafeMutablePointer<SDL_Surface>, to path: String,
        calls: OutputCalls = .system
    ) throws {
        let file = try OutputFile(path: path, calls: calls)
        defer { file.discard() }  // nothing after a commit
        let sink = Sink(file)
        guard let rw = SDL_AllocRW() else { throw SDLError("SDL_AllocRW") }
        defer { SDL_FreeRW(rw) }
        rw.pointee.type = 0  // SDL_RWOPS_UNKNOWN
        rw.pointee.hidden.unknown.data1 = Unmanaged.passUnretained(sink).toOpaque()
        rw.pointee.size = { _ in -1 }
        rw.pointee.read = { _, _, _, _ in 0 }
        rw.pointee.close = { _ in 0 }
        rw.pointee.seek = { context, offset, whence in
            // Only "where am I" (SDL_RWtell) can be answered by a stream.
            guard let context, whence == RW_SEEK_CUR, offset == 0 else { return -1 }
            return Unmanaged<Sink>.fromOpaque(context.pointee.hidden.unknown.data1).takeUnretainedValue().position
        }
        rw.pointee.write = { context, pointer, size, count in
            guard let context, let pointer else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(context.pointee.hidden.unknown.data1).takeUnretainedValue()
            guard sink.failure == nil else { return 0 }  // once failed, every write fails
            let (bytes, overflow) = size.multipliedReportingOverflow(by: count)
            guard !overflow else { return 0 }
            do throws(OutputError) {
                try sink.file.append(UnsafeRawBufferPointer(start: pointer, count: bytes))
            } catch {
                sink.failure = error
                return 0
            }
            sink.position += Int64(bytes)
            return count
        }
        let saved = withExtendedLifetime(sink) { IMG_SavePNG_RW(surface, rw, 0) }
        if let failure = sink.failure { throw failure }
        guard saved == 0 else {
            throw OutputError(target: path, kind: .failed, reason: "PNG encoding failed: \(String(cString: SDL_GetError()))")
        }
        try file.commit()
    }
}
