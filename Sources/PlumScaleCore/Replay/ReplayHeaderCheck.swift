/// The header's account of the device (`kind`, `grams`, `no_grams`,
/// `started`, as `--record` writes them), checked before anything is replayed.
enum ReplayHeaderCheck {
    static let axes: [String: UInt16] = ["ABS_MT_PRESSURE": AbsCode.mtPressure, "ABS_PRESSURE": AbsCode.pressure]

    static func validate(_ header: ReplayLine.Header?, _ fail: (String) -> InputFileError) throws {
        guard let header else { return }
        if let kind = header.kind, DeviceCategory(rawValue: kind) == nil {
            let names = ["touchscreen", "touchpad", "pressurepad", "pen display"].map { "\"\($0)\"" }.joined(separator: ", ")
            throw fail("expected \"kind\" to be one of \(names); found \(JSONValue.quote(kind))")
        }
        if let recorded = header.grams {
            if let axis = recorded.axis, axes[axis] == nil {
                throw fail("expected \"grams\" \"axis\" to be \"ABS_MT_PRESSURE\" or \"ABS_PRESSURE\"; found \(JSONValue.quote(axis))")
            }
            guard grams(header) != nil else {
                throw fail(
                    "expected \"grams\" {\"units_per_gram\":R,\"range\":N} with R and N finite numbers > 0, "
                        + "at most \(CalibrationIssue.short(CalibrationFit.Limits.maximumGrams / 1000)) kg at full range")
            }
        }
        if let started = header.started, !(started.isFinite && (0...ReplayLimits.latestStart).contains(started)) {
            throw fail("expected \"started\" to be the Unix time in seconds (0...1e11) of t = 0; found \(started)")
        }
        if let reason = header.noGrams, ReplayLimits.hasControl(reason) {
            throw fail("expected \"no_grams\" without control characters; found \(JSONValue.quote(reason))")
        }
    }

    /// The device's own grams the header recorded, nil without.
    static func grams(_ header: ReplayLine.Header) -> DeviceGrams? {
        guard let recorded = header.grams else { return nil }
        let axis = recorded.axis.flatMap { axes[$0] } ?? AbsCode.mtPressure
        return DeviceGrams(unitsPerGram: recorded.unitsPerGram, range: recorded.range, axis: axis)
    }
}
