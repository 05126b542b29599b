import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// Inputs that crashed PlumScale, found by the adversarial soak
/// (SoakTests) and the fuzz targets (Fuzz/, `make fuzz`), kept inline.
@Suite struct ReliabilityRegressionTests {
    static func parsedDocument(_ state: AppState) -> [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(state.stateDocument().prettyText.utf8)) as? [String: Any]
    }

    /// Soak, seed 0x504C554D: a mouse press at x = NaN made a contact at NaN,
    /// and the renderer trapped converting the label's position to Int.
    @Test func pointerAtNaNMakesNoContactAndFarPointersAreClamped() throws {
        var state = AppState(screen: Size(1280, 720), source: .mouse, mouseEmulation: true)
        state.apply(InputEvent(time: 0, .pointerDown(x: .nan, y: 0.5, button: 1, modifiers: [])))
        state.apply(InputEvent(time: 0, .pointerDown(x: 0.5, y: -.infinity, button: 1, modifiers: [.control])))
        #expect(state.scale.board.contacts.isEmpty)
        state.apply(InputEvent(time: 1, .pointerDown(x: 1e300, y: -3, button: 1, modifiers: [])))
        #expect(state.scale.board.contacts.map(\.position) == [Point(1280, 0)])
        state.apply(InputEvent(time: 2, .pointerMove(x: .nan, y: .nan)))
        #expect(state.scale.board.contacts.map(\.position) == [Point(1280, 0)])
        let canvas = try HeadlessCanvas(width: 320, height: 180, fontPath: Paths.font)
        canvas.render(state.scene())
    }

    /// The renderer skips shapes that cannot be on any screen instead of
    /// trapping (Int(NaN), Int(1e300)) or allocating a gigantic glyph.
    @Test func rendererSkipsNonFiniteAndAbsurdShapes() throws {
        var scene = Scene(layout: Layout(screen: Size(320, 180)))
        for bad in [Double.nan, .infinity, -.infinity, 1e300, -1e300] {
            scene.shapes.append(.ring(center: Point(bad, 10), radius: 50, width: 5, color: .blue))
            scene.shapes.append(.ring(center: Point(10, 10), radius: bad, width: bad, color: .blue))
            scene.shapes.append(.disc(center: Point(10, bad), radius: 50, color: .yellow))
            scene.shapes.append(.rect(Rect(x: bad, y: 0, width: 10, height: bad), color: .banner))
            scene.shapes.append(.text("42.0%", at: Point(bad, 20), anchor: .topCenter, size: 28, color: .blue))
            scene.shapes.append(.text("42.0%", at: Point(20, 20), anchor: .topCenter, size: bad, color: .blue))
        }
        scene.shapes.append(.text("huge", at: Point(20, 20), anchor: .center, size: 1e6, color: .blue))
        scene.shapes.append(.ring(center: Point(160, 90), radius: 40, width: 5, color: .blue))
        let canvas = try HeadlessCanvas(width: 320, height: 180, fontPath: Paths.font)
        canvas.render(scene)
        #expect(canvas.pixel(x: 160, y: 50) == .blue)  // the sane ring is still drawn
    }

    /// Soak: a resize to Int.max x 7 made stateDocument() trap in Int(size.width)
    /// (Double(Int.max) rounds up to 2^63).
    @Test func hugeResizeKeepsTheStateDocumentValid() {
        var state = AppState(screen: Size(1280, 720), source: .sdl())
        state.apply(InputEvent(time: 0, .resize(width: Int.max, height: 7)))
        state.apply(InputEvent(time: 0, .touchDown(TouchSample(id: 1, x: 0.5, y: 0.5, pressure: 1))))
        let document = Self.parsedDocument(state)
        #expect((document?["size"] as? [Double])?.count == 2)
        #expect((document?["contacts"] as? [Any])?.count == 1)
    }
}

/// Contacts the device forgot to lift expire after `contactTimeout` seconds
/// without an event (config key contactTimeoutSeconds, default 300).
@Suite struct ContactExpiryTests {
    static func down(_ id: Int, _ t: Double) -> InputEvent {
        InputEvent(time: t, .touchDown(TouchSample(id: id, x: 0.5, y: 0.5, pressure: 0.5)))
    }

