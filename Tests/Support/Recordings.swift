import Foundation
import PlumScaleCore
import Testing

/// The public recordings in `Paths.recordings`: real devices, recorded by
/// others, which must never be copied into the repository. A test that reads
/// one carries `.needsSharedRecordings(...)`, so a clone with nothing beside
/// it reports the test skipped, with the reason, instead of failing.
enum SharedRecordings {
    static let nexus4 = "nexus4-pressure.evemu"
    static let wacom = "wacom-dth2242-touch-major.evemu"
    static let dellCanvas = "dell-canvas-position-only.evemu"
    static let ntrig = "ntrig-protocol-a.evemu"

    static func path(_ name: String) -> String { Paths.recordings.appendingPathComponent(name).path }

    static func available(_ names: [String]) -> Bool {
        names.allSatisfy { FileManager.default.isReadableFile(atPath: path($0)) }
    }

    static func reason(_ names: [String]) -> Comment {
        Comment(
            rawValue: "needs \(names.joined(separator: " and ")) from the public recordings, not found in "
                + "\(Paths.recordings.path) (they are kept beside the repository, never in it; "
                + "PLUMSCALE_SHARED_RECORDINGS names another directory)")
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only when these public recordings are beside the
    /// repository; otherwise it is reported skipped with the reason.
    static func needsSharedRecordings(_ names: String...) -> Self {
        .enabled(if: SharedRecordings.available(names), SharedRecordings.reason(names))
    }
}

/// The project's own recordings in Tests/PlumScaleCoreTests/Fixtures/recordings:
/// written by hand from the kernel's multitouch protocol, each with its
/// content described in its header, so the tests know the true values.
enum OwnRecordings {
    static let pressure = "pressure-panel.evemu"
    static let touchMajor = "touch-major-panel.evemu"
    static let positionOnly = "position-only-panel.evemu"
    static let protocolA = "protocol-a-panel.evemu"
    static let palm = "palm-panel.evemu"
    static let pen = "pen-panel.evemu"
    static let hoverTouchpad = "hover-touchpad.evemu"
    static let alreadyDown = "already-down-panel.evemu"
    static let singleTouchPressure = "single-touch-pressure-panel.evemu"
    static let pressurePadGrams = "pressure-pad-grams.evemu"
    static let pressurePadNoResolution = "pressure-pad-no-resolution.evemu"
    static let pressurePadQuirk = "pressure-pad-quirk.evemu"
    static let pressurePadTotal = "pressure-pad-total.evemu"

    static func path(_ name: String) -> String { Paths.ownRecordings.appendingPathComponent(name).path }
}

/// What a replay of a recording gives, summed up.
struct ReplaySummary {
    var frames: [TouchFrame]
    var events: [InputEvent]
    var maxSimultaneous: Int { frames.map(\.contacts.count).max() ?? 0 }
    var downs: Int { events.filter { if case .touchDown = $0.kind { true } else { false } }.count }
    var ups: Int { events.filter { if case .touchUp = $0.kind { true } else { false } }.count }
    var distinctIDs: Set<Int> { Set(frames.flatMap { $0.contacts.map(\.id) }) }
    /// The events as "t kind id" lines ("0.2 cancel 1"), times rounded to ms.
    var story: [String] {
        events.map { event in
            let t = String(format: "%.3g", (event.time * 1000).rounded() / 1000)
            switch event.kind {
            case .touchDown(let s): return "\(t) down \(s.id)"
            case .touchMove(let s): return "\(t) move \(s.id)"
            case .touchUp(let id): return "\(t) up \(id)"
            case .touchCancel(let id): return "\(t) cancel \(id)"
            default: return "\(t) other"
            }
        }
    }

    init(_ recording: EvemuRecording) throws {
        frames = try recording.frames()
        var converter = TouchFrameConverter()
        events = frames.flatMap { converter.events(for: $0) }
    }
}
