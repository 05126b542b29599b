/// Which touch device to weigh with, and why: the ranking behind
/// `--source auto` and `--source touchpad`, and the line `devices` prints.
public struct DeviceChoice: Equatable, Sendable {
    public var path: String
    public var device: TouchDeviceDescription
    /// Why this one, for a person ("a force touchscreen (ABS_MT_PRESSURE)").
    public var reason: String

    /// A candidate: a readable touch device at a path.
    public typealias Candidate = (path: String, device: TouchDeviceDescription)

    /// `auto`'s order: a force touchscreen, then a pressure touchpad (a
    /// pressure pad before a pad whose ABS_MT_PRESSURE may be contact size),
    /// then any touchscreen (area before position). Touchpads without
    /// pressure are not taken (the mouse does as well); devices that cannot
    /// weigh (SEMI_MT) never are. Ties go to the first path.
    public static func automatic(_ candidates: [Candidate]) -> DeviceChoice? {
        let ranked = candidates.enumerated().compactMap { index, candidate -> (rank: Int, index: Int, reason: String)? in
            let device = candidate.device
            guard device.weighingRefusal == nil, (try? MultitouchDecoder(device: device)) != nil else { return nil }
            switch (device.kind, device.forceMode) {
            case (.touchscreen, .force): return (0, index, "a force touchscreen (\(pressureAxisName(device)))")
            case (.touchpad, .force):
                let pad = device.pressurePadEvidence.map { "a pressure pad, \($0); " } ?? ""
                return (
                    pad.isEmpty ? 2 : 1, index,
                    "no force touchscreen; a pressure touchpad (\(pad)\(pressureAxisName(device))), weighed as a pad"
                )
            case (.touchscreen, .area): return (3, index, "no force device; a touchscreen with contact size (area mode)")
            case (.touchscreen, .position): return (4, index, "no force device; a touchscreen with positions only")
            case (.touchpad, _): return nil
            }
        }
        guard let best = ranked.min(by: { ($0.rank, $0.index) < ($1.rank, $1.index) }) else { return nil }
        let candidate = candidates[best.index]
        return DeviceChoice(path: candidate.path, device: candidate.device, reason: best.reason)
    }

    /// `--source touchpad`: the touchpad that can weigh best (pressure, then
    /// contact size, then positions); SEMI_MT pads refused.
    public static func touchpad(_ candidates: [Candidate]) -> DeviceChoice? {
        func rank(_ mode: ForceMode) -> Int {
            switch mode {
            case .force: 0
            case .area: 1
            case .position: 2
            }
        }
        let pads = candidates.enumerated().filter { _, candidate in
            candidate.device.kind == .touchpad && candidate.device.weighingRefusal == nil
                && (try? MultitouchDecoder(device: candidate.device)) != nil
        }
        // A pressure pad first among pads of the same mode.
        func key(_ pad: (offset: Int, element: Candidate)) -> (Int, Int, Int) {
            (rank(pad.element.device.forceMode), pad.element.device.isPressurePad ? 0 : 1, pad.offset)
        }
        guard let best = pads.min(by: { key($0) < key($1) }) else { return nil }
        return DeviceChoice(
            path: best.1.path, device: best.1.device, reason: "the touchpad, mode \(best.1.device.forceMode.rawValue)")
    }

    static func pressureAxisName(_ device: TouchDeviceDescription) -> String {
        device.axes[AbsCode.mtPressure]?.hasRange == true ? "ABS_MT_PRESSURE" : "ABS_PRESSURE"
    }
}
