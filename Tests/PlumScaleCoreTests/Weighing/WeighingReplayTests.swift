import Foundation
import Testing

@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// The weighing as a user sees it, through replays whose true input values
/// are stated here, and the same replay path `plumscale render` uses.
@Suite struct WeighingReplayTests: PanelReplaying {
    /// Two objects of the same true force 0.40, each read with uniform ±1
    /// point jitter at 120 Hz for 10 s: the yellow fill never moves.
    @Test func twoEqualJitteryObjectsKeepOneSteadyYellow() throws {
        var rng = SplitMix64(seed: 42)
        var lines = [down(0, 1, 0.3, 0.40), down(0, 2, 0.7, 0.40)]
        var t = 0.0
        while t < 10 {
            t += 1.0 / 120
            for id in [1, 2] {
                let p = 0.40 + (Double(rng.next() % 2001) / 1000 - 1) / 100
                lines.append(move((t * 1e6).rounded() / 1e6, id, id == 1 ? 0.3 : 0.7, (p * 1e6).rounded() / 1e6))
            }
        }
        let replay = try JSONLinesReplay.parse(lines.joined(separator: "\n"), file: "jitter")
        #expect(replay.device.mode == .force)
        var state = AppState(screen: Size(1280, 720), source: .replay(replay.device))
        var crowned: Set<Int> = []
        for event in replay.events {
            ReplayClock.tick(&state, until: event.time)
            state.apply(event)
            let heaviest = state.contactViews.filter(\.heaviest).map(\.id)
            #expect(heaviest.count == 1)
            crowned.formUnion(heaviest)
        }
        #expect(crowned == [1], "the crown never changes hands")
        #expect(state.contactViews.allSatisfy { $0.id == 1 || $0.tied }, "the other is shown tied")
    }

    @Test func tareZeroesAndALiftedContactPutBackNearbyKeepsItsZero() throws {
        let lines = [
            down(0, 1, 0.5, 0.30), key(1, "t"),
            move(2, 1, 0.5, 0.288),  // lighter than at tare: below zero
            #"{"t":3,"type":"up","id":1}"#,
            down(3.5, 2, 0.51, 0.30),  // 12.8 px from where id 1 was tared
            down(3.5, 3, 0.1, 0.30),  // far away: no tare
        ]
        let afterTare = try state(lines, at: 1.5)
        #expect(afterTare.contactViews[0].force == 0)
        #expect(afterTare.contactViews[0].label == "0.0%")
        #expect(afterTare.contactViews[0].tare == 0.30)
        let negative = try state(lines, at: 2.9)
        #expect(abs(negative.contactViews[0].force! - -0.012) < 1e-9)
        #expect(negative.contactViews[0].label == "-1.2%")
        #expect(negative.contactViews[0].radius == 120, "the radius uses the value clamped to 0...1")
        let back = try state(lines, at: 4.5)
        #expect(back.contactViews.map(\.label) == ["0.0%", "30.0%"])
        let cleared = try state(lines + [key(5, "z")], at: 5.5)
        #expect(cleared.contactViews.map(\.label) == ["30.0%", "30.0%"])
    }

    @Test func steadyInputBecomesStableAndProvisionalBeforeThat() throws {
        let lines = [down(0, 1, 0.5, 0.25), move(1, 1, 0.5, 0.60)]
        #expect(try state(lines, at: 0.9).contactViews[0].stable)
        let justMoved = try state(lines, at: 1.1).contactViews[0]
        #expect(!justMoved.stable)
        #expect(justMoved.force! < 0.60, "smoothed on its way up")
        let settled = try state(lines, at: 2.0).contactViews[0]
        #expect(settled.stable)
        #expect(settled.force == 0.60, "a steady input reads exactly what the device said")
    }

    @Test func calibratedDeviceShowsGramsWithFitQuality() throws {
        let config = try Config.parse(
            #"{"calibrations":{"test panel":{"points":[{"force":0.1,"grams":5.0},{"force":0.42,"grams":25.0}]}}}"#,
            file: "config.json")
        // Through (0.1, 5) and (0.42, 25): grams = 62.5 x force - 1.25, so 0.26 weighs 15.0 g.
        let view = try state([down(0, 1, 0.5, 0.26)], at: 1, config: config).contactViews[0]
        #expect(abs(view.grams! - 15.0) < 1e-9)
        #expect(view.label == "15.0 g")
        #expect(view.secondaryLabel == "26.0%")
        let doc = try state([down(0, 1, 0.5, 0.26)], at: 1, config: config).stateDocument().prettyText
        let json = try #require(JSONSerialization.jsonObject(with: Data(doc.utf8)) as? [String: Any])
        let calibration = try #require(json["calibration"] as? [String: Any])
        #expect(calibration["calibrated"] as? Bool == true)
        // Two points: a line fits any two, so R² says nothing and is not given.
        #expect(calibration["points"] as? Int == 2)
        #expect(calibration["linearity_checked"] as? Bool == false)
        #expect(calibration["r2"] is NSNull)
        #expect(calibration["max_residual_g"] is NSNull)
        #expect(calibration["grams_from"] as? String == "calibration")
    }

    @Test func gramsAreRefusedWithoutRealPressure() throws {
        let config = try Config.parse(
            #"{"calibrations":{"size panel":{"points":[{"force":0.1,"grams":5.0},{"force":0.42,"grams":25.0}]}}}"#,
            file: "config.json")
        let header = #"{"plumscale-replay":1,"device":{"name":"size panel","pressure":false,"touch_major":true}}"#
        let line = #"{"t":0,"type":"down","id":1,"x":0.5,"y":0.5,"touch_major":0.26}"#
        let state = try state([line], at: 1, config: config, header: header)
        #expect(state.source.mode == .area)
        #expect(state.contactViews[0].grams == nil)
        #expect(state.contactViews[0].label == "≈ 26%")
        let texts = state.scene().shapes.compactMap { if case .text(let s, _, _, _, _) = $0 { s } else { nil } }
        #expect(texts.contains { $0.hasPrefix("Grams refused") })
    }

    @Test func overloadAtNinetyEightPercentOfRange() throws {
        let views = try state([down(0, 1, 0.3, 0.985), down(0, 2, 0.7, 0.97)], at: 1).contactViews
        #expect(views.map(\.overload) == [true, false])
    }

    @Test func tareButtonWorksByTouch() throws {
        let base = try state([down(0, 1, 0.5, 0.3)], at: 1)
        let tare = base.scaleButtons.first { $0.name == "tare" }!.rect.center
        let (x, y) = (tare.x / 1280, tare.y / 720)
        let lines = [
            down(0, 1, 0.5, 0.3),
            #"{"t":1,"type":"down","id":9,"x":\#(x),"y":\#(y),"pressure":0.2}"#,
            #"{"t":1.1,"type":"up","id":9}"#,
        ]
        let views = try state(lines, at: 1.5).contactViews
        #expect(views.map(\.id) == [1], "a touch on a button is not an object")
        #expect(views[0].label == "0.0%")
    }
}
