import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport

/// CSV and JSON export, and the `history list` table.
@Suite struct HistoryExportTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("a, b", "\"a, b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("two\nlines", "\"two\nlines\""),
    ])
    func csvFieldsAreQuotedOnlyWhenNeeded(raw: String, quoted: String) {
        #expect(HistoryExport.csvField(raw) == quoted)
    }

    @Test func csvHasOneLinePerObject() {
        var weighing = sampleWeighing(at: 1_714_564_800.25, count: 2)
        weighing.id = 7
        weighing.objects[1].force = nil
        weighing.objects[1].grams = nil
        let lines = HistoryExport.csv([weighing]).components(separatedBy: "\r\n")
        #expect(lines[0] == "weighing_id,taken_at,device,mode,index,x,y,force,grams,stable,tare,units,scale_mode,verdict,product")
        #expect(
            lines[1] == "7,2024-05-01T12:00:00.250Z,\"Wacom, \"\"Pen\"\" Touch\",force,"
                + "0,200.0,360.0,0.2,50.0,true,0.02,g,weigh,,")
        #expect(
            lines[2] == "7,2024-05-01T12:00:00.250Z,\"Wacom, \"\"Pen\"\" Touch\",force,"
                + "1,500.0,360.0,,,false,0.02,g,weigh,,")
        #expect(lines.count == 4 && lines[3].isEmpty)
    }

    @Test func jsonIsAnArrayOfObjectsThatParses() throws {
        var weighing = sampleWeighing(count: 2, device: "tab\there \"q\" \\ \u{1}")
        weighing.id = 3
        weighing.objects[0].grams = nil
        let text = HistoryExport.json([weighing])
        let parsed = try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(parsed.count == 2)
        #expect(parsed[0]["device"] as? String == weighing.device)
        #expect(parsed[0]["taken_at"] as? String == "2024-05-01T12:00:00.000Z")
        #expect(parsed[0]["grams"] is NSNull)
        #expect(parsed[1]["index"] as? Int == 1)
        #expect(parsed[1]["stable"] as? Bool == false)
        #expect(parsed[1]["weighing_id"] as? Int == 3)
        #expect(parsed[1]["units"] as? String == "g")
        #expect(HistoryExport.json([]) == "[]\n")
    }

    @Test(arguments: HistoryExport.Format.allCases)
    func storeExportStreamsEveryObjectOldestFirst(format: HistoryExport.Format) throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let store = try HistoryStore(path: dir.database)
        let newer = try store.save(sampleWeighing(at: 1_714_564_900, count: 2))
        let older = try store.save(sampleWeighing(at: 1_714_564_800, count: 1))
        var text = ""
        try store.export(format) { text += $0 }
        let expected = [older, newer].compactMap { try? store.weighing(id: $0) }
        #expect(text == (format == .csv ? HistoryExport.csv(expected) : HistoryExport.json(expected)))
        let empty = try HistoryStore(path: dir.path + "/empty.sqlite3")
        var nothing = ""
        try empty.export(format) { nothing += $0 }
        #expect(nothing == (format == .csv ? HistoryExport.csvHeader : "[]\n"))
    }

    @Test func listShowsLocalTimesAndHeaviestReadings() throws {
        let utc = Date(timeIntervalSince1970: 1_714_564_800)  // 12:00 UTC
        let rows = [
            HistoryRow(
                id: 12, takenAt: utc, device: "Wacom", mode: "force", objectCount: 3,
                heaviestForce: 0.42, heaviestGrams: 153.24),
            HistoryRow(
                id: 9, takenAt: utc, device: "ELAN", mode: "area", objectCount: 1,
                heaviestForce: 0.3, heaviestGrams: nil),
            HistoryRow(
                id: 3, takenAt: utc, device: "Mouse", mode: "position", objectCount: 2,
                heaviestForce: nil, heaviestGrams: nil),
        ]
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let text = HistoryListing.format(rows, total: 40, timeZone: paris)
        #expect(
            text == """
                ID  TAKEN (LOCAL)        MODE      OBJECTS  HEAVIEST         DEVICE
                12  2024-05-01 14:00:00  force     3        153.2 g (42.0%)  Wacom
                9   2024-05-01 14:00:00  area      1        ~30.0%           ELAN
                3   2024-05-01 14:00:00  position  2        -                Mouse
                3 of 40 weighings

                """)
        #expect(HistoryListing.format([], total: 0, timeZone: .current) == "No weighings yet.\n")
    }
}
