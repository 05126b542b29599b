import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// The adversarial soak: 1,000,000 hostile events (AdversarialInput, seeded)
/// through AppState.apply, scene() every 16th event, every 2,000th frame drawn by the
/// headless renderer, the state document parsed back every 10,000 events.
/// PLUMSCALE_SOAK_EVENTS and PLUMSCALE_SOAK_SEED change the run. Prints one
/// line with the figures the README reports.
///
/// Resident memory is a process's, so the soak runs in a process of its own:
/// the test starts the test binary again with this test alone
/// (PLUMSCALE_SOAK_FIGURES set), which runs the soak and writes its figures;
/// the other suites, running meanwhile in this process, cannot move them.
@Suite(.serialized) struct SoakTests {
    static var events: Int {
        ProcessInfo.processInfo.environment["PLUMSCALE_SOAK_EVENTS"].flatMap(Int.init) ?? 1_000_000
    }
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["PLUMSCALE_SOAK_SEED"].flatMap(UInt64.init) ?? 0x504C_554D
    }
    /// Set only in the soak's own process: where it writes its figures.
    static let figuresVariable = "PLUMSCALE_SOAK_FIGURES"

    @Test func millionHostileEventsKeepTheCoreBoundedAndTheDocumentValid() throws {
        if let path = ProcessInfo.processInfo.environment[Self.figuresVariable] {
            // The soak's own process: the soak, its per-event checks, its figures.
            let figures = try SoakRun.run(events: Self.events, seed: Self.seed)
            try JSONEncoder().encode(figures).write(to: URL(fileURLWithPath: path))
            return
        }
        let figures = try Self.runInAProcessOfItsOwn()
        #expect(figures.staleSeen == 0, "contacts outlived the \(figures.contactTimeout) s timeout")
        #expect(figures.peak <= Scale.maxContacts)
        #expect(figures.peakTouch > 100, "the soak never had over 100 unpinned contacts at once")
        // Flat memory: after warm-up, growth stays under 32 MB (it is measured, and printed).
        // Under AddressSanitizer freed memory waits in its quarantine (256 MB),
        // so resident memory says nothing there: `make sanitize` sets PLUMSCALE_SANITIZED.
        let growth = figures.rssEnd - figures.rssAfterWarmup
        if ProcessInfo.processInfo.environment["PLUMSCALE_SANITIZED"] == nil {
            #expect(growth < 32 * 1024, "VmRSS of the soak's process grew \(growth) kB")
        }
        print(
            "soak: \(figures.events) events (seed \(figures.seed)) in \(String(format: "%.1f", figures.seconds)) s, "
                + "peak contacts \(figures.peak) (cap \(Scale.maxContacts); unpinned \(figures.peakTouch), the rest mouse pins), "
                + "\(figures.atEnd) at the end, "
                + "\(figures.renders) frames rendered, \(figures.documents) state documents valid, "
                + "VmRSS of its own process after warm-up \(figures.rssAfterWarmup) kB, peak \(figures.rssPeak) kB, "
                + "end \(figures.rssEnd) kB, growth \(growth) kB")
    }

    /// Runs this test alone in a new process of the test binary and returns
    /// the figures it wrote; its output is quoted if it fails.
    static func runInAProcessOfItsOwn() throws -> SoakFigures {
        let dir = Paths.temporaryDirectory("soak")
        defer { try? FileManager.default.removeItem(at: dir) }
        let figuresFile = dir.appendingPathComponent("figures.json")
        let output = dir.appendingPathComponent("stdout").path
        let errors = dir.appendingPathComponent("stderr").path
        let testBinary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var environment = ProcessInfo.processInfo.environment
        environment[figuresVariable] = figuresFile.path
        // At a lower priority: it is batch work, and `make test` plays
        // journeys in real time beside it (`nice` execs it: its memory is
        // still its own process's).
        let child = try Spawned(
            "/usr/bin/nice",
            ["-n", "10", testBinary, "--testing-library", "swift-testing", "--filter", "SoakTests/millionHostileEvents"],
            environment: environment, stdout: output, stderr: errors)
        // A debug build does about 7,000 events a second alone; allow for a loaded machine.
        let timeout = max(600, Double(events) / 500)
        let status = child.wait(timeout: timeout)
        let log = { [output, errors].map { (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "" }.joined() }
        try #require(status != nil, "the soak's process did not end within \(Int(timeout)) s:\n\(log().suffix(4000))")
        try #require(status == 0, "the soak's process failed (status \(status!)):\n\(log().suffix(4000))")
        let data = try #require(
            FileManager.default.contents(atPath: figuresFile.path),
            "the soak's process wrote no figures:\n\(log().suffix(4000))")
        return try JSONDecoder().decode(SoakFigures.self, from: data)
    }
}

