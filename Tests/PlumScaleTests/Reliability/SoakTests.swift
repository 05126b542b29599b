import Foundation
import Testing
@testable import PlumScale
@testable import PlumScaleCore

/// The adversarial soak: 1,000,000 hostile events (AdversarialInput, seeded)
/// through AppState.apply, scene() every 16th event, every 2,000th frame drawn by the
/// headless renderer, the state document parsed back every 10,000 events.
/// PLUMSCALE_SOAK_EVENTS and PLUMSCALE_SOAK_SEED change the run. Prints one
/// line with the figures the README reports.
@Suite(.serialized) struct SoakTests {
    static var events: Int {
        ProcessInfo.processInfo.environment["PLUMSCALE_SOAK_EVENTS"].flatMap(Int.init) ?? 1_000_000
    }
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["PLUMSCALE_SOAK_SEED"].flatMap(UInt64.init) ?? 0x504C_554D
    }

    @Test func millionHostileEventsKeepTheCoreBoundedAndTheDocumentValid() throws {
        let total = Self.events
        var input = AdversarialInput(seed: Self.seed)
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
        var peak = 0, peakTouch = 0, renders = 0, documents = 0, staleSeen = 0
        var rssAfterWarmup = 0, rssPeak = 0
        let warmup = min(100_000, total / 10)
        let started = Date()
        for i in 1...total {
            let event = input.next()
            // The shell performs store effects; here nobody does, so they are dropped.
            let changed = state.apply(event).changed
            peak = max(peak, state.scale.board.contacts.count)
            // The shell coalesces pending events into one frame: a scene every 16 events.
            if changed, i % 16 == 0 { _ = state.scene() }
            peakTouch = max(peakTouch, state.scale.board.contacts.count { !$0.pinned })
            // Nothing the device forgot outlives the timeout (pins and the mouse excepted).
            if i % 997 == 0 {
                staleSeen += state.scale.board.contacts.filter {
                    $0.lastSeen < state.now - state.contactTimeout && AppState.canExpire($0, mouse: true)
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
        let rssEnd = residentKilobytes()
        let seconds = Date().timeIntervalSince(started)
        #expect(staleSeen == 0, "contacts outlived the \(state.contactTimeout) s timeout")
        #expect(peak <= AppState.maxContacts)
        #expect(peakTouch > 100, "the soak never had over 100 unpinned contacts at once")
        // Flat memory: after warm-up, growth stays under 32 MB (it is measured, and printed).
        // Under AddressSanitizer freed memory waits in its quarantine (256 MB),
        // so resident memory says nothing there: `make sanitize` sets PLUMSCALE_SANITIZED.
        if ProcessInfo.processInfo.environment["PLUMSCALE_SANITIZED"] == nil {
            #expect(rssEnd - rssAfterWarmup < 32 * 1024, "VmRSS grew \(rssEnd - rssAfterWarmup) kB")
        }
        print("soak: \(total) events (seed \(Self.seed)) in \(String(format: "%.1f", seconds)) s, "
            + "peak contacts \(peak) (cap \(AppState.maxContacts); unpinned \(peakTouch), the rest mouse pins), "
            + "\(state.scale.board.contacts.count) at the end, "
            + "\(renders) frames rendered, \(documents) state documents valid, "
            + "VmRSS after warm-up \(rssAfterWarmup) kB, peak \(rssPeak) kB, end \(rssEnd) kB, "
            + "growth \(rssEnd - rssAfterWarmup) kB")
    }
}