    @Test func aSilentContactExpiresAfterTheTimeoutAndNotBefore() {
        var state = AppState(screen: Size(1280, 720), source: .sdl())
        #expect(state.contactTimeout == 300, "the default")
        state.contactTimeout = 10
        state.apply(Self.down(1, 0))
        state.apply(Self.down(2, 5))
        #expect(state.nextContactExpiry == 10)
        // A redraw (both settled since 5 s: the last step to stable is drawn), but nothing expires yet.
        var drawn = DrawnScene()
        _ = drawn.needsDrawing(state.scene())
        state.apply(InputEvent(time: 10, .tick))
        let settled = drawn.needsDrawing(state.scene())
        #expect(settled)
        #expect(state.scale.board.contacts.count == 2)
        state.apply(InputEvent(time: 10, .tick))
        let again = drawn.needsDrawing(state.scene())
        #expect(!again, "nothing left to settle")
        state.apply(InputEvent(time: 10.001, .tick))
        let expired = drawn.needsDrawing(state.scene())
        #expect(expired)  // a redraw: the circle went
        #expect(state.scale.board.contacts.map(\.id) == [2])
        // A move keeps a contact alive.
        state.apply(InputEvent(time: 14, .touchMove(TouchSample(id: 2, x: 0.4, y: 0.5, pressure: 0.5))))
        state.apply(InputEvent(time: 23.9, .tick))
        #expect(state.scale.board.contacts.map(\.id) == [2])
        state.apply(InputEvent(time: 24.1, .keyUp(Key(name: "space"), modifiers: [])))
        #expect(state.scale.isEmpty)
        #expect(Self.promptShown(state))
    }

    static func promptShown(_ state: AppState) -> Bool {
        state.scene().shapes.contains { if case .text(Plum.prompt, _, _, _, _) = $0 { return true } else { return false } }
    }

    @Test func timestampsGoingBackwardsNeverExpireNorRevive() {
        var state = AppState(screen: Size(1280, 720), source: .sdl())
        state.contactTimeout = 10
        state.apply(Self.down(1, 100))
        state.apply(InputEvent(time: 0, .tick))  // backwards: `now` stays 100
        state.apply(InputEvent(time: .nan, .tick))
        #expect(state.now == 100 && state.scale.board.contacts.count == 1)
        state.apply(InputEvent(time: 111, .tick))
        #expect(state.scale.isEmpty)
    }

    @Test func timeoutComesFromTheConfig() throws {
        let config = try Config.parse(#"{"contactTimeoutSeconds": 2.5}"#)
        var state = AppState(screen: Size(1280, 720), source: .sdl(), config: config)
        state.apply(Self.down(7, 1))
        state.apply(InputEvent(time: 3.4, .tick))
        #expect(state.scale.board.contacts.count == 1)
        state.apply(InputEvent(time: 3.6, .tick))
        #expect(state.scale.isEmpty)
    }

    @Test func pinnedMouseContactsNeverExpire() {
        var state = AppState(screen: Size(1280, 720), source: .mouse, mouseEmulation: true)
        state.apply(InputEvent(time: 0, .pointerDown(x: 0.2, y: 0.5, button: 1, modifiers: [.control])))
        state.apply(InputEvent(time: 0, .pointerDown(x: 0.6, y: 0.5, button: 1, modifiers: [])))  // held, not moved
        state.apply(InputEvent(time: 3600, .tick))
        #expect(state.scale.board.contacts.count == 2)
        #expect(state.nextContactExpiry == nil)
    }

    /// A far-future timestamp freezes `now`, so expiry alone cannot bound the
    /// board: the cap drops the least recently seen contact.
    @Test func atMostMaxContactsAreKeptAndTheOldestGoes() {
        var state = AppState(screen: Size(1280, 720), source: .sdl())
        state.apply(InputEvent(time: 1e300, .tick))
        for id in 0..<(Scale.maxContacts + 44) {
            state.apply(Self.down(id, 0))
        }
        #expect(state.scale.board.contacts.count == Scale.maxContacts)
        #expect(state.scale.board.contacts.first?.id == 44)
        #expect(state.scale.board.contacts.last?.id == Scale.maxContacts + 43)
    }
}
