/// What a person can do on the scale screen, by button or by key.
public enum ScaleAction: String, CaseIterable, Equatable, Sendable {
    case recordTapped = "record"
    case historyTapped = "history"
    case tareTapped = "tare"
    case clearTareTapped = "untare"
    case calibrateTapped = "calibrate"
    /// Cycles the units: g → oz → lb → g.
    case unitsTapped = "units"
    /// Weighs on a conductive carrier: place it, tare it, then the object.
    case useCarrierTapped = "carrier"
    /// The next of the modes the config offers (ScaleMode.swift).
    case modeTapped = "mode"
    /// Counting by sample: place N pieces, type N, Enter (CountSample.swift).
    case sampleTapped = "sample"
    /// A preset tare (PT): a mass typed, not weighed (PresetTare.swift).
    case presetTareTapped = "preset-tare"
    /// Percent mode: the object on the scale (the heaviest of several)
    /// becomes the reference that reads 100% (PercentReference.swift).
    case referenceTapped = "reference"
    /// Check-weighing: the next saved product's limits (Product, `o`).
    case productTapped = "product"
    /// Check-weighing: limits and a name typed, saved as a product (New product, `l`).
    case newProductTapped = "new-product"
    case quitPressed = "quit"

    /// The key that does the same.
    public var key: Key {
        switch self {
        case .recordTapped: .space
        case .historyTapped: .character("h")
        case .tareTapped: .character("t")
        case .clearTareTapped: .character("z")
        case .calibrateTapped: .character("k")
        case .unitsTapped: .character("u")
        case .useCarrierTapped: .character("w")
        case .modeTapped: .character("m")
        case .sampleTapped: .character("n")
        case .presetTareTapped: .character("p")
        case .referenceTapped: .character("r")
        case .productTapped: .character("o")
        case .newProductTapped: .character("l")
        case .quitPressed: .escape
        }
    }

    /// The action a key stands for on the scale screen.
    public init?(key: Key) {
        guard let action = Self.allCases.first(where: { $0.key == key }) else { return nil }
        self = action
    }
}

/// A touch that went down on a scale button, until it proves a tap or an
/// object (ScaleScreenState's reducer decides).
struct TouchOnButton: Equatable, Sendable {
    static let tapSeconds = 0.5
    /// Logical pixels a tap may wander.
    static let tapSlop = 10.0

    var action: ScaleAction
    var start: Double
    var origin: Point
    var latest: TouchSample
}
