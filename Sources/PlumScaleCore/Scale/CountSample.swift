/// Counting by sample (`n` in counting mode): the operator places N
/// reference pieces, types N and confirms with Enter; one piece then weighs
/// their mean. A reducer of its own: its state is the digits typed, its
/// actions what the operator pressed, its outcome what the scale does next.
public struct CountSample: Equatable, Sendable {
    /// The pieces typed: a whole number of at most 4 digits (9,999 pieces).
    public private(set) var entry = NumberEntry(decimals: false, maxLength: maxDigits)
    public static let maxDigits = 4

    public typealias Action = NumberEntry.Action

    public enum Outcome: Equatable, Sendable {
        /// Still typing (or Enter with no pieces typed yet).
        case typing
        case cancelled
        /// The sample is N pieces.
        case confirmed(pieces: Int)
    }

    public init() {}

    /// The digits typed so far ("" before the first).
    public var typed: String { entry.typed }

    /// The action a key stands for while a sample is asked for.
    public static func action(for key: Key) -> Action? { NumberEntry.action(for: key) }

    public mutating func reduce(_ action: Action) -> Outcome {
        switch entry.reduce(action) {
        case .typing: return .typing
        case .cancelled: return .cancelled
        case .confirmed(let value):
            // Four digits at most: always a whole number within Int.
            guard value >= 1 else { return .typing }
            return .confirmed(pieces: Int(value))
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
