import Foundation
import PlumScaleCore
import Testing

/// The calibrated test panel many replays weigh on: grams = 100 × force
/// through zero, with a third point exactly on the line (R² 1, residual 0,
/// d = 0.1 point of force = 0.1 g).
enum TestPanel {
    static let header = #"{"plumscale-replay":1,"device":{"name":"test panel","pressure":true}}"#

    static let calibration =
        #""calibrations":{"test panel":{"points":[{"force":0,"grams":0},{"force":0.2,"grams":20},{"force":0.6,"grams":60}]}}"#

    /// The calibration, and `extra` config keys beside it.
    static func config(_ extra: String = "") throws -> Config {
        try Config.parse("{" + calibration + (extra.isEmpty ? "" : ", " + extra) + "}", file: "config.json")
    }
}

/// Replays on the test panel written line by line, played as `render`
/// plays them (ReplayClock) at 1280×720: a suite that conforms has the
/// helpers, and `PanelReplay()` lends them to one that does not.
protocol PanelReplaying {}

extension PanelReplaying {
    /// `header`: another device line than the test panel's (nil: the panel's).
    func state(_ lines: [String], at: Double, config: Config = .defaults, header: String? = nil) throws -> AppState {
        let replay = try JSONLinesReplay.parse(([header ?? TestPanel.header] + lines).joined(separator: "\n"), file: "inline")
        return ReplayClock.state(of: replay, at: at, screen: Size(1280, 720), config: config)
    }

    func down(_ t: Double, _ id: Int, _ x: Double, _ p: Double) -> String {
        #"{"t":\#(t),"type":"down","id":\#(id),"x":\#(x),"y":0.5,"pressure":\#(p)}"#
    }

    func move(_ t: Double, _ id: Int, _ x: Double, _ p: Double) -> String {
        #"{"t":\#(t),"type":"move","id":\#(id),"x":\#(x),"y":0.5,"pressure":\#(p)}"#
    }

    func key(_ t: Double, _ name: String) -> String { #"{"t":\#(t),"type":"key","key":"\#(name)"}"# }

    func document(_ state: AppState) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(state.stateDocument().prettyText.utf8)) as? [String: Any])
    }
}

struct PanelReplay: PanelReplaying {}
