/// Counting by sample (`n` in counting mode): the operator places N
/// reference pieces, types N and confirms with Enter; one piece then weighs
/// their mean. A reducer of its own: its state is the digits typed, its
/// actions what the operator pressed, its outcome what the scale does next.
public struct CountSample: Equatable, Sendable {
    /// The digits typed so far ("" before the first).
    public private(set) var typed = ""

    /// At most 9,999 pieces in a sample.
    public static let maxDigits = 4

    public enum Action: Equatable, Sendable {
        case digitTyped(Int)
        case backspacePressed
        case enterPressed
        case escapePressed
    }

    public enum Outcome: Equatable, Sendable {
        /// Still typing (or Enter with nothing usable typed yet).
        case typing
        case cancelled
        /// The sample is N pieces.
        case confirmed(pieces: Int)
    }

    public init() {}

    /// The action a key stands for while a sample is asked for; nil: a key
    /// the sample ignores.
    public static func action(for key: Key) -> Action? {
        switch key {
        case .character(let c):
            guard let digit = c.wholeNumberValue, c.isASCII else { return nil }
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
            // No leading zero: "0" alone is no sample.
            if typed.count < Self.maxDigits, !(typed.isEmpty && digit == 0) { typed += String(digit) }
            return .typing
        case .backspacePressed:
            if !typed.isEmpty { typed.removeLast() }
            return .typing
        case .enterPressed:
            guard let pieces = Int(typed), pieces > 0 else { return .typing }
            return .confirmed(pieces: pieces)
        case .escapePressed:
            return .cancelled
        }
    }

    /// The most pieces a sample of `samplePieces` counts to ±1 piece with
    /// display step `step` (grams) and piece `piece` (grams): the piece
    /// weight is known to ±d/2 over the sample's pieces, so counting M
    /// pieces is off by up to M·d/(2N) plus the reading's own d/2, which
    /// must stay under half a piece. Nil when no count is sure (a piece at
    /// or below d).
    public static func mostCountable(samplePieces: Int, piece: Double, step: Double) -> Int? {
        guard piece > step, step > 0, samplePieces > 0 else { return nil }
        let most = (Double(samplePieces) * (piece - step) / step).rounded(.down)
        return most.isFinite && most < 1e15 ? Int(most) : nil
    }
}
