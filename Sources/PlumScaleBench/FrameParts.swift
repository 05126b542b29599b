import CSDL2
import Foundation
import PlumScale
import PlumScaleCore

/// `plumscale-bench --child parts:ROUNDS`: where a span frame's time goes, each part
/// drawn alternately into a 1280x720 buffer (for profiling, not a figure),
/// each after an SDL_FillRect of the buffer, as frames follow SDL's clear in
/// the frame bench.
enum FrameParts {
    static func run(rounds: Int, fontPath: String) throws {
        let raster = RasterRenderer(fonts: try FontSet(path: fontPath))
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: 1280 * 720)
        defer { pixels.deallocate() }
        let buffer = PixelBuffer(base: pixels, width: 1280, height: 720, stride: 1280)
        let surface = SDL_CreateRGBSurfaceWithFormatFrom(pixels, 1280, 720, 32, 1280 * 4, plum_pixelformat_argb8888())
        defer { SDL_FreeSurface(surface) }
        for contacts in [10, 50] {
            let full = BenchWorkload.state(contacts: contacts).scene()
            func only(_ keep: (Shape) -> Bool) -> Scene {
                var s = full
                s.shapes = full.shapes.filter(keep)
                return s
            }
            let parts: [(String, Scene)] = [
                ("fill only", only { _ in false }),
                ("fill + disc", only { if case .disc = $0 { return true } else { return false } }),
                ("fill + rings", only { if case .ring = $0 { return true } else { return false } }),
                ("fill + text", only { if case .text = $0 { return true } else { return false } }),
                ("everything", full),
            ]
            var times = [[Double]](repeating: [], count: parts.count)
            for _ in 0..<rounds {
                for (i, part) in parts.enumerated() {
                    // As in the frame bench, after SDL's own clear (non-temporal
                    // stores: the frame is no longer in the cache).
                    SDL_FillRect(surface, nil, 0xffff_ffff)
                    let t0 = benchNow()
                    raster.draw(part.1, into: buffer)
                    times[i].append(benchNow() - t0)
                }
            }
            for (i, part) in parts.enumerated() {
                print(String(format: "%d contacts, %@: %.3f ms", contacts, part.0, Stats.median(times[i]) * 1000))
            }
        }
    }
}
