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
}

extension AppState {
    /// The guide's line in the footer, nil while it is not in use.
    public var carrierText: String? {
        guard let carrier else { return nil }
        switch carrier.step {
        case .placeCarrier where carrier.lifted:
            return "Carrier lifted: place it again, hold it still, then tap Tare (t)."
        case .placeCarrier:
            return "Carrier: place it (a fingertip or a metal plate), hold it still, then tap Tare (t)."
        case .placeObject where contactViews.contains(where: \.fading):
            return "Carrier fading (metal loses contact): lift it, place it again, tap Tare (t)."
        case .placeObject:
            return "Carrier tared: put the object on it; it reads the object alone."
        }
    }

    /// Use carrier: the guide starts, or, when in use, ends.
    mutating func useCarrierTapped() {
        if carrier == nil {
            carrier = CarrierGuide()
        } else {
            carrier = nil
            show("Carrier guide ended.", seconds: 2)
        }
    }

    /// A tare while the carrier was to be tared: it is, if something lies on the scale.
    mutating func carrierTared() {
        guard carrier?.step == .placeCarrier, !scale.isEmpty else { return }
        carrier?.step = .placeObject
        carrier?.lifted = false
    }

    /// A contact went: with nothing left on the scale, the carrier was lifted.
    mutating func carrierMayHaveLifted() {
        guard carrier?.step == .placeObject, scale.isEmpty else { return }
        carrier?.step = .placeCarrier
        carrier?.lifted = true
    }

    /// The state document's `carrier`: {"step", "text"}, null while not in use.
    var carrierDocument: JSONValue {
        guard let carrier else { return .null }
        return .fields([
            ("step", .string(carrier.step.rawValue)), ("text", carrierText.map { .string($0) } ?? .null),
        ])
    }
}
