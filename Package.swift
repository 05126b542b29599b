// swift-tools-version:6.0
import Foundation
import PackageDescription

// `make sanitize` (and `make sanitize-build`) set PLUMSCALE_SANITIZED to the
// sanitizer's name: the sanitizer builds run the first two test layers only,
// and ThreadSanitizer the shell's alone. The core starts no thread and shares
// nothing mutable (Swift 6 language mode proves it, with no unchecked
// escape in it), so TSan had nothing to find in the core's own tests; the
// core's code runs under TSan in the shell's tests, on the threads the
// shell starts (the evdev reader, the store, the fleet worker).
let sanitizer = Context.environment["PLUMSCALE_SANITIZED"]
let sanitized = sanitizer != nil

// The end-to-end layer and the test hooks it alone starts, and the program
// itself (the tests that run it start the plain debug build's, make test's).
// Left out of the sanitizer builds: compiling them there was minutes of CI
// for tests they never run.
let program: [Target] =
    sanitized
    ? []
    : [
        .executableTarget(
            name: "PlumScaleApp",
            dependencies: ["PlumScaleCore", "PlumScale"])
    ]
let endToEnd: [Target] =
    sanitized
    ? []
    : [
        // The fleet tests' station without a window: saves weighings with the MQTT sink on.
        .executableTarget(
            name: "PlumScaleFleetStation",
            dependencies: ["PlumScaleCore", "PlumScale"],
            path: "Tests/FleetStation"),
        // The window-mapping test's child: a real SDL window and the program's mapping.
        .executableTarget(
            name: "PlumScaleMappingProbe",
            dependencies: ["PlumScaleCore", "PlumScale", "CSDL2"],
            path: "Tests/MappingProbe"),
        .testTarget(
            name: "PlumScaleEndToEndTests",
            dependencies: [
                "PlumScaleCore", "PlumScale", "PlumScaleTestSupport", "PlumScaleShellTestSupport", "PlumScaleBench",
                "PlumScaleStressSaver", "PlumScaleFleetStation", "PlumScaleGallery", "PlumScaleMappingProbe", "CXInput",
            ]),
    ]

// The tests in three layers (as swift-nio's): the core's pure logic alone
// (here), then the shell in-process (SQLite, evdev, rendering, MQTT payloads,
// files), then everything that starts a process or a server (the plumscale
// binary under Xvfb, Wayland, systemd, qemu; mosquitto; the test hooks).
// docs/testing.md says which runs where.
let coreTests: [Target] =
    sanitizer == "thread"
    ? []
    : [
        .testTarget(
            name: "PlumScaleCoreTests",
            dependencies: ["PlumScaleCore", "PlumScaleTestSupport"],
            path: "Tests/PlumScaleCoreTests",
            exclude: ["Fixtures"])
    ]

// The core's flags in debug builds (below, at its target). In the
// AddressSanitizer build, whole-module (less CPU than file by file, in a
// stage where every core is busy) and with the fuzzer's coverage too:
// scripts/fuzz.sh links the fuzz targets with this build's core rather
// than compiling one of its own (in the tests, the ASan runtime's hooks
// for that coverage do nothing). With -num-threads the driver still
// writes an object file a source file, as SwiftPM expects.
let coreFlags =
    sanitizer == "address"
    ? ["-O", "-wmo", "-num-threads", "\(max(2, ProcessInfo.processInfo.activeProcessorCount))", "-sanitize=fuzzer"] : ["-O"]

