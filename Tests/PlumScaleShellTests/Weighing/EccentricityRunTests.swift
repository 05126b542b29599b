import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Issue 28's eccentricity test end to end: a replay written here of a
/// panel whose gain rises towards the bottom-right corner, run from the
/// wizard (k, then e), each place read once stable, the map saved with the
/// calibration in the config file, and the next run's grams corrected.
@Suite(.serialized) struct EccentricityRunTests {
    static let header = #"{"plumscale-replay":1,"device":{"name":"ecc panel","pressure":true}}"#
    /// 1000 g at full force: d is 1 g.
    static let config = """
        {"units": "g", "calibrations": {"ecc panel": {"points": [{"force": 0, "grams": 0}, {"force": 0.5, "grams": 500}]}}}
        """
    /// The panel reads this much too much: 1 except towards the bottom right,
    /// where it rises to 3% at the corner place.
    static func gain(_ x: Double, _ y: Double) -> Double { 1 + 0.25 * max(0, x - 0.5) * max(0, y - 0.5) }

    /// A 200 g reference down at `place` at `t`, lifted 2 s later.
    static func reference(at place: EccentricityTest.Place, t: Double, id: Int) -> [String] {
        let (x, y) = place.point
        return [
            #"{"t":\#(t),"type":"down","id":\#(id),"x":\#(x),"y":\#(y),"pressure":\#(0.2 * gain(x, y))}"#,
            #"{"t":\#(t + 2),"type":"up","id":\#(id)}"#,
        ]
    }

    /// The test: k, e, the five places in turn from t = 1, every 2.5 s.
    static var testLines: [String] {
        var lines = [header, #"{"t":0.5,"type":"key","key":"k"}"#, #"{"t":0.6,"type":"key","key":"e"}"#]
        for (i, place) in EccentricityTest.Place.allCases.enumerated() {
            lines += reference(at: place, t: 1 + 2.5 * Double(i), id: i + 1)
        }
        return lines
    }

    func writtenConfig() throws -> String {
        let path = Paths.temporaryDirectory().appendingPathComponent("config.json").path
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Self.config.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func theFivePlacesAreReadAndTheDifferenceShownInGramsAndD() throws {
        let path = try writtenConfig()
        let config = try ConfigFile.load(explicitPath: path).config
        let replay = try JSONLinesReplay.parse(Self.testLines.joined(separator: "\n"), file: "ecc")
        let midway = RenderCommand.replayState(replay, at: 2.5, size: PixelSize(1280, 720), config: config)
        #expect(midway.screen.name == "eccentricity")
        #expect(midway.screen.eccentricity?.place == .topLeft, "the centre is read once stable")
        #expect(midway.scene().elements.contains { $0.name == "cancel" })
        let done = RenderCommand.replayState(replay, at: 14, size: PixelSize(1280, 720), config: config)
        let run = try #require(done.screen.eccentricity)
        let result = try #require(run.result)
        // The bottom-right corner reads 200 × 1.030625 = 206.1 g, the rest 200 g.
        #expect(abs(result.largestDifferenceGrams - 6.125) < 0.01)
        #expect(abs(result.inD - 6.125) < 0.01)
        #expect(result.map != nil && run.offersSave)
        let texts = done.scene().texts(done.metrics).map(\.text).joined(separator: " ")
        #expect(texts.contains("Eccentricity: 6 g (6.1 d)"), "\(texts)")
        let document = done.stateDocument()
        #expect(document["screen"] == .string("eccentricity"))
        #expect(document["eccentricity"]?["test"]?["corrects"] == .bool(true))
        #expect(document["eccentricity"]?["test"]?["largest_difference_d"] == .rounded(result.inD))
    }

    @Test func theMapIsSavedWithTheCalibrationAndCorrectsTheNextRun() throws {
        let path = try writtenConfig()
        let config = try ConfigFile.load(explicitPath: path).config
        let lines = Self.testLines + [#"{"t":14,"type":"key","key":"return"}"#]
        let replay = try JSONLinesReplay.parse(lines.joined(separator: "\n"), file: "ecc")
        let history = try HistoryService(temporary: ()).with(config: path)
        let saved = RenderCommand.replayState(replay, at: 15, size: PixelSize(1280, 720), config: config, history: history)
        #expect(saved.screen == .scale)
        #expect(saved.notice?.text == "Eccentricity correction saved for ecc panel")
        let reloaded = try ConfigFile.load(explicitPath: path).config
        let map = try #require(reloaded.eccentricity["ecc panel"])
        #expect(abs((map.gains[.bottomRight] ?? 0) - 1 / 1.030625) < 1e-6)
        #expect(reloaded.calibrations["ecc panel"]?.count == 2, "the points are kept")

        // The next run: the same 200 g at the bottom-right corner and the centre read 200 g, corrected.
        let next = try JSONLinesReplay.parse(
            ([Self.header] + Self.reference(at: .bottomRight, t: 0, id: 1).prefix(1) + Self.reference(at: .centre, t: 0, id: 2).prefix(1))
                .joined(separator: "\n"), file: "next")
        let state = RenderCommand.replayState(next, at: 1.5, size: PixelSize(1280, 720), config: reloaded)
        let views = state.contactViews
        #expect(views.map(\.label) == ["200 g", "200 g"])
        #expect(views.allSatisfy { $0.secondaryLabel?.contains(Plum.correctedLabel) == true }, "\(views.map(\.secondaryLabel))")
        #expect(abs((views[0].eccentricityGain ?? 0) - 1 / 1.030625) < 1e-6)
        let gains = state.stateDocument()["eccentricity"]?["gains"]
        #expect(gains?["bottomRight"] == .rounded(1 / 1.030625))
        // Without the map the corner reads what the panel says.
        var plain = reloaded
        plain.eccentricity = [:]
        #expect(RenderCommand.replayState(next, at: 1.5, size: PixelSize(1280, 720), config: plain).contactViews[0].label == "206 g")
    }

    @Test func aNewCalibrationDropsTheMap() throws {
        let path = try writtenConfig()
        try ConfigFile.saveEccentricity(
            GainMap(gains: [.centre: 1, .topLeft: 1, .topRight: 1, .bottomLeft: 1, .bottomRight: 0.97]), device: "ecc panel", to: path)
        #expect(try ConfigFile.load(explicitPath: path).config.eccentricity["ecc panel"] != nil)
        try ConfigFile.saveCalibration(
            [CalibrationPoint(force: 0, grams: 0), CalibrationPoint(force: 0.4, grams: 400)], device: "ecc panel", to: path)
        #expect(try ConfigFile.load(explicitPath: path).config.eccentricity["ecc panel"] == nil)
    }

    @Test func noMapIsSavedForADeviceWithoutACalibration() throws {
        let path = try writtenConfig()
        #expect(throws: ConfigError.self) {
            try ConfigFile.saveEccentricity(GainMap(gains: [:]), device: "other panel", to: path)
        }
    }

    @Test func aPasserByCannotRunTheTest() {
        var config = Config(calibrations: ["ecc panel": [CalibrationPoint(force: 0, grams: 0), CalibrationPoint(force: 0.5, grams: 500)]])
        config.kiosk.pin = "2468"
        var state = AppState(
            screen: Size(1280, 720), source: InputSource(kind: "replay", deviceName: "ecc panel", mode: .force), config: config,
            kiosk: true)
        state.screen = .eccentricity(EccentricityRun(stepGrams: 1, correcting: false))
        let before = state
        state.perform(EccentricityAction.saveTapped)
        state.perform(EccentricityAction.cancelTapped)
        #expect(state == before, "a passer-by's taps do nothing")
        #expect(state.apply(InputEvent(time: 1, .keyDown(.enter, modifiers: []))).isEmpty)
    }
}

/// `config check` names the eccentricity key it refuses.
@Suite struct EccentricityConfigTests {
    @Test func aGainOutOfRangeIsRefusedByItsKey() {
        let text = """
            {"calibrations": {"p": {"points": [{"force": 0, "grams": 0}, {"force": 0.5, "grams": 500}],
              "eccentricity": {"centre": 1, "topLeft": 1, "topRight": 3, "bottomLeft": 1}}}}
            """
        #expect {
            try Config.parse(text)
        } throws: { error in
            let issues = (error as? ConfigError)?.issues.map { "\($0.path): \($0.message)" } ?? []
            return issues.contains { $0.hasPrefix("calibrations.\"p\".eccentricity.topRight: ") }
                && issues.contains { $0.hasPrefix("calibrations.\"p\".eccentricity.bottomRight: missing") }
        }
    }

    @Test func theMapParsesBackFromTheEffectiveConfig() throws {
        var config = Config(calibrations: ["p": [CalibrationPoint(force: 0, grams: 0), CalibrationPoint(force: 0.5, grams: 500)]])
        config.eccentricity["p"] = GainMap(gains: [.centre: 1, .topLeft: 1.01, .topRight: 0.99, .bottomLeft: 1, .bottomRight: 0.97])
        #expect(try Config.parse(config.describe()) == config)
    }
}

/// Through the binary: `render` of a config with a saved map says the
/// correction in the state document; `config check` names a bad gain's key.
@Suite struct EccentricityRenderTests {
    static let config = """
        {"calibrations": {"ecc panel": {"points": [{"force": 0, "grams": 0}, {"force": 0.5, "grams": 500}],
          "eccentricity": {"centre": 1, "topLeft": 1, "topRight": 1, "bottomLeft": 1, "bottomRight": 0.970285}}}}
        """

