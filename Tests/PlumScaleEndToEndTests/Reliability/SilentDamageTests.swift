import CSQLite
import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// The tests of SilentDamageTests that start the built plumscale (or a tool
/// around it): the end-to-end layer; the rest of the suite runs in-process.
@Suite struct SilentDamageTests {
    /// Item 10 on a real full disk: a 12 kB tmpfs (unshare -m, as root).
    @Test func recordOnAFullFileSystemStaysAValidReplayAndSaysItStopped() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mount = dir.appendingPathComponent("small").path
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        // A long replay: 4,000 moves, 2 s.
        var lines = [#"{"t":0,"type":"down","id":1,"x":0.3,"y":0.5,"pressure":0.4}"#]
        for n in 1...4000 {
            lines.append(#"{"t":\#(Double(n) / 2000),"type":"move","id":1,"x":0.3,"y":0.5,"pressure":\#(0.4 + Double(n % 100) / 1000)}"#)
        }
        let replay = dir.appendingPathComponent("long.jsonl").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: replay, atomically: false, encoding: .utf8)
        let out = dir.appendingPathComponent("out").path
        let script = """
            mount -t tmpfs -o size=12k plumscale-test "$1" || exit 99
            SDL_VIDEODRIVER=dummy "$2" --replay "$3" --record "$1/rec.jsonl" --exit-after 3 2>"$4.err"
            echo "status $?" >"$4"
            cp "$1/rec.jsonl" "$4.jsonl"
            """
        let child = try Spawned("/usr/bin/unshare", ["-m", "/bin/sh", "-c", script, "sh", mount, Paths.binary.path, replay, out])
        #expect(child.wait(timeout: 90) != nil)
        if child.status == 99 { try Test.cancel("cannot mount a tmpfs here") }
        let status = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: out + ".err", encoding: .utf8)) ?? ""
        #expect(status == "status 0\n", "\(status) \(err)")
        #expect(err.contains("recording stopped: cannot write \(mount)/rec.jsonl: No space left on device"), "\(err)")
        let recorded = try String(contentsOfFile: out + ".jsonl", encoding: .utf8)
        #expect(recorded.hasSuffix("\n"), "\(recorded.suffix(200))")
        let parsed = try JSONLinesReplay.parse(recorded, file: "rec.jsonl")
        #expect(parsed.events.count > 10, "\(recorded.utf8.count) bytes: \(recorded.prefix(300)) ... \(recorded.suffix(300))")
    }
}
