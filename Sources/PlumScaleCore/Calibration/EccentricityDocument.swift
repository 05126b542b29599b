import Foundation

extension EccentricityRun {
    /// `eccentricity`: {"gains": {place: gain} of the correction in use
    /// (null without one), "test": the test on its screen (null elsewhere):
    /// {"place": the place asked for (null at the result), "readings":
    /// {place: grams}, "largest_difference_g", "largest_difference_d",
    /// "corrects": whether Save would apply a map, "refusal"}}.
    /// `gains`: the correction in use; `run`: the test on its screen.
    static func document(gains map: GainMap?, run: EccentricityRun?) -> JSONValue {
        let gains: JSONValue =
            map.map { map in
                .fields(EccentricityTest.Place.allCases.map { ($0.rawValue, .rounded(map.gains[$0])) })
            } ?? .null
        guard let run else { return .fields([("gains", gains), ("test", .null)]) }
        let result = run.result
        let test: JSONValue = .fields([
            ("place", run.place.map { .string($0.rawValue) } ?? .null),
            (
                "readings",
                .fields(EccentricityTest.Place.allCases.compactMap { p in run.test.readings[p].map { (p.rawValue, .rounded($0)) } })
            ),
            ("largest_difference_g", .rounded(result?.largestDifferenceGrams)),
            ("largest_difference_d", .rounded(result?.inD)),
            ("corrects", .bool(result?.map != nil)),
            ("refusal", result?.refusal.map { .string($0) } ?? .null),
        ])
        return .fields([("gains", gains), ("test", test)])
    }
}
