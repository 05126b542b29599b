import Foundation

/// A reference of standard mass that most people have in a pocket.
public struct Coin: Equatable, Hashable, Sendable {
    public var name: String
    public var grams: Double

    /// Common coins and their standard masses, in grams.
    public static let presets = [
        Coin(name: "1 € coin", grams: 7.50), Coin(name: "2 € coin", grams: 8.50),
        Coin(name: "US quarter", grams: 5.670), Coin(name: "US nickel", grams: 5.000),
        Coin(name: "UK £1 coin", grams: 8.75), Coin(name: "US penny", grams: 2.500),
    ]
}

/// What a person can do in the calibration wizard.
public enum CalibrationAction: Equatable, Sendable {
    case cancelTapped
    case zeroTapped
    /// Zero with the carrier on the glass: references are then put on it.
    case zeroWithCarrierTapped
    case digitTyped(Int)
    case decimalPointTyped
    case backspaceTapped
    case presetChosen(Coin)
    /// The mass is confirmed (Capture, or Enter on a keyboard): the reading
    /// is taken now if stable, else as soon as it is.
    case captureTapped
    case anotherTapped
    case finishTapped
    case saveTapped
    /// The eccentricity test of the calibration in use (once there is one).
    case eccentricityTapped

    /// The name the state document gives its control.
    var elementName: String {
        switch self {
        case .cancelTapped: "cancel"
        case .zeroTapped: "zero"
        case .zeroWithCarrierTapped: "zero-carrier"
        case .digitTyped(let digit): "key-\(digit)"
        case .decimalPointTyped: "key-."
        case .backspaceTapped: "key-⌫"
        case .presetChosen(let coin): "preset-\(Coin.presets.firstIndex(of: coin) ?? 0)"
        case .captureTapped: "capture"
        case .anotherTapped: "another"
        case .finishTapped: "finish"
        case .saveTapped: "save"
        case .eccentricityTapped: "eccentricity"
        }
    }

    /// What a keypad key shows.
    var keyTitle: String {
        switch self {
        case .digitTyped(let digit): String(digit)
        case .decimalPointTyped: "."
        case .backspaceTapped: "⌫"
        default: elementName
        }
    }
}
