import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Item 7 of the station rig: power loss. In the VM, the program's own
/// history store (PlumScaleStressSaver) saves weighings on a virtio disk
/// (ext4, made here) and acknowledges each after its commit; the host pulls
/// the plug (qemu's `quit`: no shutdown, no sync) once enough have been
/// acknowledged; the next boot mounts the disk as a station does after a
/// power cut (scripts/station/power-loss.sh). Every weighing acknowledged
/// before a cut must be there, whole, in a database that opens clean. Three
/// boots: save and cut, save again on what was left and cut, look.
@Suite(.serialized, .needsStationRig)
struct PowerLossStationTests {
    /// A cut after at least this many acknowledgements, per saving boot.
    static let cuts = [40, 5]

    @Test func everyAcknowledgedWeighingSurvivesThePlugPulled() throws {
        let saver = try #require(HistoryDurabilityTests.binary(), "no PlumScaleStressSaver beside the test bundle")
        let directory = Paths.temporaryDirectory("station-power-loss")
        let disk = directory.appendingPathComponent("data.ext4")
        try Self.makeDisk(disk)
        let script = Paths.repoRoot.appendingPathComponent("scripts/station/power-loss.sh").path
        var acknowledged: [Int64] = []
        var unacknowledgedCommits = 0
        for boot in 0...Self.cuts.count {
            let saving = boot < Self.cuts.count
            let acks = directory.appendingPathComponent("acks-\(boot)")
            var cutAfter: Int?
            let started = Date()
            let run = try StationRig.boot(
                directory, command: ["/bin/sh", script, saver, String(boot), saving ? "save" : "look"],
                extra: ["--disk", disk.path, "--monitor"], timeout: 240, plugPulled: saving
            ) {
                guard saving, cutAfter == nil else { return }
                let count = Self.acknowledgements(in: acks).count
                if count >= Self.cuts[boot] {
                    cutAfter = count
                    Self.pullThePlug(directory)
                }
            }
            print(
                "station: power-loss boot \(boot) in \(Int(Date().timeIntervalSince(started))) s\(run.log.isEmpty ? "" : ":\n" + run.log)")
            if boot > 0 {
                let found = try Self.check(directory.appendingPathComponent("found-\(boot)"), acknowledged: acknowledged)
                unacknowledgedCommits = found - acknowledged.count
            }
            if saving {
                try #require(cutAfter != nil, "boot \(boot) never acknowledged \(Self.cuts[boot]) weighings:\n\(run.log)")
                // Ids acknowledged after the check above may have reached the
                // file after the cut was asked for: all of them count.
                acknowledged += Self.acknowledgements(in: acks)
                print("station: power cut after \(cutAfter ?? 0) acknowledgements seen, \(acknowledged.count) in all")
            }
        }
        print(
            "station: power loss: \(Self.cuts.count) cuts, \(acknowledged.count) acknowledged weighings, none lost; "
                + "\(unacknowledgedCommits) committed just before a cut, before their acknowledgement")
    }

    /// A 64 MB ext4 image.
    static func makeDisk(_ disk: URL) throws {
        FileManager.default.createFile(atPath: disk.path, contents: nil)
        let handle = try FileHandle(forWritingTo: disk)
        try handle.truncate(atOffset: 64 << 20)
        try handle.close()
        let mkfs = try runCommand("/usr/sbin/mkfs.ext4", ["-q", "-F", disk.path], timeout: 60)
        try #require(mkfs.status == 0, "mkfs.ext4: \(mkfs.stderr)")
    }

    /// qemu's `quit` on the VM's monitor: the machine stops where it is.
    static func pullThePlug(_ directory: URL) {
        let monitor = Paths.repoRoot.appendingPathComponent("scripts/station/monitor.py").path
        _ = try? runCommand("/usr/bin/python3", [monitor, directory.appendingPathComponent("monitor.sock").path, "quit"], timeout: 30)
    }

    /// The ids in complete "saved <id>" lines (one cut short by the cut
    /// was not an acknowledgement).
    static func acknowledgements(in file: URL) -> [Int64] {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        let complete = text.hasSuffix("\n") ? text : String(text[..<(text.lastIndex(of: "\n").map(text.index(after:)) ?? text.startIndex)])
        return complete.split(separator: "\n").compactMap { $0.hasPrefix("saved ") ? Int64($0.dropFirst(6)) : nil }
    }

    /// What the boot after a cut found on the disk: a history that opens
    /// clean, with every acknowledged weighing whole. Returns how many
    /// weighings it holds.
    static func check(_ found: URL, acknowledged: [Int64]) throws -> Int {
        let path = found.appendingPathComponent("history.sqlite3").path
        try #require(FileManager.default.fileExists(atPath: path), "no history on the disk after the cut")
        let store = try HistoryStore(path: path)  // runs integrity_check itself
        #expect(try store.strings("PRAGMA integrity_check") == ["ok"])
        let rows = try store.rows(limit: 1_000_000)
        let stored = Set(rows.map(\.id))
        let lost = acknowledged.filter { !stored.contains($0) }
        #expect(lost.isEmpty, "acknowledged before the cut, gone after it: \(lost.prefix(20))")
        // Whole: each weighing has the objects its saver gave it ("... objects N").
        for row in rows {
            let weighing = try store.weighing(id: row.id)
            let objects = weighing?.device.split(separator: " ").last.flatMap { Int($0) }
            #expect(weighing?.objects.count == objects && row.objectCount == objects, "weighing \(row.id) is torn")
        }
        #expect(rows.count <= acknowledged.count + cuts.count, "more weighings than acknowledged and in flight")
        return rows.count
    }
}
