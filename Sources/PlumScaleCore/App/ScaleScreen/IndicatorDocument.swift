/// The indicator's part of the state document (issue 28).
extension AppState {
    /// `indicator`: {"max", "min", "d", "zero", "stable", "net", "tare", "preset_tare", "corrected"}:
    /// masses in `units`, rounded to d (Max down to it); null without grams,
    /// as `zero` is (it needs d). `stable` is null in position mode (nothing
    /// weighed); `net` says a tare is in use, `tare` its mass (0 when gross),
    /// `preset_tare` the preset tare typed (null without one), `corrected`
    /// whether the eccentricity correction is in use (null without grams).
    var indicatorDocument: JSONValue {
        let indicator = currentIndicator
        let weighs = source.mode != .position
        let views = weighs ? contactViews : []
        return .fields([
            ("max", .rounded(indicator.map { $0.shown($0.maxGrams) })),
            ("min", .rounded(indicator.map { $0.shown($0.minGrams) })),
            ("d", .rounded(indicator.map { $0.format.step })),
            ("zero", indicator.map { .bool($0.zero) } ?? .null),
            ("stable", weighs ? .bool(indicator?.stable ?? views.allSatisfy { $0.force == nil || $0.stable }) : .null),
            ("net", .bool(indicator?.net ?? views.contains { $0.net })),
            ("tare", .rounded(indicator.map { $0.shown($0.tareGrams) })),
            ("preset_tare", .rounded(indicator.flatMap { i in i.presetTare.map(i.shown) })),
            ("corrected", indicator.map { .bool($0.corrected) } ?? .null),
        ])
    }
}
