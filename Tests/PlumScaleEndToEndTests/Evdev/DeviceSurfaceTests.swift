import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// A replayed device's surface fitted into the layout with its physical
/// shape kept: centred, letterboxed, never stretched; a touchpad drawn as
/// its own pad above the buttons.
@Suite struct DeviceSurfaceTests {
    /// The replay's events up to `at`, through the core, at `width` x `height`.
    static func replayed(_ path: String, at: Double, _ width: Double = 1280, _ height: Double = 720) throws -> AppState {
        let replay = try ReplayLoader.load(path: path, description: nil)
        var state = AppState(screen: Size(width, height), source: .replay(replay.device))
        for event in replay.events where event.time <= at { state.apply(event) }
        return state
    }

    @Test func resolutionsGiveTheShapeElseTheRanges() {
        let axis = { (code: UInt16, max: Int32, res: Int32) in AbsAxis(code: code, minimum: 0, maximum: max, resolution: res) }
        // 4000 x 1000 units, but 40 and 5 units/mm: 100 x 200 mm, portrait.
        let physical = TouchDeviceDescription(
            name: "p", axes: [axis(AbsCode.mtPositionX, 4000, 40), axis(AbsCode.mtPositionY, 1000, 5), axis(AbsCode.mtSlot, 1, 0)],
            properties: [InputProperty.direct])
        #expect(DeviceSurface(physical) == DeviceSurface(width: 100, height: 200, isPad: false))
        // No resolution: the ranges (nexus4's 1535 x 2559).
        let bare = TouchDeviceDescription(
            name: "n", axes: [axis(AbsCode.mtPositionX, 1535, 0), axis(AbsCode.mtPositionY, 2559, 0), axis(AbsCode.mtSlot, 9, 0)])
        let fitted = DeviceSurface(bare)!.fitted(in: Rect(x: 0, y: 0, width: 1280, height: 720))
        #expect(fitted.height == 720 && abs(fitted.width - 720 * 1535.0 / 2559) < 1e-9)
        #expect(abs(fitted.x - (1280 - fitted.width) / 2) < 1e-9 && fitted.y == 0)
    }

    @Test func aPanelOfTheLayoutsShapeFillsIt() throws {
        // 320 x 180 mm, 16:9 like 1280 x 720: nothing moves.
        let state = try Self.replayed(OwnRecordings.path(OwnRecordings.pressure), at: 0.05)
        #expect(state.surfaceRect == Rect(x: 0, y: 0, width: 1280, height: 720))
        let positions = state.contactViews.map(\.position)
        #expect(positions.count == 3)
        #expect(abs(positions[0].x - 800.0 / 3200 * 1280) < 1e-9 && abs(positions[0].y - 450.0 / 1800 * 720) < 1e-9)
    }

    @Test func aTouchpadIsAPadAboveTheButtons() throws {
        let state = try Self.replayed(OwnRecordings.path(OwnRecordings.hoverTouchpad), at: 0.1)
        let pad = try #require(state.surfaceRect)
        // 100 x 66.7 mm (1200 x 800 at 12 units/mm): 3:2, never stretched.
        #expect(abs(pad.width / pad.height - 1.5) < 1e-9)
        #expect(pad.y >= AppState.padMargin && pad.y + pad.height <= state.scaleScreen.buttonPanel.top)
        #expect(abs(pad.center.x - 640) < 1e-9)
        let scene = state.scene()
        #expect(scene.pad == pad)
        #expect(LayoutCheck.problems(in: scene, metrics: .estimate).isEmpty)
        // The contact at (300, 400) of 1200 x 800 lies there on the pad.
        let position = try #require(state.contactViews.first?.position)
        #expect(abs(position.x - (pad.x + 0.25 * pad.width)) < 1e-9 && abs(position.y - (pad.y + 0.5 * pad.height)) < 1e-9)
    }

    @Test func theStateDocumentGivesTheSurfaceInWindowPixels() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("s.json")
        let result = try runPlumscale([
            "render", "--replay", OwnRecordings.path(OwnRecordings.hoverTouchpad), "--at", "0.1", "--size", "1920x1080",
            "--out", dir.appendingPathComponent("f.png").path, "--state", state.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let doc = try readJSON(state)
        let core = try Self.replayed(OwnRecordings.path(OwnRecordings.hoverTouchpad), at: 0.1, 1920, 1080)
        let pad = try #require(core.surfaceRect)
        let u = core.layout.uiScale
        #expect(u == 1.5)
        let surface = doc["surface"] as? [Double] ?? []
        let expected = [pad.x, pad.y, pad.width, pad.height].map { $0 * u }
        #expect(surface.count == 4 && zip(surface, expected).allSatisfy { abs($0 - $1) < 1e-3 }, "\(surface) vs \(expected)")
        // Contacts in the same pixels: on the pad.
        let contact = (doc["contacts"] as? [[String: Any]])?.first
        let x = contact?["x"] as? Double ?? -1
        #expect(x >= surface[0] && x <= surface[0] + surface[2])
    }

    @Test func aJSONLinesReplayHasNoDeviceSurface() throws {
        let state = try Self.replayed(Paths.sessions.appendingPathComponent("five-plums.jsonl").path, at: 1)
        #expect(state.surfaceRect == nil)
    }

    /// The portrait Nexus 4 panel (1535 x 2559, no resolution): contacts
    /// land where an independent decode of the file puts them inside the
    /// letterboxed surface, not stretched across the screen.
    @Test(.needsSharedRecordings(SharedRecordings.nexus4)) func aPortraitPanelKeepsItsShape() throws {
        let path = SharedRecordings.path(SharedRecordings.nexus4)
        let state = try Self.replayed(path, at: 4)
        let surface = try #require(state.surfaceRect)
        #expect(abs(surface.width / surface.height - 1535.0 / 2559) < 1e-9 && surface.height == 720)
        let frames = try ReplaySummary(try EvemuRecording(contentsOf: path)).frames.filter { $0.time <= 4 }
        let last = try #require(frames.last)
        let expected = last.contacts.map { Point(surface.x + $0.x * surface.width, surface.y + $0.y * surface.height) }
        let shown = state.contactViews.map(\.position)
        #expect(shown.count == expected.count)
        for (a, b) in zip(shown, expected) { #expect(a.distance(to: b) < 1e-6, "\(a) vs \(b)") }
    }
}
