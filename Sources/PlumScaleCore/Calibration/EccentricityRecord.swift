/// What the calibration log keeps of an eccentricity test whose gain map
/// was saved or removed (issue 28): the five readings, in grams through the
/// calibration and uncorrected, and the largest difference between them in
/// grams and in d. The gains are the map's (none when it was removed).
public struct EccentricityRecord: Equatable, Sendable {
    public var readings: [EccentricityTest.Place: Double]
    public var largestDifferenceGrams: Double
    public var inD: Double

    public init(readings: [EccentricityTest.Place: Double], largestDifferenceGrams: Double, inD: Double) {
        self.readings = readings
        self.largestDifferenceGrams = largestDifferenceGrams
        self.inD = inD
    }

    /// A place's figure by place, in the test's order, as JSON:
    /// `{"centre": 200, "topLeft": 201.5, ...}` (the config's names).
    public static func placesJSON(_ values: [EccentricityTest.Place: Double]) -> JSONValue {
        .object(EccentricityTest.Place.allCases.compactMap { place in values[place].map { JSONMember(place.rawValue, .number($0)) } })
    }

    /// The figures back from `placesJSON`'s text (places unknown are left out).
    public static func places(_ value: JSONValue?) -> [EccentricityTest.Place: Double] {
        guard case .object(let members)? = value else { return [:] }
        var values: [EccentricityTest.Place: Double] = [:]
        for member in members {
            if let place = EccentricityTest.Place(rawValue: member.key), case .number(let number) = member.value { values[place] = number }
        }
        return values
    }
}