/// What one soak measured, written by the soak's process for the test.
struct SoakFigures: Codable {
    var events: Int
    var seed: UInt64
    var seconds: Double
    var peak: Int
    var peakTouch: Int
    var atEnd: Int
    var renders: Int
    var documents: Int
    var staleSeen: Int
    var contactTimeout: Double
    /// VmRSS of the soak's own process, kB.
    var rssAfterWarmup: Int
    var rssPeak: Int
    var rssEnd: Int
}

enum SoakRun {
    /// The soak itself, with the checks that need its live state (the state
    /// document after every 10,000 events).
    static func run(events total: Int, seed: UInt64) throws -> SoakFigures {
        var input = AdversarialInput(seed: seed)
        var state = AppState(screen: Size(1280, 720), source: .sdl(deviceName: "soak panel"), mouseEmulation: true)
        // Frames are drawn at the screen's size, as the shell does; a screen
        // too big for memory is drawn scaled into the default canvas.
        var canvases: [String: HeadlessCanvas] = [:]
        func canvas(for screen: Size) throws -> HeadlessCanvas {
            let fits = (1...4096).contains(screen.width) && (1...4096).contains(screen.height)
            let (w, h) = fits ? (Int(screen.width), Int(screen.height)) : (1280, 720)
            if let canvas = canvases["\(w)x\(h)"] { return canvas }
            let canvas = try HeadlessCanvas(width: w, height: h, fontPath: Paths.font)
            canvases["\(w)x\(h)"] = canvas
            return canvas
        }
        var peak = 0
        var peakTouch = 0
        var renders = 0
        var documents = 0
        var staleSeen = 0
        var rssAfterWarmup = 0
        var rssPeak = 0
        let warmup = min(100_000, total / 10)
        let started = Date()
        for i in 1...total {
            let event = input.next()
            // The shell performs store effects; here nobody does, so they are dropped.
            state.apply(event)
            peak = max(peak, state.scale.board.contacts.count)
            // The shell coalesces pending events into one frame: a scene every 16 events.
            if i % 16 == 0 { _ = state.scene() }
            // Counted only when it could be a new peak (no more unpinned
            // contacts than contacts): a count each event was a tenth of the
            // soak's time, in this unoptimised target.
            if state.scale.board.contacts.count > peakTouch {
                peakTouch = max(peakTouch, state.scale.board.contacts.count { !$0.pinned })
            }
            // Nothing the device forgot outlives the timeout (pins and the mouse excepted).
            if i % 997 == 0 {
                staleSeen +=
                    state.scale.board.contacts.filter {
                        $0.lastSeen < state.now - state.contactTimeout && Scale.canExpire($0, mouse: true)
                    }.count
            }
            if i % 2_000 == 0 {
                try canvas(for: state.layout.screen).render(state.scene())
                renders += 1
            }
            if i % 10_000 == 0 {
                let text = state.stateDocument().prettyText
                let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
                #expect(parsed != nil, "event \(i): the state document is not valid JSON")
                #expect((parsed?["contacts"] as? [Any])?.count == state.scale.board.contacts.count)
                documents += 1
            }
            if i == warmup { rssAfterWarmup = residentKilobytes() }
            if i % 50_000 == 0 { rssPeak = max(rssPeak, residentKilobytes()) }
        }
        return SoakFigures(
            events: total, seed: seed, seconds: Date().timeIntervalSince(started), peak: peak, peakTouch: peakTouch,
            atEnd: state.scale.board.contacts.count, renders: renders, documents: documents, staleSeen: staleSeen,
            contactTimeout: state.contactTimeout, rssAfterWarmup: rssAfterWarmup, rssPeak: rssPeak,
            rssEnd: residentKilobytes())
    }
}
