import CSDL2
import Foundation
import PlumScale
import PlumScaleCore

// The window-mapping test's child (WindowMappingProbeTests): a real SDL
// window on the X server in $DISPLAY and the program's own WindowMapping for
// the evdev node given, as the event loop has them. It prints the window's
// place ("window X Y W H") and, for each device point given as X,Y (device
// normalised), where the mapping puts it in the window ("placed X Y",
// window normalised); its log lines go to stderr. A test hook: it lives with
// the tests.
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: PlumScaleMappingProbe DEVICE_NODE X,Y...\n".utf8))
    exit(2)
}
let points = arguments.dropFirst().map { $0.split(separator: ",").compactMap { Double($0) } }
guard points.allSatisfy({ $0.count == 2 }), SDL_Init(SDL_INIT_VIDEO) == 0 else {
    FileHandle.standardError.write(Data("PlumScaleMappingProbe: bad points, or no SDL video: \(String(cString: SDL_GetError()))\n".utf8))
    exit(2)
}
do {
    let window = try Window(
        title: "mapping probe", width: 640, height: 360, flags: SDL_WINDOW_SHOWN.rawValue, renderer: .software, log: Log())
    // Until the window is mapped where the server put it.
    for _ in 0..<40 {
        SDL_PumpEvents()
        usleep(10_000)
    }
    let mapping = WindowMapping(devicePath: arguments[0], log: Log())
    let place = window.desktopPlace.window
    print("window \(place.x) \(place.y) \(place.width) \(place.height)")
    for (i, p) in points.enumerated() {
        let sample = TouchSample(id: i + 1, x: p[0], y: p[1], pressure: 0.5)
        let time = Double(SDL_GetTicks64()) / 1000
        let placed = mapping.place(TouchFrame(time: time, contacts: [sample]), [InputEvent(time: time, .touchDown(sample))], window: window)
        if case .touchDown(let s) = placed.first?.kind { print("placed \(s.x) \(s.y)") }
    }
} catch {
    FileHandle.standardError.write(Data("PlumScaleMappingProbe: \(error)\n".utf8))
    exit(1)
}
SDL_Quit()