let package = Package(
    name: "PlumScale",
    products: (sanitized ? [] : [.executable(name: "plumscale", targets: ["PlumScaleApp"])]) + [
        .executable(name: "plumscale-bench", targets: ["PlumScaleBench"]),
        .library(name: "PlumScale", targets: ["PlumScale"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2", pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"])]),
        .systemLibrary(
            name: "CEvdev", pkgConfig: "libevdev",
            providers: [.apt(["libevdev-dev"])]),
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]),
        // A look at a Wayland compositor's globals before SDL starts.
        .systemLibrary(
            name: "CWayland", pkgConfig: "wayland-client",
            providers: [.apt(["libwayland-dev"])]),
        // A udev monitor: a lost touch device is reopened as soon as it is back.
        .systemLibrary(
            name: "CUdev", pkgConfig: "libudev",
            providers: [.apt(["libudev-dev"])]),
        // sd_notify: readiness and the watchdog for the kiosk's systemd unit.
        .systemLibrary(
            name: "CSystemd", pkgConfig: "libsystemd",
            providers: [.apt(["libsystemd-dev"])]),
        // The fleet's MQTT sink: weighings and live readings to a broker.
        .systemLibrary(
            name: "CMosquitto", pkgConfig: "libmosquitto",
            providers: [.apt(["libmosquitto-dev"])]),
        // X11's word on where a touchscreen lies: its input device's
        // Coordinate Transformation Matrix and Device Node (XInput2).
        .systemLibrary(
            name: "CXInput", pkgConfig: "xi",
            providers: [.apt(["libxi-dev"])]),
        // All behaviour, Foundation only: the compiler keeps it free of SDL,
        // libevdev and SQLite. Optimised in debug builds too: the tests and
        // the spawned debug binary spend most of their time in the core, and
        // an unoptimised one made the million-event soak alone take 7 of the
        // suite's 15 minutes (2 minutes now; the suite 9.5). The shell and the
        // tests stay unoptimised and debuggable. (The sanitizer builds too:
        // unoptimised there, the ASan build took 47 s less CPU, and its
        // tests, the soak's child above all, more than that back. ThreadSanitizer
        // runs neither the soak nor the core's tests: unoptimised there, its
        // build took 55 CPU-s less and its tests 35 s more.) File by file in
        // the plain debug build: whole-module it took 30 s of CPU less, but
        // its one-core type-checking held every other module back (CI's
        // build 173 s against 152-155).
        .target(name: "PlumScaleCore", swiftSettings: sanitizer == "thread" ? [] : [.unsafeFlags(coreFlags, .when(configuration: .debug))]),
        .target(
            name: "PlumScale",
            dependencies: [
                "PlumScaleCore", "CSDL2", "CEvdev", "CSQLite", "CFontconfig", "CSystemd", "CWayland", "CMosquitto", "CUdev", "CXInput",
            ]),
        // The benchmarks, an executable of their own (like swift-nio's
        // performance tester): out of the library and the release binary.
        .executableTarget(
            name: "PlumScaleBench",
            dependencies: ["PlumScaleCore", "PlumScale", "CSDL2"]),
        // The durability test's child process: a test hook, kept with the tests.
        .executableTarget(
            name: "PlumScaleStressSaver",
            dependencies: ["PlumScaleCore", "PlumScale"],
            path: "Tests/StressSaver"),
        // `make gallery`: every screen at every size, drawn; its cases are the
        // layout tests' cases.
        .executableTarget(
            name: "PlumScaleGallery",
            dependencies: ["PlumScaleCore", "PlumScale"],
            path: "Tests/Gallery"),
        // Test helpers more than one test layer uses, plain libraries that
        // `swift build` builds too. This one needs the core only (the core
        // tests may use it): where the tests and their fixtures are, bounded
        // waits, the project's recordings, a seeded random generator.
        .target(name: "PlumScaleTestSupport", dependencies: ["PlumScaleCore"], path: "Tests/Support"),
        // This one needs the shell: a child process with a home of its own,
        // the built plumscale run, a failed comparison's frames saved.
        // Optimised in debug builds too, like the core: its pixel comparisons
        // run over every pixel of two 3840x2160 pictures for each shot of a
        // journey, and unoptimised they were most of the test stage's CPU.
        .target(
            name: "PlumScaleShellTestSupport",
            dependencies: ["PlumScaleCore", "PlumScale", "PlumScaleTestSupport"],
            path: "Tests/ShellSupport",
            swiftSettings: sanitized ? [] : [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // The gallery's cases, the bench's figures and the stress saver's
        // weighings are used in-process here (imported, never started).
        .testTarget(
            name: "PlumScaleShellTests",
            dependencies: [
                "PlumScaleCore", "PlumScale", "PlumScaleTestSupport", "PlumScaleShellTestSupport", "PlumScaleBench",
                "PlumScaleGallery", "PlumScaleStressSaver",
            ],
            exclude: ["Rendering/Goldens"]),
    ] + coreTests + program + endToEnd
)
