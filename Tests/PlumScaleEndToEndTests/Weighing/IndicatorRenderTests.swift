import Foundation
import Testing

@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Issue 28 through the binary: `render` of a replay and a config written
/// here draws the indicator's marks and check-weighing's verdicts, and the
/// state document says them; `config check` refuses a bad `scaleMode`.
@Suite struct IndicatorRenderTests {
    static let config = """
        {"calibrations": {"test panel": {"points": [{"force": 0, "grams": 0}, {"force": 0.2, "grams": 200},
           {"force": 0.6, "grams": 600}]}},
         "scaleMode": {"mode": "check", "low": 150, "high": 300}}
        """
    /// 120 g, 220 g and 410 g (grams = 1000 × force): under, ok, over.
    static let replay = [
        #"{"plumscale-replay":1,"device":{"name":"test panel","pressure":true}}"#,
        #"{"t":0,"type":"down","id":1,"x":0.2,"y":0.5,"pressure":0.12}"#,
        #"{"t":0,"type":"down","id":2,"x":0.5,"y":0.55,"pressure":0.22}"#,
        #"{"t":0,"type":"down","id":3,"x":0.8,"y":0.45,"pressure":0.41}"#,
        #"{"t":2,"type":"move","id":3,"x":0.8,"y":0.45,"pressure":0.41}"#,
    ].joined(separator: "\n")

    @Test func renderShowsTheMarksAndTheVerdicts() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config.json")
        let replay = dir.appendingPathComponent("check.jsonl")
        try Self.config.write(to: config, atomically: true, encoding: .utf8)
        try Self.replay.write(to: replay, atomically: true, encoding: .utf8)
        let state = dir.appendingPathComponent("state.json")
        let result = try runPlumscale([
            "render", "--replay", replay.path, "--config", config.path, "--size", "800x480",
            "--out", dir.appendingPathComponent("check.png").path, "--state", state.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try readJSON(state)
        #expect(document["scale_mode"] as? String == "check")
        let indicator = try #require(document["indicator"] as? [String: Any])
        #expect(indicator["max"] as? Double == 980 && indicator["min"] as? Double == 20 && indicator["d"] as? Double == 1)
        #expect(indicator["stable"] as? Bool == true && indicator["zero"] as? Bool == false && indicator["net"] as? Bool == false)
        let contacts = try #require(document["contacts"] as? [[String: Any]])
        #expect(contacts.map { $0["verdict"] as? String } == ["under", "ok", "over"])
        #expect(contacts.allSatisfy { $0["pieces"] is NSNull && $0["percent"] is NSNull })
        let texts = (document["texts"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        for mark in ["GROSS", "STABLE", "Max 980 g", "Min 20 g", "d = 1 g", "not legal for trade", "UNDER", "OK", "OVER"] {
            #expect(texts.contains(mark), "\(mark) in \(texts)")
        }
        #expect(texts.contains("Check 150 g to 300 g · total OVER"), "\(texts)")
    }

    @Test func configCheckRefusesABadMode() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config.json")
        try "{\n  \"scaleMode\": {\"mode\": \"count\"}\n}\n".write(to: config, atomically: true, encoding: .utf8)
        let result = try runPlumscale(["config", "check", config.path])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("\(config.path): line 2: scaleMode.pieceGrams: missing: one piece's mass in grams"), "\(result.stderr)")
    }
}
