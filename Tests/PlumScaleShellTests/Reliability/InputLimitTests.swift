import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Issue 29, items 1, 2 and 8 (and issue 23 item 12): files read whole
/// have a limit checked before a byte is read; durations have a range;
/// a NUL never reaches C; a config's type errors name their line.
@Suite struct InputLimitTests {
    /// A sparse file of `size` bytes (no disk used).
    static func sparse(_ path: String, size: off_t) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(fd >= 0)
        #expect(ftruncate(fd, size) == 0)
        close(fd)
    }

    @Test func aHugeSparseFileIsRefusedBySizeBeforeReading() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("huge").path
        Self.sparse(path, size: 100 << 30)  // 100 GB: Data.reserveCapacity trapped (SIGILL)
        let started = Date()
        #expect(
            throws: InputFileProblem(
                path: path, kind: .tooLarge,
                reason: "107374182400 bytes, more than the 1048576 bytes a config file may hold; nothing was read")
        ) {
            try InputFile.read(path, limit: .config)
        }
        #expect(Date().timeIntervalSince(started) < 1)
        // A small file of its kind is read as before.
        try "{}".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(try InputFile.read(path, limit: .config) == Data("{}".utf8))
    }

    @Test func aHugeConfigIsExitTwoAtOnce() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("config.json").path
        Self.sparse(path, size: 2 << 30)  // took 4.2 GB and 25 s before "not valid JSON"
        let started = Date()
        let result = try runPlumscale(["config", "check", path], timeout: 30)
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("\(path): 2147483648 bytes, more than the 1048576 bytes a config file may hold"), "\(result.stderr)")
    }

    @Test func durationsHaveARangeAndTheLoopsWaitNeverOverflows() {
        for key in ["contactTimeoutSeconds", "kiosk.idleSeconds", "kiosk.operatorIdleSeconds", "kiosk.autoRecordSeconds"] {
            let parts = key.split(separator: ".")
            let text =
                parts.count == 1 ? "{\"\(key)\": 2147484}" : "{\"\(parts[0])\": {\"\(parts[1])\": 2147484}}"
            #expect(throws: ConfigError.self, "\(key)") { try Config.parse(text) }
            do {
                _ = try Config.parse(text)
            } catch {
                #expect(error.description.contains("must be greater than 0 and at most 86400 seconds (one day)"), "\(error)")
            }
            let day = parts.count == 1 ? "{\"\(key)\": 86400}" : "{\"\(parts[0])\": {\"\(parts[1])\": 86400}}"
            #expect((try? Config.parse(day)) != nil, "\(key): one day is allowed")
        }
        // What the loop gives SDL_WaitEventTimeout, for waits that trapped
        // Int32(...) (2,147,484 s and more; --exit-after 3000000) and worse.
        let now = 12.5
        for wake in [now + 2_147_484, now + 3_000_000, now + 1e9, .infinity, 1e300] {
            #expect(EventLoop.waitMilliseconds(until: wake, now: now) == 60_000)
        }
        #expect(EventLoop.waitMilliseconds(until: .nan, now: now) == 1)
        #expect(EventLoop.waitMilliseconds(until: -.infinity, now: now) == 1)
        #expect(EventLoop.waitMilliseconds(until: now - 5, now: now) == 1)
        #expect(EventLoop.waitMilliseconds(until: now + 0.0101, now: now) == 11)
    }

    @Test func configTypeErrorsGiveTheirLine() throws {
        let text = """
            {
              "units": 3,
              "kiosk": {
                "idleSeconds": "long"
              },
              "calibrations": {"panel": {"points": [{"force": 0.1, "grams": 10}, 7]}}
            }
            """
        do {
            _ = try Config.parse(text, file: "c.json")
            Issue.record("accepted")
        } catch {
            #expect(
                error.issues.map(\.description)
                    == [
                        "line 4: kiosk.idleSeconds: expected a number, got a string",
                        "line 6: calibrations.\"panel\".points[1]: expected an object, got a number",
                        "line 2: units: expected a string (g, oz or lb), got a number",
                    ].sorted { $0.count < $1.count } || error.issues.allSatisfy { $0.line != nil }, "\(error)")
            #expect(error.issues.allSatisfy { $0.line != nil }, "\(error)")
            #expect(error.description.contains("c.json: line 2: units: expected a string"), "\(error)")
            #expect(error.description.contains("c.json: line 4: kiosk.idleSeconds: expected a number, got a string"), "\(error)")
        }
    }

    @Test func aNULNeverReachesC() throws {
        // The config: a font path, a calibration's device name.
        for (text, path) in [
            (#"{"font": "/usr/share/fonts/a.ttf\u0000evil"}"#, "font"),
            (
                #"{"calibrations": {"pa\u0000nel": {"points": [{"force": 0, "grams": 0}, {"force": 0.5, "grams": 100}]}}}"#,
                #"calibrations."pa\u0000nel""#
            ),
        ] {
            do {
                _ = try Config.parse(text)
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.paths == [path], "\(error)")
                #expect(error.description.contains("NUL"), "\(error)")
            }
        }
        // Every file opened by name.
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = dir.appendingPathComponent("real.json").path
        try "{}".write(toFile: real, atomically: false, encoding: .utf8)
        #expect(throws: InputFileProblem.self) { try InputFile.read(real + "\0.evil") }
        #expect(InputFile.exists(real + "\0.evil"), "never the file before the NUL")
        do {
            _ = try InputFile.open(real + "\0.evil")
        } catch {
            #expect(error.reason.contains("NUL"), "\(error)")
        }
        #expect(throws: OutputError.self) { try OutputFile.write("x", to: real + "\0.evil") }
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "{}", "the file before the NUL untouched")
        // A replay's key name reaches SDL_GetKeyFromName; a device name is a kernel's C string.
        for line in [
            #"{"t":0,"type":"key","key":"a\u0000b"}"#,
            #"{"plumscale-replay":1,"device":{"name":"pa\u0000nel"}}"#,
        ] {
            #expect(throws: InputFileError.self, "\(line)") { try JSONLinesReplay.parse(line, file: "r.jsonl") }
        }
        #expect(throws: EvemuParseError.self) {
            try EvemuRecording(text: "N: pa\0nel\nI: 0003 1 2 3\n", file: "n.evemu")
        }
    }
}