    @Test func renderSaysTheCorrection() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config.json")
        let replay = dir.appendingPathComponent("corrected.jsonl")
        try Self.config.write(to: config, atomically: true, encoding: .utf8)
        let lines = [EccentricityRunTests.header] + EccentricityRunTests.reference(at: .bottomRight, t: 0, id: 1).prefix(1)
        try lines.joined(separator: "\n").write(to: replay, atomically: true, encoding: .utf8)
        let state = dir.appendingPathComponent("state.json")
        let result = try runPlumscale([
            "render", "--replay", replay.path, "--config", config.path, "--size", "800x480", "--at", "2",
            "--out", dir.appendingPathComponent("corrected.png").path, "--state", state.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try readJSON(state)
        let contacts = try #require(document["contacts"] as? [[String: Any]])
        #expect(contacts.map { $0["label"] as? String } == ["200 g"])
        #expect(contacts.first?["eccentricity_gain"] as? Double == 0.970285)
        let gains = (document["eccentricity"] as? [String: Any])?["gains"] as? [String: Any]
        #expect(gains?["bottomRight"] as? Double == 0.970285)
        let texts = (document["texts"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        #expect(texts.contains { $0.hasSuffix("· corrected") }, "\(texts)")
    }

    @Test func configCheckNamesABadGain() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config.json")
        try Self.config.replacingOccurrences(of: "0.970285", with: "4").write(to: config, atomically: true, encoding: .utf8)
        let result = try runPlumscale(["config", "check", config.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("calibrations.\"ecc panel\".eccentricity.bottomRight"), "\(result.stderr)")
    }
}
