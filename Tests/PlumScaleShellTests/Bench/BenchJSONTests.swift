import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleBench
@testable import PlumScaleCore

/// bench.json's contract: exactly the nine keys of issue #8 and the three of issue 16, numbers where a
/// part ran and null where it did not.
@Suite struct BenchJSONTests {
    static let expectedKeys: Set<String> = [
        "frame_ratio_10", "frame_ratio_50", "latency_p99_frames", "idle_cpu_percent", "events_per_second",
        "startup_ratio_100k", "history_frame_ratio_1m", "rss_growth_mb_1m_events", "peak_rss_mb",
        // issue 13: ten contacts at 3840x2160
        "frame_ratio_10_4k",
        // issue 16: render's streamed replay
        "replay_peak_rss_mb", "replay_rss_growth_mb", "replay_stream_time_ratio",
        // issue 18: the MQTT sink off vs on
        "fleet_frame_ratio_10", "fleet_event_ratio",
        // issue 25: the frames in instructions, under callgrind
        "frame_instructions_ratio_10", "frame_instructions_ratio_10_4k",
    ]

    @Test func everyKeyIsWrittenNumbersOrNull() throws {
        let report = BenchCommand.Report()
        report.values["frame_ratio_10"] = 1.49871
        report.values["events_per_second"] = 1_056_702.4
        report.values["idle_cpu_percent"] = 0
        report.values["peak_rss_mb"] = .nan  // a part that failed to measure is null, not "nan"
        let text = BenchCommand.json(report)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys) == Self.expectedKeys)
        #expect(object["frame_ratio_10"] as? Double == 1.4987)
        #expect(object["events_per_second"] as? Double == 1_056_702)
        #expect(object["idle_cpu_percent"] as? Double == 0)
        for key in ["frame_ratio_50", "latency_p99_frames", "startup_ratio_100k", "peak_rss_mb"] {
            #expect(object[key] is NSNull, "\(key) is null")
        }
    }

    /// A frame's instructions come from the run's total in callgrind's
    /// output file (the `summary:` line; older versions write `totals:`).
    @Test func callgrindTotalIsTheRunsInstructions() {
        let output = "version: 1\ncreator: callgrind-3.19.0\nevents: Ir\nfn=(1) main\n16 42\nsummary: 73912844\ntotals: 73912844\n"
        #expect(InstructionBench.totalInstructions(inCallgrindOutput: output) == 73_912_844)
        #expect(InstructionBench.totalInstructions(inCallgrindOutput: "events: Ir\ntotals: 17\n") == 17)
        #expect(InstructionBench.totalInstructions(inCallgrindOutput: "events: Ir\nfn=(1) main\n") == nil)
    }
}
