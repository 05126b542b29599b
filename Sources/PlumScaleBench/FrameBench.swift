import CSDL2
import Foundation
import PlumScale
import PlumScaleCore

/// Median costs (ms) of frames measured alternately in one run: clear and
/// present an empty frame, then the 10-contact frame, then the 50-contact one.
struct FrameFigures {
    var empty: Double
    var frame10: Double
    var frame50: Double
    var ratio10: Double { frame10 / empty }
    var ratio50: Double { frame50 / empty }
}

/// One SDL window with a renderer (the program's Window), for the duration
/// of a measurement, vsync off.
final class BenchWindow {
    private let owner: Window
    var window: OpaquePointer { owner.window }
    var renderer: OpaquePointer { owner.renderer }
    var rendererName: String { owner.rendererName }

    /// `software`: SDL's software renderer; else the default (accelerated if any).
    init(software: Bool, width: Int = 1280, height: Int = 720) throws {
        owner = try Window(
            title: "PlumScale bench", width: width, height: height, flags: SDL_WINDOW_SHOWN.rawValue,
            renderer: software ? .software : .unsynced, log: Log())
        // Let the window map and settle.
        for _ in 0..<20 {
            SDL_PumpEvents()
            SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
            usleep(5_000)
        }
    }

    func clearAndPresent() {
        SDL_SetRenderDrawColor(renderer, 255, 255, 255, 255)
        SDL_RenderClear(renderer)
        SDL_RenderPresent(renderer)
    }
}

enum FrameBench {
    /// Runs `iterations` rounds of (empty, 10 contacts, 50 contacts), after a
    /// warm-up; each contact frame includes building the scene (labels
    /// change every frame), drawing and SDL_RenderPresent.
    static func measure(
        _ target: BenchWindow, iterations: Int, screen: Size = BenchWorkload.screen, draw: (Scene) throws -> Void
    ) rethrows -> FrameFigures {
        var s10 = BenchWorkload.state(contacts: 10, screen: screen)
        var s50 = BenchWorkload.state(contacts: 50, screen: screen)
        var empty: [Double] = []
        var f10: [Double] = []
        var f50: [Double] = []
        let warmUp = 10
        for i in 0..<(iterations + warmUp) {
            SDL_PumpEvents()
            SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
            let t0 = benchNow()
            target.clearAndPresent()
            let t1 = benchNow()
            BenchWorkload.step(&s10, contacts: 10, step: i)
            let t2 = benchNow()
            try draw(s10.scene())
            SDL_RenderPresent(target.renderer)
            let t3 = benchNow()
            BenchWorkload.step(&s50, contacts: 50, step: i)
            let t4 = benchNow()
            try draw(s50.scene())
            SDL_RenderPresent(target.renderer)
            let t5 = benchNow()
            if i >= warmUp {
                empty.append(t1 - t0)
                f10.append(t3 - t2)
                f50.append(t5 - t4)
            }
        }
        return FrameFigures(
            empty: Stats.median(empty) * 1000, frame10: Stats.median(f10) * 1000, frame50: Stats.median(f50) * 1000)
    }
}

/// SDL's video subsystem on one driver at a time.
enum BenchVideo {
    static func with<T>(driver: String, _ body: () throws -> T) throws -> T {
        guard SDL_VideoInit(driver) == 0 else { throw SDLError("SDL_VideoInit(\(driver))") }
        defer { SDL_VideoQuit() }
        return try body()
    }
}
