/// Weighing what a capacitive pad does not register (a coin, plastic,
/// fruit): on a conductive carrier (a fingertip held still, or a metal
/// plate). The carrier is placed and tared, then the object is put on it:
/// the carrier's reading, net of its tare, is the object's. Metal loses
/// contact slowly, so a fading carrier is said to be one, with what to do.
public struct CarrierGuide: Equatable, Sendable {
    public enum Step: String, Equatable, Sendable {
        /// Place the carrier, hold it still, tare it.
        case placeCarrier = "place_carrier"
        /// The carrier is tared: put the object on it.
        case placeObject = "place_object"
    }

    public internal(set) var step = Step.placeCarrier
    /// The tared carrier was lifted: it must be placed and tared again.
    public internal(set) var lifted = false

    public init() {}

    /// The guide's line in the footer; `fading`: a contact on the glass is
    /// fading (metal losing contact).
    func text(fading: Bool) -> String {
        switch step {
        case .placeCarrier where lifted:
            "Carrier lifted: place it again, hold it still, then tap Tare (t)."
        case .placeCarrier:
            "Carrier: place it (a fingertip or a metal plate), hold it still, then tap Tare (t)."
        case .placeObject where fading:
            "Carrier fading (metal loses contact): lift it, place it again, tap Tare (t)."
        case .placeObject:
            "Carrier tared: put the object on it; it reads the object alone."
        }
    }

    /// The state document's `carrier`: {"step", "text"}.
    func document(fading: Bool) -> JSONValue {
        .fields([("step", .string(step.rawValue)), ("text", .string(text(fading: fading)))])
    }
}

extension ScaleFunctions {
    /// Use carrier: the guide starts, or, when in use, ends.
    mutating func useCarrierTapped() -> [ScaleFunctionRequest] {
        guard carrier == nil else {
            carrier = nil
            return [.say("Carrier guide ended.", seconds: 2)]
        }
        carrier = CarrierGuide()
        return []
    }

    /// A tare while the carrier was to be tared: it is, if something lies on the scale.
    mutating func carrierTared(scaleIsEmpty: Bool) {
        guard carrier?.step == .placeCarrier, !scaleIsEmpty else { return }
        carrier?.step = .placeObject
        carrier?.lifted = false
    }

    /// A contact went: with nothing left on the scale, the carrier was lifted.
    mutating func carrierMayHaveLifted(scaleIsEmpty: Bool) {
        guard carrier?.step == .placeObject, scaleIsEmpty else { return }
        carrier?.step = .placeCarrier
        carrier?.lifted = true
    }
}
