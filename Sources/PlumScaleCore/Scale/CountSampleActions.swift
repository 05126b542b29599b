/// Counting by sample on the scale screen: `n` asks for the pieces of a
/// sample, the keys type their number, Enter takes the mean piece from the
/// stable total, Esc cancels.
extension ScaleFunctions {
    /// `n`: a sample is asked for, in counting mode (and with grams).
    mutating func sampleTapped(_ context: ScaleFunctionContext) -> [ScaleFunctionRequest] {
        guard case .count = scaleMode else {
            return [.say("Counting by sample: choose counting first (m).", seconds: 4)]
        }
        guard context.sourceMode == .force, context.gramStep != nil else {
            return [.say("Counting by sample needs grams: calibrate the scale first (k).", seconds: 4)]
        }
        countSample = CountSample()
        return []
    }

    /// A key while a sample is asked for.
    mutating func sampleKeyPressed(_ key: Key, _ context: ScaleFunctionContext) -> [ScaleFunctionRequest] {
        guard var sample = countSample, let action = CountSample.action(for: key) else { return [] }
        switch sample.reduce(action) {
        case .typing:
            countSample = sample
            if action == .enterPressed { return [.say("Type how many pieces lie on the scale, then Enter.", seconds: 3)] }
            return []
        case .cancelled:
            countSample = nil
            return []
        case .confirmed(let pieces):
            countSample = sample
            return takeSample(of: pieces, context)
        }
    }

    /// One piece is the stable total over `pieces`; the sample stays asked
    /// for while there is no such total.
    private mutating func takeSample(of pieces: Int, _ context: ScaleFunctionContext) -> [ScaleFunctionRequest] {
        guard let (shown, total) = context.reading, let grams = total.grams, total.count > 0, !total.overload, grams > 0 else {
            return [.say("Nothing weighed yet: place the \(pieces) pieces, then Enter.", seconds: 4)]
        }
        guard shown.allSatisfy({ !$0.weighed || $0.stable }) else {
            return [.say("Waiting for a stable reading: Enter again once it is.", seconds: 3)]
        }
        let piece = grams / Double(pieces)
        scaleMode = .count(pieceGrams: piece)
        samplePieces = pieces
        countSample = nil
        return [.say("1 piece " + Self.pieceText(piece, unit: units) + ", from a sample of \(pieces)", seconds: 4)]
    }

    /// The warning when the count shown is beyond what the sample can count
    /// to ±1 piece (CountSample.mostCountable), nil otherwise.
    func sampleWarning(pieces: Int?, format: WeightFormat) -> String? {
        guard case .count(let piece) = scaleMode, let sample = samplePieces, let pieces else { return nil }
        guard let most = CountSample.mostCountable(samplePieces: sample, piece: piece, step: format.stepGrams), pieces > most
        else { return nil }
        return " · the sample of \(sample) is too light to count \(pieces) to ±1: take a larger one"
    }

    /// `count_sample`: {"typed", "sample_pieces"}, null while none is asked
    /// for; `sample_pieces` alone once a sample gave the piece.
    var countSampleDocument: JSONValue {
        guard countSample != nil || samplePieces != nil else { return .null }
        return .fields([
            ("typed", countSample.map { .string($0.typed) } ?? .null),
            ("sample_pieces", samplePieces.map { .number(Double($0)) } ?? .null),
        ])
    }
}

extension CountSample {
    /// The footer's line while a sample is asked for.
    static func prompt(typed: String) -> String {
        "Sample: place the pieces, type how many (\(typed)_) · Enter takes them · Esc cancels"
    }
}
