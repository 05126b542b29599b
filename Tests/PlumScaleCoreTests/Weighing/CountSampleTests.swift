import Foundation
import Testing

@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// Counting by sample (issue 28): place N pieces, `n`, type N, Enter; one
/// piece is then their mean, and the count warns past what the sample can
/// count to ±1. TestPanel's calibration: grams = 100 × force, d = 0.1 g.
@Suite struct CountSampleTests {
    let rules = PanelReplay()
    let counting = #""scaleMode":{"mode":"count","pieceGrams":1}"#

    func key(_ t: Double, _ name: String) -> String { #"{"t":\#(t),"type":"key","key":"\#(name)"}"# }

    func sample(_ document: [String: Any]) -> [String: Any]? { document["count_sample"] as? [String: Any] }

    // MARK: the reducer

    @Test func digitsBackspaceEnterAndEscape() {
        var sample = CountSample()
        #expect(sample.reduce(.enterPressed) == .typing, "nothing typed: Enter takes nothing")
        _ = sample.reduce(.digitTyped(0))
        #expect(sample.reduce(.enterPressed) == .typing && sample.typed == "0", "no sample of 0 pieces")
        _ = sample.reduce(.pointTyped)
        #expect(sample.typed == "0", "whole pieces only")
        for digit in [1, 2, 3, 4, 5] { _ = sample.reduce(.digitTyped(digit)) }
        #expect(sample.typed == "1234", "at most \(CountSample.maxDigits) digits")
        _ = sample.reduce(.backspacePressed)
        #expect(sample.typed == "123")
        #expect(sample.reduce(.enterPressed) == .confirmed(pieces: 123))
        #expect(sample.reduce(.escapePressed) == .cancelled)
        #expect(CountSample.action(for: .character("7")) == .digitTyped(7))
        #expect(CountSample.action(for: .character("t")) == nil && CountSample.action(for: .escape) == .escapePressed)
    }

    /// M < N (p − d) / d: 10 pieces of 2 g at d = 0.1 g count 190 to ±1;
    /// a piece at or below d counts nothing surely.
    @Test func theMostASampleCountsToOnePiece() {
        #expect(CountSample.mostCountable(samplePieces: 10, piece: 2, step: 0.1) == 190)
        #expect(CountSample.mostCountable(samplePieces: 1, piece: 0.5, step: 0.1) == 4)
        #expect(CountSample.mostCountable(samplePieces: 10, piece: 0.1, step: 0.1) == nil)
    }

    // MARK: on the scale

    /// 10 pieces weighing 25 g together: `n`, 1, 0, Enter gives 2.5 g a piece;
    /// the state document says the sample, the footer the piece.
    @Test func aSampleOfTenGivesTheMeanPiece() throws {
        let config = try TestPanel.config(counting)
        let typing = try rules.state([rules.down(0, 1, 0.5, 0.25), key(1.5, "n"), key(1.6, "1"), key(1.7, "0")], at: 1.8, config: config)
        #expect(try sample(rules.document(typing))?["typed"] as? String == "10")
        #expect(typing.scene().texts(typing.metrics).contains { $0.text.hasPrefix("Sample: place the pieces, type how many (10_)") })
        let taken = try rules.state(
            [rules.down(0, 1, 0.5, 0.25), key(1.5, "n"), key(1.6, "1"), key(1.7, "0"), key(1.8, "return")], at: 2, config: config)
        #expect(taken.scaleMode == .count(pieceGrams: 25.0 / 10))
        let document = try rules.document(taken)
        #expect(sample(document)?["typed"] is NSNull && sample(document)?["sample_pieces"] as? Double == 10)
        let contacts = try #require(document["contacts"] as? [[String: Any]])
        #expect(contacts.first?["pieces"] as? Double == 10)
        #expect(taken.visibleNotice?.text == "1 piece 2.5 g, from a sample of 10")
    }

    /// Escape cancels the sample (and does not quit); nothing weighed gives
    /// a notice and the sample stays asked for; outside counting, `n` says why.
    @Test func escapeNothingWeighedAndOutsideCounting() throws {
        let config = try TestPanel.config(counting)
        let cancelled = try rules.state([key(0.5, "n"), key(0.6, "5"), key(0.7, "escape")], at: 1, config: config)
        #expect(cancelled.running && cancelled.functions.countSample == nil && cancelled.scaleMode == .count(pieceGrams: 1))
        let empty = try rules.state([key(0.5, "n"), key(0.6, "5"), key(0.7, "return")], at: 1, config: config)
        #expect(
            empty.functions.countSample?.typed == "5" && empty.visibleNotice?.text == "Nothing weighed yet: place the 5 pieces, then Enter."
        )
        let weighing = try rules.state([key(0.5, "n")], at: 1, config: TestPanel.config())
        #expect(weighing.functions.countSample == nil && weighing.visibleNotice?.text == "Counting by sample: choose counting first (m).")
    }

    /// A sample of 1 piece of 2 g counts 19 to ±1 (d = 0.1 g): 50 g, 25
    /// pieces, is beyond it, and the footer says to take a larger sample.
    @Test func aLightSampleIsWarnedOf() throws {
        let config = try TestPanel.config(counting)
        let lines = [
            rules.down(0, 1, 0.3, 0.02), key(1.5, "n"), key(1.6, "1"), key(1.7, "return"),
            rules.down(2, 2, 0.7, 0.48),
        ]
        let state = try rules.state(lines, at: 4, config: config)
        #expect(state.functions.samplePieces == 1 && state.scaleMode == .count(pieceGrams: 2))
        let footer = state.scene().texts(state.metrics).map(\.text).first { $0.hasPrefix("Counting · 1 piece") }
        #expect(footer?.contains("the sample of 1 is too light to count 25 to ±1: take a larger one") == true, "\(footer ?? "no footer")")
    }

    /// In a kiosk the sample is the operator's, as choosing the mode is.
    @Test func aPasserByCannotTakeASample() {
        var state = KioskGateTests.passerBy()
        state.perform(.sampleTapped)
        #expect(state.functions.countSample == nil)
    }
}
