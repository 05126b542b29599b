/// A number typed on the keyboard (a calibration reference's mass, a sample's pieces, a
/// preset tare): digits, a decimal point where one is allowed, Backspace,
/// Enter to confirm and Esc to cancel. A reducer of its own.
public struct NumberEntry: Equatable, Sendable {
    /// The characters typed so far ("" before the first).
    public private(set) var typed = ""
    /// Whether a decimal point may be typed (a mass), or whole numbers only (pieces).
    public let decimals: Bool
    /// The most characters typed.
    public let maxLength: Int

    public enum Action: Equatable, Sendable {
        case digitTyped(Int)
        case pointTyped
        case backspacePressed
        case enterPressed
        case escapePressed
    }

    public enum Outcome: Equatable, Sendable {
        /// Still typing (or Enter with no number typed yet).
        case typing
        case cancelled
        case confirmed(Double)
    }

    /// `typed`: a number already there (a coin's mass picked), cut to `maxLength`.
    public init(decimals: Bool, maxLength: Int, typed: String = "") {
        self.decimals = decimals
        self.maxLength = maxLength
        self.typed = String(typed.prefix(maxLength))
    }

    /// The action a key stands for while a number is typed; nil: a key the
    /// entry ignores.
    public static func action(for key: Key) -> Action? {
        switch key {
        case .character("."), .character(","): return .pointTyped
        case .character(let c):
            guard c.isASCII, let digit = c.wholeNumberValue else { return nil }
            return .digitTyped(digit)
        case .backspace, .delete: return .backspacePressed
        case .enter: return .enterPressed
        case .escape: return .escapePressed
        default: return nil
        }
    }

    public mutating func reduce(_ action: Action) -> Outcome {
        switch action {
        case .digitTyped(let digit):
            // No leading zero before a digit: "0" then "5" is "5", "0." stays.
            if typed == "0" { typed = "" }
            if typed.count < maxLength { typed += String(digit) }
        case .pointTyped:
            guard decimals, !typed.contains("."), typed.count < maxLength else { break }
            typed += typed.isEmpty ? "0." : "."
        case .backspacePressed:
            if !typed.isEmpty { typed.removeLast() }
        case .enterPressed:
            guard let value = Double(typed), value.isFinite else { break }
            return .confirmed(value)
        case .escapePressed:
            return .cancelled
        }
        return .typing
    }
}
